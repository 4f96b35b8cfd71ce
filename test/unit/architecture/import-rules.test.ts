import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/*
 * The import graph of the production code (api, workers, shared), type-only imports included: a
 * cycle closed by a type import still ties the files' layers together. ESLint checks the layer
 * rules per import (.ci/eslint.config.mjs); this checks what a per-file rule cannot see.
 */

const ROOT = resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of sf.statements) {
    const spec = ts.isImportDeclaration(st) || (ts.isExportDeclaration(st) && st.moduleSpecifier) ? st.moduleSpecifier : undefined;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    const base = join(dirname(file), spec.text);
    const hit = [`${base}.ts`, join(base, 'index.ts')].find((c) => existsSync(join(ROOT, c)));
    if (hit) out.push(hit);
  }
  return out;
}

/** Strongly connected groups of more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const files = ['api', 'workers', 'shared'].flatMap(sources);
const graph = new Map(files.map((f) => [f, importsOf(f)]));

describe('import graph of api, workers and shared', () => {
  it('has no import cycle, type-only imports included', () => {
    expect(cycles(graph).map((g) => g.map((f) => relative('.', f)))).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
  });

  it('lets a platform folder import only platforms/core, infra, errors and its own files', () => {
    const wrong = files
      .filter((f) => /^shared\/platforms\/(?!core\/)[^/]+\//.test(f))
      .flatMap((f) => {
        const own = f.split('/').slice(0, 3).join('/') + '/';
        return graph.get(f)!.filter((d) => !d.startsWith(own) && !/^shared\/(platforms\/core|infra|errors)\//.test(d)).map((d) => `${f} -> ${d}`);
      });
    expect(wrong).toEqual([]);
  });
});
