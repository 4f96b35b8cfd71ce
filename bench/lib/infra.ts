/**
 * The bench's own PostgreSQL database and Redis key prefix: created fresh for the run, migrated with
 * the real migrations (compiled `api/migrate`), and removed at the end whatever happened.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import Redis from 'ioredis';
import { distPath, startNode, type Child } from './processes';

export interface BenchInfra {
  dbName: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Secrets for this run only (the gateway runs with NODE_ENV=production, which requires them). */
  jwtSecret: string;
  encryptionKeys: string;
}

const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function newInfra(): BenchInfra {
  const tag = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const dbName = `aag_bench_${tag}`;
  const url = new URL(PG_ADMIN);
  url.pathname = `/${dbName}`;
  return {
    dbName,
    databaseUrl: url.toString(),
    redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: `bench:${tag}`,
    jwtSecret: randomBytes(32).toString('hex'),
    encryptionKeys: `bench1:${randomBytes(32).toString('base64')}`,
  };
}

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Creates the database and applies every migration through the compiled `dist/api/migrate.js`. */
export async function createDatabase(infra: BenchInfra, env: Record<string, string>, logDir: string): Promise<void> {
  await admin((c) => c.query(`CREATE DATABASE "${infra.dbName}"`));
  const child: Child = startNode({ name: 'migrate', script: distPath('api', 'migrate.js'), env, logDir });
  const code = await new Promise<number | null>((r) => child.proc.once('exit', (c) => r(c)));
  if (code !== 0) throw new Error(`migrations failed (exit ${code}); see ${child.logFile}`);
}

/** A read-only look into the gateway's own tables (e.g. job timestamps), for decomposing latency. */
export async function queryBenchDb<T>(infra: BenchInfra, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: infra.databaseUrl });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/**
 * Server processes doing the gateway's storage work, for CPU accounting: the PostgreSQL backends
 * connected to the bench database (the pools are warm by the time this is called) and redis-server
 * (shared with anything else on the machine, so its figure is an upper bound).
 */
export async function storagePids(infra: BenchInfra): Promise<{ postgres: number[]; redis: number[] }> {
  const rows = await queryBenchDb<{ pid: number }>(infra, 'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [infra.dbName]);
  const redis = new Redis(infra.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  let redisPid: number[] = [];
  try {
    await redis.connect();
    const info = await redis.info('server');
    const pid = Number(/process_id:(\d+)/.exec(info)?.[1] ?? 0);
    redisPid = pid ? [pid] : [];
  } catch {
    // Redis elsewhere: no figure
  } finally {
    redis.disconnect();
  }
  return { postgres: rows.map((r) => r.pid), redis: redisPid };
}

export async function dropDatabase(infra: BenchInfra): Promise<void> {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${infra.dbName}" WITH (FORCE)`));
}

/** Deletes every key under the run's prefix (queues, limiter state, caches). */
export async function clearRedis(infra: BenchInfra): Promise<number> {
  const redis = new Redis(infra.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let removed = 0;
  try {
    // bottleneck names its keys `b_<limiter id>_…`, and the limiter ids start with the prefix.
    for (const pattern of [`${infra.redisPrefix}:*`, `b_${infra.redisPrefix}:*`]) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        if (keys.length) removed += await redis.unlink(...keys);
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
  return removed;
}
