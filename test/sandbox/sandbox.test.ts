import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');

/** Picks four free-ish ports above the usual ones so the test never clashes with a running sandbox. */
const basePort = 20000 + Math.floor(Math.random() * 20000);

describe('npm run sandbox', () => {
  let child: ChildProcess | undefined;
  let output = '';
  const dbName = `aag_sandbox_test_${randomBytes(4).toString('hex')}`;
  const admin = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    const pg = new Client({ connectionString: admin });
    await pg.connect();
    await pg.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await pg.end();
  });

  it('starts with one command and its printed walk-through works end to end', async () => {
    const db = new URL(admin);
    db.pathname = `/${dbName}`;
    child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'test/sandbox/sandbox.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(basePort),
        SIM_FACEBOOK_PORT: String(basePort + 1),
        SIM_TIKTOK_PORT: String(basePort + 2),
        SIM_GOOGLE_PORT: String(basePort + 3),
        DATABASE_URL: db.toString(),
        REDIS_PREFIX: `sbx-${randomBytes(4).toString('hex')}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`sandbox not ready in time:\n${output}`)), 60_000);
      const poll = setInterval(() => {
        if (output.includes('SANDBOX_READY')) {
          clearInterval(poll);
          clearTimeout(timer);
          resolve();
        }
        if (child!.exitCode !== null) {
          clearInterval(poll);
          clearTimeout(timer);
          reject(new Error(`sandbox exited:\n${output}`));
        }
      }, 100);
    });

    const base = `http://127.0.0.1:${basePort}`;
    expect(output).toContain(`Gateway      ${base}`);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);

    // Run exactly what the sandbox printed, as a user would paste it.
    const lines = output.split('\n');
    const from = lines.findIndex((l) => l.includes('export BASE='));
    const to = lines.findIndex((l) => l.startsWith('SANDBOX_READY'));
    const script = lines.slice(from, to).map((l) => l.replace(/^ {2}/, '')).join('\n');
    const { stdout } = await run('bash', ['-e', '-o', 'pipefail', '-c', script], { timeout: 60_000, maxBuffer: 10 * 1024 * 1024 });

    expect(stdout).toMatch(/\/healthz\?status=success&platform=tiktok&connectionId=[0-9a-f-]{36}/);
    expect(stdout).toContain('"page_info"');
    expect(stdout).toContain('"campaign_name"');
    expect(stdout).toContain('"gaqlQuery": "SELECT campaign.id, campaign.name, metrics.clicks FROM campaign');
    expect(stdout).toContain('"currencyCodes"');
    expect(stdout).toContain('"SELECT campaign.id, campaign.name, metrics.impressions FROM campaign WHERE segments.date DURING LAST_30_DAYS"');
    expect(stdout).toMatch(/"objective": "OUTCOME_TRAFFIC"|"id": "\d+"/);
    expect(stdout).not.toContain('"success": false');
    // The walk-through's connection and activation reach the sandbox's receiver, signed.
    for (let i = 0; i < 300 && !/\[webhook\] ad_account\.activated evt_\w+ signature ok/.test(output); i++) await new Promise((r) => setTimeout(r, 100));
    expect(output).toMatch(/\[webhook\] connection\.created evt_\w+ signature ok/);
    expect(output).toMatch(/\[webhook\] ad_account\.activated evt_\w+ signature ok/);
  }, 150_000);
});
