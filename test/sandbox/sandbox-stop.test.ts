/**
 * `npm run sandbox` as a newcomer runs it: the whole product (LinkedIn included) in its banner,
 * the printed walk-through's LinkedIn import followed by polling, and every way of stopping it —
 * `kill` of the pid the banner prints, Ctrl-C, and killing npm's own pid — ends every process it
 * started and frees every port it listened on.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  dropSandboxDatabase,
  dropSandboxKeys,
  everythingGone,
  killLeftovers,
  npmExit,
  portFree,
  sandboxDatabase,
  sandboxRedisPrefix,
  startSandbox,
  type RunningSandbox,
} from './harness';

const run = promisify(execFile);
const db = sandboxDatabase();
const redisPrefix = sandboxRedisPrefix();
let sandbox: RunningSandbox | undefined;

afterEach(() => killLeftovers(sandbox));
afterAll(async () => {
  await dropSandboxDatabase(db.name);
  await dropSandboxKeys(redisPrefix);
});

const portsInUse = async (s: RunningSandbox) => (await Promise.all(s.ports.all.map(async (p) => ((await portFree(p)) ? [] : [p])))).flat();

/** After a stop: npm has exited, no process of its group or the banner's pid is left, and every port is free. */
async function expectFullyStopped(s: RunningSandbox): Promise<void> {
  await npmExit(s);
  await everythingGone(s);
  expect(await portsInUse(s)).toEqual([]);
}

/** The printed walk-through, from `export BASE=` to the machine-readable line, as a user pastes it. */
function printedWalkthrough(output: string): string {
  const lines = output.split('\n');
  const from = lines.findIndex((l) => l.includes('export BASE='));
  const to = lines.findIndex((l) => l.startsWith('SANDBOX_READY'));
  return lines
    .slice(from, to)
    .map((l) => l.replace(/^ {2}/, ''))
    .join('\n');
}

describe('npm run sandbox, start to stop', () => {
  it('lists every simulator, runs the walk-through (LinkedIn import polled to the end, its entities), and stops on kill <printed pid>', async () => {
    sandbox = await startSandbox(db, redisPrefix);
    const s = sandbox;
    const out = s.output();
    expect(out).toContain(`LinkedIn http://127.0.0.1:${s.ports.sims.linkedin}`);
    expect(out).toContain(`Meta http://127.0.0.1:${s.ports.sims.facebook}`);
    // The pid the banner prints is the process that holds the ports, not npm's.
    expect(s.bannerPid).toBe(s.ready.pid);
    expect(s.bannerPid).not.toBe(s.npm.pid);
    expect(await portsInUse(s)).toEqual(s.ports.all);

    // The demo tenant has a LinkedIn app (without one, the walk-through's LinkedIn step is a 409 PLATFORM_APP_NOT_CONFIGURED).
    const app = await fetch(`${s.ready.baseUrl}/api/v1/tenant/apps/linkedin`, { headers: { 'x-api-key': s.ready.apiKey } });
    expect(app.status).toBe(200);
    expect(JSON.stringify(await app.json())).toContain('sim-linkedin-app');

    const { stdout } = await run('bash', ['-e', '-o', 'pipefail', '-c', printedWalkthrough(out)], { timeout: 120_000, maxBuffer: 10 * 1024 * 1024 });
    expect(stdout).not.toContain('"success": false');
    // Polled: one line per look at the job, the last one completed with its progress per level.
    const polls = stdout.split('\n').filter((l) => l.startsWith('{"state":'));
    expect(polls.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(polls.at(-1)!)).toMatchObject({ state: 'completed', progress: expect.objectContaining({}) });
    expect(JSON.stringify(JSON.parse(polls.at(-1)!).progress)).toMatch(/campaign/i);
    expect(stdout).toMatch(/"state": "completed",\s+"result": \{[^]*?"counts": \{\s+"campaign": \d+/);
    expect(stdout).toMatch(/"level": "\w+",\s+"platformId": "\d+"/);
    expect(stdout).toMatch(/"nextCursor": "[^"]+"/);

    process.kill(s.bannerPid, 'SIGTERM');
    await expectFullyStopped(s);
    expect(s.output()).toContain('SIGTERM: stopping the sandbox');
  }, 300_000);

  it('stops on Ctrl-C (SIGINT to the terminal’s whole foreground group)', async () => {
    sandbox = await startSandbox(db, redisPrefix);
    process.kill(-sandbox.npm.pid!, 'SIGINT');
    await expectFullyStopped(sandbox);
    expect(sandbox.output()).toContain('SIGINT: stopping the sandbox');
  }, 180_000);

  it("stops when npm's own pid is killed (its shell ends without telling the sandbox)", async () => {
    sandbox = await startSandbox(db, redisPrefix);
    process.kill(sandbox.npm.pid!, 'SIGTERM');
    await expectFullyStopped(sandbox);
  }, 180_000);
});
