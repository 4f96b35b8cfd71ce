import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const SCANNED = ['api', 'workers', 'shared', 'test', 'docs', 'bench', 'scripts', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', '.logs', '.artifacts']);
const TEXT = /\.(ts|mts|mjs|js|md|json|ya?ml|html|css|sh)$/;

/**
 * Documents that live outside the repository. A clone has none of them, so the code cites
 * `docs/` instead (`docs/platforms/<platform>.md §n`, `docs/api-conventions.md §n`). Imports of the
 * repository's own `shared/` folder are not matched: only the outside documents' names are.
 */
// Spelled from parts, so this file does not itself read as a citation of them.
const md = (name: string): [string, RegExp] => [`${name}.md`, new RegExp(`\\b${name}\\.md\\b`)];
const OUTSIDE: Array<[string, RegExp]> = [
  md('API'),
  md('ARCHITECTURE'),
  md('SERVICES'),
  md('CONTRACTS'),
  [['facts', '§n'].join(' '), new RegExp(['\\bfacts', '§'].join(' '), 'i')],
  ['the outside shared folder', /\/work\/shared|\.\.\/shared\/(?:[A-Z]+\.md|platforms\/[a-z]+\.md)|\bshared\/platforms\/[a-z]+\.md/],
];

function files(rel: string): string[] {
  if (!statSync(path.join(root, rel)).isDirectory()) return TEXT.test(rel) ? [rel] : [];
  return readdirSync(path.join(root, rel), { withFileTypes: true })
    .filter((e) => !SKIPPED_DIRS.has(e.name) && !e.isSymbolicLink())
    .flatMap((e) => files(path.join(rel, e.name)));
}

describe('the repository stands on its own', () => {
  it('no file cites a document that lives outside the repository', () => {
    const self = path.relative(root, __filename);
    const scanned = SCANNED.flatMap(files).filter((f) => f !== self);
    expect(scanned.length).toBeGreaterThan(100);
    const hits: string[] = [];
    for (const f of scanned) {
      readFileSync(path.join(root, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [name, re] of OUTSIDE) if (re.test(line)) hits.push(`${f}:${i + 1} cites ${name}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(hits).toEqual([]);
  });
});
