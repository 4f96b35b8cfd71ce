import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { http, startWorld, type World } from '../world';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

interface Problem {
  tool: string;
  rule: string;
  severity: string;
  message: string;
  where: string;
}

/** Both CLIs exit non-zero on findings; their JSON output is the answer either way. */
async function cli(file: string, args: string[]): Promise<string> {
  try {
    return (await run(file, args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } })).stdout;
  } catch (e) {
    const out = (e as { stdout?: string }).stdout;
    if (out) return out;
    throw e;
  }
}

async function redocly(doc: string): Promise<Problem[]> {
  const out = JSON.parse(await cli(bin('redocly'), ['lint', doc, '--config', 'redocly.yaml', '--format', 'json'])) as {
    problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
  };
  return out.problems.map((p) => ({ tool: 'redocly', rule: p.ruleId, severity: p.severity, message: p.message, where: p.location[0]?.pointer ?? '' }));
}

async function spectral(doc: string): Promise<Problem[]> {
  const out = JSON.parse(await cli(bin('spectral'), ['lint', doc, '--ruleset', '.spectral.yaml', '--format', 'json', '--fail-severity', 'hint', '--quiet'])) as {
    code: string;
    severity: number;
    message: string;
    path: string[];
  }[];
  const level = ['error', 'warning', 'info', 'hint'];
  return out.map((p) => ({ tool: 'spectral', rule: p.code, severity: level[p.severity] ?? String(p.severity), message: p.message, where: p.path.join('.') }));
}

const lint = async (doc: string) => [...(await redocly(doc)), ...(await spectral(doc))];

describe('The served OpenAPI document under Redocly (recommended) and Spectral (spectral:oas)', () => {
  let w: World;
  let dir: string;
  let served: Record<string, any>;
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false });
    dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
    const r = await http(w.app.url, 'GET', '/api/v1/openapi.json');
    expect(r.status).toBe(200);
    served = r.body;
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await w?.close();
  });

  it('has no errors and no warnings from either linter', async () => {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(served));
    expect(await lint(file)).toEqual([]);
  }, 300_000);

  it('reports an example that contradicts its schema (the examples are really checked)', async () => {
    const broken = structuredClone(served);
    const media = broken.paths['/healthz'].get.responses['200'].content['application/json'];
    media.example = { ...media.example, data: { status: 42 } };
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify(broken));
    const problems = await lint(file);
    expect(problems.filter((p) => p.tool === 'redocly').map((p) => p.rule)).toContain('no-invalid-media-type-examples');
    expect(problems.filter((p) => p.tool === 'spectral').map((p) => p.rule)).toContain('oas3-valid-media-example');
  }, 300_000);
});
