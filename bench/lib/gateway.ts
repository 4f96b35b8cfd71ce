/**
 * The gateway as it runs in production: compiled `dist/`, api and worker as separate processes
 * (ROLE=api / ROLE=worker), sharing the bench's database and Redis prefix.
 */
import { WORKER_NODE_FLAGS } from '../../workers/node-flags';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import type { BenchInfra } from './infra';
import { distPath, freePort, startNode, waitUntil, type Child } from './processes';

export type SimUrls = Partial<Record<'facebook' | 'tiktok' | 'google' | 'linkedin', string>>;

/** Environment every gateway child gets; scenarios add their own knobs on top. */
export function gatewayEnv(infra: BenchInfra, sims: SimUrls): Record<string, string> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    REDIS_PREFIX: infra.redisPrefix,
    JWT_SECRET: infra.jwtSecret,
    ENCRYPTION_KEYS: infra.encryptionKeys,
    MIGRATE_ON_START: 'false',
    HOST: '127.0.0.1',
    // The inbound per-tenant limit would cap every scenario at 600 req/min: it still runs (one Redis
    // round trip per request, as in production), only with a ceiling the load never reaches.
    RATE_LIMIT_PER_MINUTE: '100000000',
    ACCESS_TOKEN_TTL_SECONDS: '7200',
    SHUTDOWN_TIMEOUT_MS: '3000',
  };
  if (sims.facebook) Object.assign(env, { FACEBOOK_GRAPH_URL: sims.facebook, FACEBOOK_DIALOG_URL: sims.facebook });
  if (sims.tiktok) Object.assign(env, { TIKTOK_API_URL: sims.tiktok, TIKTOK_AUTH_URL: sims.tiktok });
  if (sims.google) {
    Object.assign(env, { GOOGLE_ADS_URL: sims.google, GOOGLE_OAUTH_URL: sims.google, GOOGLE_TOKEN_URL: sims.google, GOOGLE_ADS_API_VERSION: 'v23' });
  }
  if (sims.linkedin) Object.assign(env, { LINKEDIN_API_URL: sims.linkedin, LINKEDIN_OAUTH_URL: sims.linkedin });
  return env;
}

export interface ApiProcess {
  url: string;
  child: Child;
}

export interface StartOptions {
  name: string;
  env: Record<string, string>;
  logDir: string;
  cpuProfDir?: string;
}

export async function startApi(o: StartOptions): Promise<ApiProcess> {
  const port = await freePort();
  const child = startNode({
    name: o.name,
    script: distPath('api', 'main.js'),
    env: { ...o.env, ROLE: 'api', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    logDir: o.logDir,
    cpuProfDir: o.cpuProfDir,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(child, 'GET /readyz 200', async () => (await fetch(`${url}/readyz`)).status === 200);
  return { url, child };
}

/** Starts a worker process and waits until it has registered on the writes queue. */
export async function startWorker(o: StartOptions & { expectWorkers?: number }): Promise<Child> {
  // BENCH_WORKER_NODE_OPTIONS tries V8 settings on workers only (e.g. heap limits for the import's RSS).
  const nodeOptions: Record<string, string> = process.env.BENCH_WORKER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_WORKER_NODE_OPTIONS } : {};
  const child = startNode({
    name: o.name,
    script: distPath('workers', 'main.js'),
    nodeFlags: WORKER_NODE_FLAGS,
    // Port 0: each worker's ops port is its own (two workers on the default port: the second cannot start).
    env: { WORKER_HTTP_PORT: '0', ...o.env, ...nodeOptions, ROLE: 'worker' },
    logDir: o.logDir,
    cpuProfDir: o.cpuProfDir,
  });
  const connection = new Redis(o.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const queue = new Queue('platform-writes', { connection, prefix: `${o.env.REDIS_PREFIX}:bull` });
  try {
    await waitUntil(child, 'worker registered on platform-writes', async () => (await queue.getWorkersCount()) >= (o.expectWorkers ?? 1));
  } finally {
    await queue.close();
    connection.disconnect();
  }
  return child;
}
