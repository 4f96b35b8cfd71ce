import { startWorkers, type WorkerPool } from '../../workers/worker-pool';
import { http, startWorld, type World } from '../world';
import { testJobRoutes, testWriteOps, until } from './support/jobs-fixture';
import { completions } from './support/test-write-ops';

const ACCOUNT = '7000000000000000013';

describe('several workers on one queue', () => {
  let w: World<'tiktok'>;
  let second: WorkerPool;

  beforeAll(async () => {
    w = await startWorld({ platform: 'tiktok', workers: true, env: { WRITE_WORKER_CONCURRENCY: '3' }, app: { extraRoutes: testJobRoutes }, writeOperations: testWriteOps });
    await w.connect('tiktok', { adAccountId: ACCOUNT, via: 'token' });
    // A second, independent worker pool (own Redis connections and BullMQ workers) on the same queues.
    second = startWorkers(w.app.services);
  });
  afterAll(async () => {
    await second.close(5000);
    await w.close();
  });

  it('share the jobs, and no job runs twice to completion', async () => {
    const ran = { first: 0, second: 0 };
    // Only the write queue: other queues (webhook fan-out) complete jobs of their own meanwhile.
    const writers = (pool: WorkerPool) => pool.workers.filter((wk) => wk.name === 'platform-writes');
    writers(w.app.workers!).forEach((wk) => wk.on('completed', () => ran.first++));
    writers(second).forEach((wk) => wk.on('completed', () => ran.second++));
    const names = Array.from({ length: 40 }, (_, i) => `Shared ${Date.now()} #${i}`);
    const accepted = await Promise.all(
      names.map((name) =>
        http(w.app.url, 'POST', '/api/v1/test-jobs/tiktok/campaigns', { headers: { ...w.user.headers, prefer: 'respond-async' }, body: { adAccountId: ACCOUNT, name } }),
      ),
    );
    const ids = accepted.map((r) => r.body.data.jobId as string);
    await until(async () => {
      const rows = (await w.app.infra.orm.em
        .getConnection()
        .execute(`select count(*)::int as n from jobs where id = any(?::uuid[]) and state = 'completed'`, [`{${ids.join(',')}}`])) as { n: number }[];
      return rows[0]!.n === ids.length;
    }, 30_000);
    // A job's row turns completed inside the processor; BullMQ emits 'completed' only after it has moved the
    // job to its finished set, so the events are waited for too.
    // Once nothing is left to run, no further completion can arrive, so the count below is final.
    const queue = w.app.infra.queues.queue('platform-writes');
    await until(async () => {
      const left = await queue.getJobCounts('active', 'wait', 'prioritized', 'delayed');
      return ran.first + ran.second >= ids.length && Object.values(left).every((n) => n === 0);
    }, 15_000);
    expect(ids.map((id) => completions.get(id))).toEqual(ids.map(() => 1));
    expect(ran.first).toBeGreaterThan(0);
    expect(ran.second).toBeGreaterThan(0);
    expect(ran.first + ran.second).toBe(40);
    for (const name of names) expect([...w.sim.raw.state.campaigns.byId.values()].filter((c) => c.name === name)).toHaveLength(1);
  }, 60_000);
});
