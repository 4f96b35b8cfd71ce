import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Keeps the benchmark harness working: `bench --quick --scenario read` for a couple of seconds, as a
 * child process, then checks the JSON it wrote. Not a performance assertion, only that the harness
 * starts everything, measures real successful requests and cleans up.
 */
const ROOT = path.resolve(__dirname, '..', '..');

function runBench(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [require.resolve('tsx/cli'), 'bench/run.ts', ...args], { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run bench -- --quick --scenario read', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-smoke-'));
  const out = path.join(dir, 'latest.json');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a result file with the machine, the commit and non-zero req/s for the gateway and the baseline', async () => {
    const { code, output } = await runBench(['--quick', '--scenario', 'read', '--duration', '1.5', '--out', out]);
    expect({ code, tail: code === 0 ? '' : output.slice(-3000) }).toEqual({ code: 0, tail: '' });
    expect(output).toMatch(/\| read\s+\| baseline proxy/);

    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(json).toMatchObject({
      mode: 'quick',
      repeats: 1,
      node: process.version,
      machine: { os: expect.any(String), cpus: expect.any(Number), memoryBytes: expect.any(Number) },
      git: { commit: expect.stringMatching(/^([0-9a-f]{40}|unknown)$/) },
    });
    expect(json.scenarios.map((s: { id: string }) => s.id)).toEqual(['read']);
    const read = json.scenarios[0];
    expect(read.status).toBe('ok');
    const rps = Object.fromEntries(read.rows.map((r: { label: string; rps: number }) => [r.label.startsWith('baseline') ? 'baseline' : 'gateway', r.rps]));
    expect(rps.baseline).toBeGreaterThan(0);
    expect(rps.gateway).toBeGreaterThan(0);
    expect(read.targets.map((t: { name: string }) => t.name)).toEqual(['gateway req/s vs baseline', 'api CPU per request vs the proxy', 'gateway p99 vs baseline']);
    // 13 s on an idle machine, over 100 s beside the rest of the suite: the budget is for the latter.
  }, 400_000);
});
