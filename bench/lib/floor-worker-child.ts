/**
 * The queue floor's worker process (see queue-floor.ts): a BullMQ worker with the gateway's write
 * concurrency; per job one create at the simulator, one update of the job row, one publish of the
 * outcome to the waiting process. Reports "ready" over IPC.
 */
import { Worker } from 'bullmq';
import Redis from 'ioredis';
import { Pool as PgPool } from 'pg';
import { Pool } from 'undici';
import { FLOOR_QUEUE, type FloorEnv } from './queue-floor';

type FloorJob = { jobId: string; account: string; params: { adAccountId: string } & Record<string, unknown>; notify: string };

async function main(): Promise<void> {
  const env = process.env as unknown as FloorEnv;
  const db = new PgPool({ connectionString: env.DATABASE_URL, max: 10 });
  const sim = new Pool(env.FLOOR_SIM_URL!, { connections: 64 });
  const publisher = new Redis(env.REDIS_URL);
  const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const worker = new Worker<FloorJob>(
    FLOOR_QUEUE,
    async (job) => {
      const { jobId, account, params, notify } = job.data;
      const { adAccountId: _, ...fields } = params;
      const r = await sim.request({
        method: 'POST',
        path: `/${env.FLOOR_GRAPH_VERSION}/act_${account}/campaigns`,
        headers: { authorization: `Bearer ${env.FLOOR_SIM_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, objective: 'OUTCOME_TRAFFIC' }),
      });
      const result = (await r.body.json()) as unknown;
      if (r.statusCode !== 200) throw new Error(`simulator create: ${r.statusCode} ${JSON.stringify(result).slice(0, 200)}`);
      await db.query("update bench_floor_jobs set state = 'completed', result = $2, finished_at = now() where id = $1", [jobId, JSON.stringify(result)]);
      await publisher.publish(notify, JSON.stringify({ jobId, result }));
      return result;
    },
    { connection, prefix: `${env.FLOOR_PREFIX}:bull`, concurrency: Number(env.FLOOR_CONCURRENCY ?? 50) },
  );
  worker.on('error', (err) => process.stderr.write(`floor worker: ${err.message}\n`));
  await worker.waitUntilReady();
  process.send?.({ ready: true });
  const stop = async () => {
    await Promise.allSettled([worker.close(), db.end(), sim.close(), publisher.quit()]);
    connection.disconnect();
    process.exit(0);
  };
  process.on('disconnect', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`floor worker: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
