import type { PrivateRedis } from '../helpers/private-services';
import { ACCOUNTS } from '../simulators/facebook';
import { http, startWorld, type TestApp, type World } from '../world';
import { startWorkers, type WorkerPool } from '../../workers/worker-pool';
import { until } from './support/jobs-fixture';

const A1 = ACCOUNTS.alice[0];

/**
 * Jobs survive a Redis that restarts without persistence: the job rows in PostgreSQL are the truth,
 * and the worker's reconciler puts back on the queue what Redis forgot. Runs against a redis-server
 * and a database of its own (the reconciler scans every job row of its database).
 */
describe('job reconciler: queued jobs survive a Redis restart without persistence', () => {
  let w: World<'facebook'>;
  let redis: PrivateRedis;
  let app: TestApp;
  let alice: Record<string, string>;
  const pools: WorkerPool[] = [];

  beforeAll(async () => {
    // A redis-server and a database of its own: the test stops Redis, and the reconciler scans every job row of its database.
    w = await startWorld({ platform: 'facebook', ownRedis: true, ownDatabase: 'reconcile', env: { RATE_LIMIT_PER_MINUTE: '100000', HTTP_MAX_RETRIES: '1' } });
    await w.connect('facebook', { adAccountId: `act_${A1}` });
    app = w.app;
    redis = w.redis!;
    alice = w.user.headers;
  }, 60_000);
  afterAll(async () => {
    for (const p of pools) await p.close(2000);
    await w?.close();
  });

  /** Campaigns at the simulator named exactly `name`. */
  const campaignsNamed = (name: string) => [...w.sim.raw.state.store.nodes.values()].filter((n) => (n.data as { name?: string }).name === name);
  const createAsync = (name: string) =>
    http(app.url, 'POST', '/api/v1/facebook/campaigns/traffic', {
      headers: { ...alice, prefer: 'respond-async' },
      body: { adAccountId: `act_${A1}`, name, status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false },
    });
  const poll = (pollUrl: string) => http(app.url, 'GET', pollUrl, { headers: alice });
  const allFinished = (urls: string[]) =>
    until(async () => {
      const views = await Promise.all(urls.map(async (u) => (await poll(u)).body.data));
      return views.every((v) => v.state === 'completed' || v.state === 'failed') ? views : undefined;
    }, 60_000, 250);

  it('10 writes accepted while no worker runs, Redis shut down without saving and restarted: a worker started afterwards completes all 10, each campaign created once', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `Lost ${Date.now()} ${i}`);
    const accepted = await Promise.all(names.map(createAsync));
    expect(accepted.map((r) => r.status)).toEqual(Array(10).fill(202));
    const queue = app.infra.queues.queue('platform-writes');
    expect(await queue.count()).toBe(10);

    await redis.restart();
    expect(await until(async () => (await queue.count().catch(() => -1)) === 0 || undefined)).toBe(true);

    const pool = startWorkers(app.services, { queues: ['platform-writes'], reconcileEveryMs: 0 });
    pools.push(pool);
    const views = await allFinished(accepted.map((r) => r.body.data.pollUrl));
    expect(views.map((v) => v.state)).toEqual(Array(10).fill('completed'));
    expect(names.map((n) => campaignsNamed(n).length)).toEqual(Array(10).fill(1));
    expect(views.map((v) => v.result.id).sort()).toEqual(names.map((n) => campaignsNamed(n)[0]!.id).sort());
    await pool.close(2000);
  }, 90_000);

  it('writes waiting in a rate-limit delay when Redis restarts are re-enqueued by the running worker and complete once', async () => {
    const pool = startWorkers(app.services, { queues: ['platform-writes'], reconcileEveryMs: 0 });
    pools.push(pool);
    await Promise.all(pool.workers.map((w) => w.waitUntilReady()));
    // Meta said "wait" for this account (longer than a write may wait in the limiter): jobs are delayed.
    for (const key of [A1, `act_${A1}`]) await app.services.limiter.pause('facebook', 'account', key, 8_000, 'test: platform limit');
    const names = Array.from({ length: 3 }, (_, i) => `Delayed ${Date.now()} ${i}`);
    const accepted = await Promise.all(names.map(createAsync));
    expect(accepted.map((r) => r.status)).toEqual(Array(3).fill(202));
    const queue = app.infra.queues.queue('platform-writes');
    const ids = accepted.map((r) => r.body.data.jobId as string);
    await until(async () => (await Promise.all(ids.map((id) => queue.getJobState(id)))).every((s) => s === 'delayed') || undefined, 20_000);

    await redis.restart();
    const views = await allFinished(accepted.map((r) => r.body.data.pollUrl));
    expect(views.map((v) => v.state)).toEqual(Array(3).fill('completed'));
    expect(names.map((n) => campaignsNamed(n).length)).toEqual(Array(3).fill(1));
    await pool.close(2000);
  }, 90_000);
});
