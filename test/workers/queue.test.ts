import { QueueEvents } from 'bullmq';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { pingJob } from '../../shared/queues/jobs';
import { createBullRedis } from '../../shared/infra/redis';

describe('queues and workers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ workers: true });
  });
  afterAll(() => app.close());

  it('a job enqueued on a real queue is completed by a real worker', async () => {
    const conn = createBullRedis(app.config.REDIS_URL);
    const events = new QueueEvents('maintenance', { connection: conn, prefix: app.infra.queues.prefix });
    try {
      await events.waitUntilReady();
      const job = await app.infra.queues.enqueue(pingJob, { echo: 'hello' });
      const result = await job.waitUntilFinished(events, 10_000);
      expect(result).toEqual({ echo: 'hello', pid: process.pid });
    } finally {
      await events.close();
      await conn.quit();
    }
  });

  it('refuses a payload that does not match the job schema before it leaves the process', async () => {
    await expect(app.infra.queues.enqueue(pingJob, { echo: 42 } as never)).rejects.toThrow();
  });
});
