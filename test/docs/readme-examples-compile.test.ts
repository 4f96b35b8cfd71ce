/**
 * The READMEs' TypeScript examples type-check against the typed client as a reader's project would
 * (strict, the client imported from its sources as the README says), each with the examples it
 * goes on from. Running them (readme-examples.test.ts) proves their answers; this proves that a
 * wrong path, parameter or body shape is a compile error before anyone runs it.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { README_FILES, ROOT, readExamples, withPredecessors } from './readme-examples';
import { importClientFromSources } from './run-example';

const SCRATCH = path.join(ROOT, 'test/.artifacts', `readme-compile-${randomBytes(4).toString('hex')}`);
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
/** A reader's strict ESM project: top-level await, Node and DOM types (the client needs only fetch). */
const OPTIONS = ['--noEmit', '--strict', '--noUncheckedIndexedAccess', '--target', 'es2022', '--module', 'preserve', '--moduleResolution', 'bundler'];
const MORE = ['--lib', 'es2023,dom', '--types', 'node', '--skipLibCheck', '--esModuleInterop'];

describe('README TypeScript examples', () => {
  it('type-check, each with the examples it goes on from', async () => {
    const all = README_FILES.flatMap((f) => readExamples(f).examples);
    const ts = all.filter((e) => e.language === 'ts');
    expect(ts.length).toBeGreaterThanOrEqual(7);
    mkdirSync(SCRATCH, { recursive: true });
    // `export {}` makes each file a module of its own, so equal top-level names in two files do not clash.
    const files = ts.map((e) => {
      const file = path.join(SCRATCH, `${e.name}.mts`);
      writeFileSync(file, `${importClientFromSources(withPredecessors(e, all))}\nexport {};\n`);
      return file;
    });
    const result = await new Promise<{ code: number; out: string }>((resolve) =>
      execFile(process.execPath, [TSC, ...OPTIONS, ...MORE, ...files], { cwd: ROOT, timeout: 180_000 }, (err, stdout, stderr) =>
        resolve({ code: err ? 1 : 0, out: `${stdout}${stderr}`.split(SCRATCH).join('<example>') }),
      ),
    );
    expect(result).toEqual({ code: 0, out: '' });
  }, 200_000);
});
