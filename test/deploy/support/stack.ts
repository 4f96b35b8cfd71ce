import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { TestApp } from '../../helpers/test-app';
import { configureApps, createTenant, externalUserToken } from '../../helpers/identity';
import { connectAccount, type Sims } from '../../helpers/connections';

export const ROOT = path.resolve(__dirname, '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Production-mode secrets for the processes these tests start (throwaway values). */
export const PROD_SECRETS = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
  ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  METRICS_TOKEN: randomBytes(16).toString('hex'),
};

export interface Proc {
  name: string;
  proc: ChildProcess;
  output(): string;
  exited(): boolean;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * One gateway process: `entry` is run by node (a dist/ .js file) or through tsx's loader (a .ts
 * source). Its output is kept for failure messages.
 */
export function startProcess(name: string, entry: string, env: Record<string, string>, cwd = ROOT): Proc {
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const proc = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (b: Buffer) => {
    out += b.toString();
    if (out.length > 400_000) out = out.slice(-200_000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = () => proc.exitCode !== null || proc.signalCode !== null;
  return {
    name,
    proc,
    output: () => out,
    exited,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (exited()) return resolve(proc.exitCode);
        proc.once('exit', (code) => resolve(code));
        proc.kill(signal);
      }),
  };
}

/** Waits until `url` answers 200 (the process's /readyz), failing early if the process exits. */
export async function waitReady(p: Proc, url: string, timeoutMs = 180_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (p.exited()) throw new Error(`${p.name} exited (${p.proc.exitCode}):\n${p.output().slice(-4000)}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${p.name} not ready at ${url}:\n${p.output().slice(-4000)}`);
}

/** A tenant with its platform apps, one external user and that user's connected accounts, through the public API. */
export async function tenantWithAccounts(base: string, sims: Sims, accounts: { platform: 'facebook' | 'tiktok'; adAccountId: string }[]) {
  const app = { url: base } as TestApp;
  const t = await createTenant(app);
  await configureApps(app, t.apiKey);
  const token = await externalUserToken(app, t.apiKey, `ext-${randomBytes(3).toString('hex')}`);
  // The gateway runs in other processes, so the dialog helper (which reads the stored token in-process)
  // cannot be used: activate with a simulator token instead.
  for (const a of accounts) await connectAccount(app, sims, { platform: a.platform, token, adAccountId: a.adAccountId, via: 'token' });
  return { apiKey: t.apiKey, headers: { authorization: `Bearer ${token}` } };
}

/** Where the processes of a started stack find PostgreSQL, Redis (one node or a cluster) and Meta's simulator. */
export interface StackBase {
  databaseUrl: string;
  redis: { REDIS_URL: string } | { REDIS_CLUSTER_NODES: string };
  prefix: string;
  facebookUrl: string;
}

/** The environment every process of a multi-process test shares; `extra` tunes pacing and job timing. */
export function stackEnv(base: StackBase, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...PROD_SECRETS,
    DATABASE_URL: base.databaseUrl,
    ...base.redis,
    REDIS_PREFIX: base.prefix,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    MIGRATE_ON_START: 'false',
    FACEBOOK_GRAPH_URL: base.facebookUrl,
    FACEBOOK_DIALOG_URL: base.facebookUrl,
    RATE_LIMIT_PER_MINUTE: '100000',
    DB_POOL_MAX: '5',
    ...extra,
  };
}

export interface Stack {
  apis: Proc[];
  workers: Proc[];
  /** Each api process's base URL, in order. */
  bases: string[];
  /** Each worker's ops port (its /readyz and /metrics), in order. */
  workerPorts: number[];
}

/**
 * Starts `apis` api processes and one worker process per entry of `workers` (that worker's own
 * extra environment), each on a free port, and waits until every one is ready. Every process is
 * added to `procs` at once, so the caller's cleanup stops it even if another never gets ready.
 */
export async function startStack(
  env: Record<string, string>,
  shape: { apis: number; workers: Array<Record<string, string>>; namePrefix?: string },
  procs: Proc[],
  freePort: () => Promise<number>,
): Promise<Stack> {
  const n = shape.namePrefix ?? '';
  const apiPorts = await Promise.all(Array.from({ length: shape.apis }, () => freePort()));
  const workerPorts = await Promise.all(shape.workers.map(() => freePort()));
  const apis = apiPorts.map((port, i) =>
    startProcess(`${n}api${i + 1}`, 'api/main.ts', { ...env, ROLE: 'api', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
  );
  const workers = workerPorts.map((port, i) =>
    startProcess(`${n}worker${i + 1}`, 'workers/main.ts', { ...env, ROLE: 'worker', WORKER_HTTP_PORT: String(port), ...shape.workers[i] }),
  );
  procs.push(...apis, ...workers);
  const bases = apiPorts.map((p) => `http://127.0.0.1:${p}`);
  await Promise.all([
    ...apis.map((p, i) => waitReady(p, `${bases[i]}/readyz`)),
    ...workers.map((p, i) => waitReady(p, `http://127.0.0.1:${workerPorts[i]}/readyz`)),
  ]);
  return { apis, workers, bases, workerPorts };
}

/** The body of an async Meta traffic campaign create, as the multi-process tests send it. */
export function pausedCampaign(adAccountId: string, name: string) {
  return { adAccountId, name, status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false };
}
