import { QueueEvents } from 'bullmq';
import { startWorld, type World } from '../world';
import { pingJob } from '../../shared/queues/jobs';
import { createBullRedis } from '../../shared/infra/redis';

describe('queues and workers', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false, workers: true });
  });
  afterAll(() => w?.close());

  it('a job enqueued on a real queue is completed by a real worker', async () => {
    const conn = createBullRedis(w.app.config.REDIS_URL);
    const events = new QueueEvents('maintenance', { connection: conn, prefix: w.app.infra.queues.prefixFor('maintenance') });
    try {
      await events.waitUntilReady();
      const job = await w.app.infra.queues.enqueue(pingJob, { echo: 'hello' });
      const result = await job.waitUntilFinished(events, 10_000);
      expect(result).toEqual({ echo: 'hello', pid: process.pid });
    } finally {
      await events.close();
      await conn.quit();
    }
  });

  it('refuses a payload that does not match the job schema before it leaves the process', async () => {
    await expect(w.app.infra.queues.enqueue(pingJob, { echo: 42 } as never)).rejects.toThrow();
  });
});
