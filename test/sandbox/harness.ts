/**
 * Starts `npm run sandbox` the way a newcomer does (npm, the package script, no test settings), on a
 * block of free ports and a database of its own, and follows its output. For tests that drive the
 * sandbox as a whole: its README examples, and how it stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { SIM_PLATFORMS, type SimPlatform } from '../simulators';

const ROOT = path.resolve(__dirname, '..', '..');
const ADMIN_DB = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Every port the sandbox listens on: gateway, one per simulator, webhook receiver, mail catcher. */
const PORTS_USED = 3 + SIM_PLATFORMS.length;

export interface SandboxReady {
  baseUrl: string;
  apiKey: string;
  tenantId: string;
  pid: number;
  sims: Record<SimPlatform, string>;
}

export interface RunningSandbox {
  /** The `npm run sandbox` process, leader of its own process group (as a terminal's foreground job is). */
  npm: ChildProcess;
  ports: { gateway: number; sims: Record<SimPlatform, number>; webhook: number; smtp: number; all: number[] };
  output(): string;
  ready: SandboxReady;
  /** The pid the banner prints after "kill". */
  bannerPid: number;
}

export const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * A block of free ports above the usual ones (no clash with a running sandbox) and below the
 * kernel's ephemeral range, where outgoing connections of other processes would take them at random.
 */
async function freePortBlock(size: number): Promise<number> {
  for (;;) {
    const base = 10_000 + Math.floor(Math.random() * 20_000);
    const free = await Promise.all(Array.from({ length: size }, (_, i) => portFree(base + i)));
    if (free.every(Boolean)) return base;
  }
}

/** A database name for one test file's sandbox; `dropSandboxDatabase` removes it. */
export function sandboxDatabase(): { name: string; url: string } {
  const name = `aag_sandbox_test_${randomBytes(4).toString('hex')}`;
  const url = new URL(ADMIN_DB);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Removes the sandbox's keys (its own prefix only: the shared Redis is never flushed). */
export async function dropSandboxKeys(prefix: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) if (keys.length) await redis.unlink(...keys);
  } finally {
    redis.disconnect();
  }
}

export async function dropSandboxDatabase(name: string): Promise<void> {
  const pg = new Client({ connectionString: ADMIN_DB });
  await pg.connect();
  await pg.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await pg.end();
}

/** A newcomer's shell: none of the test run's own settings, only where the sandbox should listen and store. */
function newcomerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (/^(NODE_ENV|JWT_SECRET|ENCRYPTION_KEYS|SMTP_URL|PUBLIC_URL|MIGRATE_ON_START|ROLE|DATABASE_URL|REDIS_PREFIX|PORT|SIM_\w+|SANDBOX_\w+|JEST_\w+)$/.test(k)) delete env[k];
  return { ...env, LOG_LEVEL: 'warn', ...extra };
}

/** Resolves once `pred` holds for the output so far; rejects if the process exits first. */
export function waitOutput(s: { npm: ChildProcess; output(): string }, pred: (out: string) => boolean, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`not seen in time:\n${s.output()}`)), ms);
    const poll = setInterval(() => {
      if (pred(s.output())) done();
      else if (s.npm.exitCode !== null || s.npm.signalCode !== null) done(new Error(`sandbox exited:\n${s.output()}`));
    }, 100);
    const done = (err?: Error) => {
      clearInterval(poll);
      clearTimeout(timer);
      if (err) reject(err);
      else resolve();
    };
  });
}

/** A Redis key prefix for one test file's sandbox; `dropSandboxKeys` removes its keys. */
export const sandboxRedisPrefix = () => `sbx-test-${randomBytes(4).toString('hex')}`;

/** Starts `npm run sandbox`; with `logFile`, its output is also appended there as it comes (for shell steps that read it). */
export async function startSandbox(db: { url: string }, redisPrefix: string, logFile?: string): Promise<RunningSandbox> {
  const base = await freePortBlock(PORTS_USED);
  const sims = Object.fromEntries(SIM_PLATFORMS.map((p, i) => [p, base + 1 + i])) as Record<SimPlatform, number>;
  const webhook = base + 1 + SIM_PLATFORMS.length;
  const smtp = webhook + 1;
  const env = newcomerEnv({
    PORT: String(base),
    ...Object.fromEntries(SIM_PLATFORMS.map((p) => [`SIM_${p.toUpperCase()}_PORT`, String(sims[p])])),
    SANDBOX_WEBHOOK_PORT: String(webhook),
    SANDBOX_SMTP_PORT: String(smtp),
    DATABASE_URL: db.url,
    REDIS_PREFIX: redisPrefix,
  });
  let out = '';
  const npm = spawn('npm', ['run', '--silent', 'sandbox'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const take = (b: Buffer) => {
    out += b.toString();
    if (logFile) appendFileSync(logFile, b);
  };
  npm.stdout!.on('data', take);
  npm.stderr!.on('data', take);
  const partial = { npm, output: () => out };
  await waitOutput(partial, (o) => o.includes('SANDBOX_READY'), 120_000);
  const ready = JSON.parse(/SANDBOX_READY (\{.*\})/.exec(out)![1]!) as SandboxReady;
  const bannerPid = Number(/^ {2}Stop +Ctrl-C, or kill (\d+)/m.exec(out)?.[1]);
  return { ...partial, ready, bannerPid, ports: { gateway: base, sims, webhook, smtp, all: [base, ...Object.values(sims), webhook, smtp] } };
}

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether any process of the group `pgid` is left (npm's group: npm, its shell, the sandbox). */
export const groupAlive = (pgid: number) => alive(-pgid);

/** Resolves when `npm` has exited; rejects after `ms`. */
export function npmExit(s: RunningSandbox, ms = 60_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (s.npm.exitCode !== null || s.npm.signalCode !== null) return Promise.resolve({ code: s.npm.exitCode, signal: s.npm.signalCode });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run sandbox still running after ${ms} ms:\n${s.output()}`)), ms);
    s.npm.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

/** Waits (bounded) until nothing of the sandbox runs: the printed pid and every process of npm's group. */
export async function everythingGone(s: RunningSandbox, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (alive(s.bannerPid) || groupAlive(s.npm.pid!)) {
    if (Date.now() > until) throw new Error(`still running: pid ${s.bannerPid} ${alive(s.bannerPid) ? 'alive' : 'gone'}, group ${s.npm.pid}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Last resort for a failed test: ends whatever of this sandbox still runs. */
export function killLeftovers(s: RunningSandbox | undefined): void {
  if (!s) return;
  for (const target of [s.bannerPid, -s.npm.pid!]) {
    try {
      if (target && alive(target)) process.kill(target, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
