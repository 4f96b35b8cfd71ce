import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { expectHeading, launchBrowser, linkIn } from '../helpers/browser';
import { waitOutput as waitFor } from './harness';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');
const admin = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Ports the test gives the sandbox: the gateway, one per simulator, the webhook receiver, a second gateway. */
const PORTS_USED = 11;

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * A block of free ports above the usual ones (no clash with a running sandbox) and below the
 * kernel's ephemeral range, where outgoing connections of other processes would take them at random.
 */
async function freePortBlock(): Promise<number> {
  for (;;) {
    const base = 10_000 + Math.floor(Math.random() * 20_000);
    const free = await Promise.all(Array.from({ length: PORTS_USED }, (_, i) => portFree(base + i)));
    if (free.every(Boolean)) return base;
  }
}

/** The environment a newcomer on a production-like shell has: NODE_ENV=production, no secrets set. */
function newcomerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['JWT_SECRET', 'ENCRYPTION_KEYS', 'SMTP_URL', 'PUBLIC_URL', 'MIGRATE_ON_START', 'ROLE']) delete env[k];
  return { ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...extra };
}

function startSandbox(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'test/sandbox/sandbox.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  return { child, output: () => out };
}

const waitOutput = (s: { child: ChildProcess; output: () => string }, pred: (out: string) => boolean, ms: number) => waitFor({ npm: s.child, output: s.output }, pred, ms);

/** The body of the last mail the sandbox printed for `to`. */
const printedMail = (out: string, to: string) => {
  const at = out.lastIndexOf(`--- mail to ${to}:`);
  return at < 0 ? undefined : out.slice(at, out.indexOf('\n---\n', at));
};

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

describe('npm run sandbox', () => {
  let sandbox: ReturnType<typeof startSandbox> | undefined;
  let basePort: number;

  beforeAll(async () => {
    basePort = await freePortBlock();
  });
  const dbName = `aag_sandbox_test_${randomBytes(4).toString('hex')}`;

  afterAll(async () => {
    await stop(sandbox?.child);
    const pg = new Client({ connectionString: admin });
    await pg.connect();
    await pg.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await pg.end();
  });

  it("a newcomer's path under NODE_ENV=production: walk-through, invitation accepted, password reset", async () => {
    const db = new URL(admin);
    db.pathname = `/${dbName}`;
    sandbox = startSandbox(
      newcomerEnv({
        PORT: String(basePort),
        SIM_FACEBOOK_PORT: String(basePort + 1),
        SIM_TIKTOK_PORT: String(basePort + 2),
        SIM_GOOGLE_PORT: String(basePort + 3),
        SIM_LINKEDIN_PORT: String(basePort + 5),
        DATABASE_URL: db.toString(),
        SANDBOX_WEBHOOK_PORT: String(basePort + 4),
        REDIS_PREFIX: `sbx-${randomBytes(4).toString('hex')}`,
      }),
    );
    await waitOutput(sandbox, (o) => o.includes('SANDBOX_READY'), 90_000);
    const output = sandbox.output();
    const base = `http://127.0.0.1:${basePort}`;
    expect(output).toContain(`Gateway      ${base}`);
    expect(output).toContain('NODE_ENV=production: using the sandbox-only');
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    // The printed console login works as printed (a production sandbox on plain http: the cookie is Secure, curl-style clients keep it anyway).
    const consoleLogin = /Console: open (\S+)\/console in a browser and sign in as (\S+) with the password (\S+)/.exec(output);
    expect(consoleLogin?.[1]).toBe(base);
    const signIn = await fetch(`${base}/console/sign-in`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: consoleLogin![2]!, password: consoleLogin![3]!, next: '/console' }).toString() });
    expect({ status: signIn.status, location: signIn.headers.get('location') }).toEqual({ status: 303, location: '/console' });

    // The demo tenant takes the sandbox under both of its local names (the README's Connect example uses localhost).
    const { apiKey } = JSON.parse(/SANDBOX_READY (\{.*\})/.exec(output)![1]!) as { apiKey: string };
    for (const host of ['localhost', '127.0.0.1']) {
      const session = await fetch(`${base}/api/v1/connect/sessions`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ externalUserId: 'origin-check', platforms: ['tiktok'], returnUrl: `http://${host}:${basePort}/connection-result` }),
      });
      expect({ host, status: session.status }).toEqual({ host, status: 201 });
    }

    // Run exactly what the sandbox printed, as a user would paste it.
    const lines = output.split('\n');
    const from = lines.findIndex((l) => l.includes('export BASE='));
    const to = lines.findIndex((l) => l.startsWith('SANDBOX_READY'));
    const script = lines.slice(from, to).map((l) => l.replace(/^ {2}/, '')).join('\n');
    const { stdout } = await run('bash', ['-e', '-o', 'pipefail', '-c', script], { timeout: 60_000, maxBuffer: 10 * 1024 * 1024 });

    const landing = /(http:\S+\/connection-result\?status=success&platform=tiktok&connectionId=[0-9a-f-]{36})/.exec(stdout);
    expect(landing).not.toBeNull();
    expect(stdout).toContain('"page_info"');
    expect(stdout).toContain('"campaign_name"');
    expect(stdout).toContain('"gaqlQuery": "SELECT campaign.id, campaign.name, metrics.clicks FROM campaign');
    expect(stdout).toContain('"currencyCodes"');
    expect(stdout).toContain('"SELECT campaign.id, campaign.name, metrics.impressions FROM campaign WHERE segments.date DURING LAST_30_DAYS"');
    expect(stdout).toMatch(/"objective": "OUTCOME_TRAFFIC"|"id": "\d+"/);
    expect(stdout).not.toContain('"success": false');
    // The walk-through's connection and activation reach the sandbox's receiver, signed.
    await waitOutput(sandbox, (o) => /\[webhook\] ad_account\.activated evt_\w+ signature ok/.test(o), 30_000);
    expect(sandbox.output()).toMatch(/\[webhook\] connection\.created evt_\w+ signature ok/);
    const mate = /"email": "(teammate-\d+@sandbox\.local)"/.exec(stdout)?.[1];
    expect(mate).toBeDefined();

    const browser = await launchBrowser('sandbox');
    try {
      const page = await browser.newPage();
      // The OAuth landing is a page, not JSON.
      await page.goto(landing![1]!);
      await expectHeading(page, 'TikTok is connected');
      await browser.screenshot(page, 'connection-result');

      await waitOutput(sandbox, (o) => printedMail(o, mate!) !== undefined, 10_000);
      await page.goto(linkIn(printedMail(sandbox.output(), mate!)!, '/accept-invitation').toString());
      await page.getByLabel('Your name').fill('Team Mate');
      await page.getByLabel('Choose a password').fill('first-password-123');
      await page.getByLabel('Type it again').fill('first-password-123');
      await page.getByRole('button', { name: 'Create my account' }).click();
      await expectHeading(page, 'Welcome to Demo SaaS');

      const mailsBefore = sandbox.output().split(`--- mail to ${mate}:`).length;
      const forgot = await fetch(`${base}/api/v1/tenant/auth/password/forgot`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: mate }) });
      expect(forgot.status).toBe(200);
      await waitOutput(sandbox, (o) => o.split(`--- mail to ${mate}:`).length > mailsBefore, 10_000);
      await page.goto(linkIn(printedMail(sandbox.output(), mate!)!, '/reset-password').toString());
      await page.getByLabel('New password').fill('second-password-456');
      await page.getByLabel('Type it again').fill('second-password-456');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await expectHeading(page, 'Your password has been changed');
    } finally {
      await browser.close();
    }
    const login = (password: string) =>
      fetch(`${base}/api/v1/tenant/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: mate, password }) });
    expect((await login('second-password-456')).status).toBe(200);
    expect((await login('first-password-123')).status).toBe(401);
  }, 240_000);

  it('refuses settings it cannot honour with one clear message', async () => {
    const refused = startSandbox(newcomerEnv({ PORT: String(basePort + 10), ROLE: 'worker', MIGRATE_ON_START: 'false' }));
    const code = await new Promise<number | null>((r) => refused.child.once('exit', r));
    expect(code).toBe(1);
    expect(refused.output()).toContain('sandbox failed: the sandbox cannot start with these settings:');
    expect(refused.output()).toContain('ROLE=worker: the sandbox runs the api and the worker in one process; unset ROLE.');
    expect(refused.output()).toContain('MIGRATE_ON_START=false: the sandbox always applies its migrations');
    expect(refused.output()).not.toMatch(/\n\s+at /);
  }, 60_000);
});
