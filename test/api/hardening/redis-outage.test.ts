import type { PrivateRedis } from '../../helpers/private-services';
import { ACCOUNTS } from '../../simulators/facebook';
import { http, startWorld, type TestApp, type World } from '../../world';
import { startWorkers, type WorkerPool } from '../../../workers/worker-pool';
import { reconcileJobs } from '../../../workers/job-reconciler';
import { createRedis } from '../../../shared/infra/redis';
import { until } from '../../workers/support/jobs-fixture';

const A1 = ACCOUNTS.alice[0];

/**
 * The app's queues live on a redis-server of this test's own; stopping it is a Redis outage for
 * this app only. A write that cannot be queued answers 503 at once instead of hanging, and leaves
 * nothing behind that could still run: the retry with the same Idempotency-Key creates exactly once.
 */
describe('a Redis outage answers a write 503 SERVICE_UNAVAILABLE with Retry-After, and the retry creates once', () => {
  let w: World<'facebook'>;
  let redis: PrivateRedis;
  let app: TestApp;
  let pool: WorkerPool;
  let alice: Record<string, string>;

  beforeAll(async () => {
    // A redis-server and a database of its own: the test stops Redis, and the reconciler scans every job row of its database.
    w = await startWorld({ platform: 'facebook', ownRedis: true, ownDatabase: 'redis_outage', env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    await w.connect('facebook', { adAccountId: `act_${A1}` });
    app = w.app;
    redis = w.redis!;
    alice = w.user.headers;
    // The reconciler runs at start and again as soon as Redis is back: it must find nothing to re-add.
    pool = startWorkers(app.services, { queues: ['platform-writes'], reconcileEveryMs: 0 });
  }, 60_000);
  afterAll(async () => {
    await pool?.close(2000);
    await w?.close();
  });

  /** Campaigns at the simulator named exactly `name`. */
  const campaignsNamed = (name: string) => [...w.sim.raw.state.store.nodes.values()].filter((n) => (n.data as { name?: string }).name === name);
  const create = (name: string, key: string, async: boolean) =>
    http(app.url, 'POST', '/api/v1/facebook/campaigns/traffic', {
      headers: { ...alice, 'idempotency-key': key, ...(async ? { prefer: 'respond-async' } : {}) },
      body: { adAccountId: `act_${A1}`, name, status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false },
    });
  const queueClient = () => app.infra.queues.queue('platform-writes').client;

  it('async and sync creates answer 503 + Retry-After while Redis is down; the same requests afterwards each create one campaign', async () => {
    const stamp = Date.now();
    const asyncName = `Outage async ${stamp}`;
    const syncName = `Outage sync ${stamp}`;
    await redis.stop();
    let down: Awaited<ReturnType<typeof create>>[];
    try {
      down = await Promise.all([create(asyncName, `k-async-${stamp}`, true), create(syncName, `k-sync-${stamp}`, false)]);
    } finally {
      await redis.up();
    }
    for (const r of down) {
      expect({ status: r.status, code: r.body?.error?.code }).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    await until(async () => (await queueClient()).status === 'ready' || undefined, 30_000);

    const again = await Promise.all([create(asyncName, `k-async-${stamp}`, true), create(syncName, `k-sync-${stamp}`, false)]);
    expect(again.map((r) => r.status)).toEqual([202, 200]);
    await until(async () => {
      const v = (await http(app.url, 'GET', again[0]!.body.data.pollUrl, { headers: alice })).body.data;
      return v.state === 'completed' || v.state === 'failed' ? v : undefined;
    }, 60_000, 250);
    // Nothing the outage left behind is waiting to run a second create.
    const conn = createRedis(redis.url);
    try {
      expect((await reconcileJobs(app.services, conn)).requeued).toBe(0);
    } finally {
      conn.disconnect();
    }
    expect([campaignsNamed(asyncName).length, campaignsNamed(syncName).length]).toEqual([1, 1]);
  }, 120_000);

  it('a Redis that stops answering mid-request: the write answers 503 naming its job, which GET shows failed and never runs; the retry creates once', async () => {
    const name = `Frozen ${Date.now()}`;
    const key = `k-frozen-${Date.now()}`;
    redis.freeze();
    let down: Awaited<ReturnType<typeof create>>;
    try {
      down = await create(name, key, true);
    } finally {
      redis.thaw();
    }
    expect({ status: down.status, code: down.body?.error?.code }).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
    const jobId = down.body.jobId as string;
    expect(down.body.pollUrl).toBe(`/api/v1/jobs/${jobId}`);
    const view = (await http(app.url, 'GET', `/api/v1/jobs/${jobId}`, { headers: alice })).body.data;
    expect({ state: view.state, code: view.error?.code }).toEqual({ state: 'failed', code: 'SERVICE_UNAVAILABLE' });

    // The add that was cut off reaches Redis once it answers again; the worker refuses the failed job.
    const queue = app.infra.queues.queue('platform-writes');
    expect(await until(async () => (await queue.getJobState(jobId)) === 'failed' || undefined, 30_000)).toBe(true);

    const again = await create(name, key, false);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(campaignsNamed(name).map((c) => c.id)).toEqual([again.body.data.id]);
    expect((await http(app.url, 'GET', `/api/v1/jobs/${jobId}`, { headers: alice })).body.data.state).toBe('failed');
  }, 120_000);
});
