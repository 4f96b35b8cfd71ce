/**
 * The queue floor's HTTP process (see queue-floor.ts): Express 5, one insert, one BullMQ add, the
 * outcome from this process's own Redis channel. Reports its URL over IPC.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import express from 'express';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { DEFAULT_JOB_OPTIONS } from '../../shared/queues/definitions';
import { FLOOR_PATH, FLOOR_QUEUE, FLOOR_TABLE_SQL, type FloorEnv } from './queue-floor';

const WAIT_MS = 15_000;
const TENANT = randomUUID();

async function main(): Promise<void> {
  const env = process.env as unknown as FloorEnv;
  const db = new Pool({ connectionString: env.DATABASE_URL, max: 10 });
  await db.query(FLOOR_TABLE_SQL);
  const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(FLOOR_QUEUE, { connection, prefix: `${env.FLOOR_PREFIX}:bull`, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  const channel = `${env.FLOOR_PREFIX}:done:${randomUUID()}`;
  const waiting = new Map<string, (result: unknown) => void>();
  const sub = new Redis(env.REDIS_URL);
  sub.on('message', (_ch: string, msg: string) => {
    const m = JSON.parse(msg) as { jobId: string; result: unknown };
    waiting.get(m.jobId)?.(m.result);
  });
  await sub.subscribe(channel);

  const app = express();
  app.use(express.json());
  app.post(FLOOR_PATH, async (req, res) => {
    const body = req.body as { adAccountId: string } & Record<string, unknown>;
    const id = randomUUID();
    await db.query('insert into bench_floor_jobs (id, tenant_id, platform, operation, account, params, state) values ($1, $2, $3, $4, $5, $6, $7)', [
      id, TENANT, 'facebook', 'createCampaign', body.adAccountId, JSON.stringify(body), 'queued',
    ]);
    const outcome = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('timed out'));
      }, WAIT_MS);
      waiting.set(id, (r) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(r);
      });
    });
    await queue.add('write', { jobId: id, account: body.adAccountId, params: body, notify: channel }, { jobId: id });
    try {
      const data = await outcome;
      res.json({ success: true, message: 'Job completed', timestamp: new Date().toISOString(), statusCode: 200, data });
    } catch {
      res.status(504).json({ success: false, statusCode: 504 });
    }
  });
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  const stop = async () => {
    server.closeAllConnections();
    await Promise.allSettled([queue.close(), db.end(), sub.quit()]);
    connection.disconnect();
    process.exit(0);
  };
  process.on('disconnect', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`floor api: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
