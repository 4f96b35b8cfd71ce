/**
 * The queue floor of the `write` scenario: what a synchronous write must do at least, in the same
 * kind of processes as the gateway (an HTTP process and a worker process, compiled, separate OS
 * processes), with nothing else. The api inserts a job row, adds a BullMQ job carrying the
 * payload, and waits for the outcome on a Redis channel of its own; the worker makes the platform
 * call to the simulator, updates the row with the result and publishes the outcome on that channel
 * (the gateway's completion mechanism, `JobWaiter`). No auth, guard, limiter, validation, audit,
 * ordering or lease: the gateway's write costs are read as multiples of this.
 */
import type { BenchInfra } from './infra';
import { distPath, firstMessage, startNode, type Child } from './processes';

/** The floor's job rows: the columns a job must record to be listed and polled, with the index that lists them. */
export const FLOOR_TABLE_SQL = `create table if not exists bench_floor_jobs (
  id uuid primary key, tenant_id uuid not null, platform text not null, operation text not null,
  account text not null, params jsonb not null, state text not null, result jsonb,
  created_at timestamptz not null default now(), finished_at timestamptz);
  create index if not exists bench_floor_jobs_tenant on bench_floor_jobs (tenant_id, created_at desc)`;

export const FLOOR_QUEUE = 'floor-writes';
/** The route the floor api answers; its body is the gateway's create body. */
export const FLOOR_PATH = '/write';

/** What both floor processes read from their environment. */
export interface FloorEnv {
  DATABASE_URL: string;
  REDIS_URL: string;
  FLOOR_PREFIX: string;
  /** Worker only: the Meta simulator, a token for it, and the Graph version of the create path. */
  FLOOR_SIM_URL?: string;
  FLOOR_SIM_TOKEN?: string;
  FLOOR_GRAPH_VERSION?: string;
  FLOOR_CONCURRENCY?: string;
}

export interface QueueFloor {
  url: string;
  api: Child;
  worker: Child;
  stop(): Promise<void>;
}

export async function startQueueFloor(o: {
  infra: BenchInfra;
  prefix: string;
  simUrl: string;
  simToken: string;
  graphVersion: string;
  concurrency: number;
  logDir: string;
  cpuProfDir?: string;
  label: string;
}): Promise<QueueFloor> {
  const env: FloorEnv = { DATABASE_URL: o.infra.databaseUrl, REDIS_URL: o.infra.redisUrl, FLOOR_PREFIX: o.prefix };
  const api = startNode({ name: `${o.label}-api`, script: distPath('bench', 'lib', 'floor-api-child.js'), env: { ...env }, logDir: o.logDir, cpuProfDir: o.cpuProfDir, ipc: true });
  const { url } = await firstMessage<{ url: string }>(api);
  const worker = startNode({
    name: `${o.label}-worker`,
    script: distPath('bench', 'lib', 'floor-worker-child.js'),
    env: { ...env, FLOOR_SIM_URL: o.simUrl, FLOOR_SIM_TOKEN: o.simToken, FLOOR_GRAPH_VERSION: o.graphVersion, FLOOR_CONCURRENCY: String(o.concurrency) },
    logDir: o.logDir,
    cpuProfDir: o.cpuProfDir,
    ipc: true,
  });
  await firstMessage(worker);
  return { url, api, worker, stop: async () => void (await Promise.all([api.stop(), worker.stop()])) };
}
