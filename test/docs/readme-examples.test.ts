/**
 * Every shell and TypeScript example of README.md and clients/typescript/README.md runs against
 * one `npm run sandbox` this test starts, in README order; an example passes when it exits 0 and
 * every HTTP answer it received is below 400 (or one it shows on purpose, test/docs/readme-example-settings.ts).
 * The examples it does not run are listed there with the reason. At the end the sandbox is
 * stopped with `kill` of the pid its banner prints, and every port it held must be free.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { SIM_PLATFORMS, SIMULATORS } from '../simulators';
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
  type SandboxReady,
} from '../sandbox/harness';
import { NOT_RUN, SETTINGS, type ExampleSettings } from './readme-example-settings';
import { README_FILES, ROOT, readExamples, withPredecessors, type Example } from './readme-examples';
import { runExample, startExampleServer, type ExampleRun, type RunContext } from './run-example';

const SCRATCH = path.join(ROOT, 'test/.artifacts', `readme-examples-${randomBytes(4).toString('hex')}`);
const SANDBOX_LOG = path.join(SCRATCH, 'sandbox.log');
const db = sandboxDatabase();
const redisPrefix = sandboxRedisPrefix();
let sandbox: RunningSandbox;

const all: Example[] = README_FILES.flatMap((f) => readExamples(f).examples);
const runnable = all.filter((e) => !(e.name in NOT_RUN));

beforeAll(async () => {
  mkdirSync(SCRATCH, { recursive: true });
  writeFileSync(SANDBOX_LOG, '');
  sandbox = await startSandbox(db, redisPrefix, SANDBOX_LOG);
}, 180_000);

afterAll(async () => {
  killLeftovers(sandbox);
  await dropSandboxDatabase(db.name);
  await dropSandboxKeys(redisPrefix);
  rmSync(SCRATCH, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function call(base: string, method: string, p: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(base + p, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const json = (await res.json()) as { data?: Record<string, any> };
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json.data!;
}

/** A tenant of the example's own, set up as the sandbox sets up its demo tenant: every simulator's app, both local origins. */
async function ownTenant(ready: SandboxReady, name: string): Promise<string> {
  const email = `readme-${name}-${randomBytes(3).toString('hex')}@sandbox.local`;
  const { apiKey } = await call(ready.baseUrl, 'POST', '/api/v1/tenants', { email, password: 'readme-example-password', name: 'Readme', tenantName: `README ${name}` }, {});
  const key = { 'x-api-key': apiKey as string };
  for (const p of SIM_PLATFORMS) await call(ready.baseUrl, 'POST', `/api/v1/tenant/apps/${p}`, SIMULATORS[p].app, key);
  const port = new URL(ready.baseUrl).port;
  await call(ready.baseUrl, 'PATCH', '/api/v1/tenant', { settings: { allowedOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`] } }, key);
  return apiKey as string;
}

/** What the README says the reader already has: the user's ad accounts connected (a simulator token, then activation). */
async function connect(ready: SandboxReady, apiKey: string, connected: NonNullable<ExampleSettings['connected']>): Promise<void> {
  for (const [platform, adAccountId] of Object.entries(connected.accounts)) {
    const sim = await fetch(`${ready.sims[platform as keyof typeof ready.sims]}/__sim/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"user":"alice"}' });
    const { access_token: accessToken } = (await sim.json()) as { access_token: string };
    await call(ready.baseUrl, 'POST', `/api/v1/connections/${platform}/activate`, { adAccountId, accessToken }, { 'x-api-key': apiKey, 'x-external-user-id': connected.user });
  }
}

async function contextFor(example: Example): Promise<RunContext> {
  const settings = SETTINGS[example.name] ?? {};
  const apiKey = settings.tenant === 'own' ? await ownTenant(sandbox.ready, example.name) : sandbox.ready.apiKey;
  if (settings.connected) await connect(sandbox.ready, apiKey, settings.connected);
  const dir = path.join(SCRATCH, example.name);
  mkdirSync(dir, { recursive: true });
  return { ready: sandbox.ready, dir, env: { KEY: apiKey, GATEWAY_API_KEY: apiKey }, sandboxLog: SANDBOX_LOG, logFrom: statSync(SANDBOX_LOG).size };
}

/** Exit 0, at least one answer, and every answer below 400 unless the example shows that error on purpose. */
function expectSucceeded(example: Example, run: ExampleRun): void {
  const expected = SETTINGS[example.name]?.expectedErrors ?? [];
  const unexpected = run.answers.filter((a) => a.status >= 400 || a.status < 100).filter((a) => !expected.some((e) => e.status === a.status && e.path.test(a.path)));
  const where = `${example.file}:${example.line} (${example.name})`;
  expect({ where, exit: run.code, unexpected }).toEqual({ where, exit: 0, unexpected: [] });
  expect(run.answers.length).toBeGreaterThan(0);
  for (const e of expected) expect({ where, shown: run.answers.some((a) => a.status === e.status && e.path.test(a.path)), e: String(e.path) }).toMatchObject({ shown: true });
}

describe('README examples against npm run sandbox', () => {
  it.each(runnable.filter((e) => e.name !== 'webhook-receiver').map((e) => [`${e.file}: ${e.name}`, e] as const))('%s', async (_, example) => {
    const run = await runExample(example.name, example.language, withPredecessors(example, all), await contextFor(example));
    if (run.code !== 0) process.stderr.write(`${example.name}:\n${run.stdout}\n${run.stderr}\n`);
    expectSucceeded(example, run);
  }, 150_000);

  it('README.md: webhook-receiver verifies a signed delivery (204) and refuses a tampered one (400)', async () => {
    const example = all.find((e) => e.name === 'webhook-receiver')!;
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const ctx = await contextFor(example);
    const port = await freePort();
    const server = await startExampleServer(example.name, example.code, { ...ctx, env: { ...ctx.env, WEBHOOK_SECRET: secret }, usualPort: 4000, port });
    try {
      const body = JSON.stringify({ id: 'evt_readme', type: 'job.completed', createdAt: new Date().toISOString(), data: { id: 'job-1' } });
      const headers = (signature: string) => ({ 'content-type': 'application/json', 'webhook-id': 'evt_readme', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': signature });
      const signed = new Webhook(secret).sign('evt_readme', new Date(), body);
      expect((await fetch(`http://127.0.0.1:${port}/hooks`, { method: 'POST', headers: headers(signed), body })).status).toBe(204);
      expect((await fetch(`http://127.0.0.1:${port}/hooks`, { method: 'POST', headers: headers(signed), body: body.replace('job-1', 'job-2') })).status).toBe(400);
    } finally {
      const run = await server.stop();
      expect(run.stdout).toContain('job.completed evt_readme');
    }
  }, 120_000);

  it('stops with kill <the pid the banner prints>, leaving no process and no port behind', async () => {
    process.kill(sandbox.bannerPid, 'SIGTERM');
    await npmExit(sandbox);
    await everythingGone(sandbox);
    const held = (await Promise.all(sandbox.ports.all.map(async (p) => ((await portFree(p)) ? [] : [p])))).flat();
    expect(held).toEqual([]);
  }, 90_000);
});
