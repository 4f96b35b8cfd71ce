import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openApiDocument } from '../../api/openapi-document';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/**
 * `generate.ts --check` in its own process: openapi-typescript loads ES modules through require(),
 * which Node does and jest's module system does not.
 */
async function check(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const r = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['clients/typescript/scripts/generate.ts', '--check', ...args], { cwd: ROOT });
    return { code: 0, out: r.stdout };
  } catch (e) {
    // execFile's error for a non-zero exit carries the code and both outputs (made in Node's realm, not jest's: no instanceof).
    if (typeof e !== 'object' || e === null || !('code' in e) || typeof e.code !== 'number') throw e;
    const stdout = 'stdout' in e && typeof e.stdout === 'string' ? e.stdout : '';
    const stderr = 'stderr' in e && typeof e.stderr === 'string' ? e.stderr : '';
    return { code: e.code, out: stdout + stderr };
  }
}

describe('the TypeScript client’s generated types', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'client-types-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are what the generator makes of the current OpenAPI document (else: npm run client:generate)', async () => {
    const r = await check();
    expect(r).toEqual({ code: 0, out: expect.stringContaining('up to date') });
  }, 300_000);

  it('are reported stale, naming the file and line, once the contract changes', async () => {
    const doc = JSON.parse(JSON.stringify(openApiDocument()));
    delete doc.paths['/api/v1/jobs/{jobId}/entities'];
    doc.components.schemas.StandardErrorEnvelopeDto.properties.error.properties.code.enum.push('NEW_CODE');
    const file = path.join(dir, 'changed.json');
    writeFileSync(file, JSON.stringify(doc));
    const r = await check('--from', file);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/openapi\.ts is stale from line \d+/);
    expect(r.out).toMatch(/wire\.ts is stale from line \d+/);
    expect(r.out).toContain('npm run client:generate');
  }, 300_000);

  // That the app serves this very document: typescript-client.test.ts, through the client.
});
