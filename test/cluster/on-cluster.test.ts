import pino from 'pino';
import { http, startWorld, type TestApp, type World } from '../world';
import { eventually } from '../helpers/eventually';
import { PrivateRedisCluster } from '../helpers/private-cluster';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { guardedRoutes } from '../api/connections/guard-routes';
import { testJobRoutes, testWriteOps, until } from '../workers/support/jobs-fixture';
import { tenantWithEndpoint, verify, type Hooked } from '../api/webhooks/support';
import { configureApps, externalUserToken } from '../helpers/identity';
import { OutboundLimiter, type Grant, type LimitKey } from '../../shared/platforms/core/limiter';
import { createRedis, isCluster, parseClusterNodes, type RedisClient } from '../../shared/infra/redis';

const ACCOUNT = '7000000000000000011';
const WRITE = '/api/v1/test-jobs/tiktok/campaigns';

/**
 * The gateway on a Redis Cluster of its own (3 masters, REDIS_CLUSTER_NODES): the representative
 * cases of the job, webhook, cache-invalidation, revocation and limiter suites, with two app
 * instances where the effect crosses processes.
 */
describe('on a Redis Cluster', () => {
  let cluster: PrivateRedisCluster;
  let w: World<'tiktok'>;
  let b: TestApp;
  let rx: WebhookReceiver;
  let hooked: Hooked;
  let alice: Record<string, string>;
  let n = 0;
  const name = (what: string) => `${what} ${Date.now()}-${++n}`;
  const campaignsNamed = (campaignName: string) => [...w.sim.raw.state.campaigns.byId.values()].filter((c) => c.name === campaignName);

  beforeAll(async () => {
    [cluster, rx] = await Promise.all([PrivateRedisCluster.start({ masters: 3 }), startWebhookReceiver()]);
    w = await startWorld({
      platform: 'tiktok',
      tenant: false,
      workers: true,
      env: { REDIS_CLUSTER_NODES: cluster.nodes, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WRITE_SYNC_TIMEOUT_MS: '10000' },
      app: { extraRoutes: [...testJobRoutes, ...guardedRoutes] },
      writeOperations: testWriteOps,
    });
    b = await w.replica();
    hooked = await tenantWithEndpoint(w.app, rx.url);
    await configureApps(w.app, hooked.tenant.apiKey);
    const token = await externalUserToken(w.app, hooked.tenant.apiKey, 'alice-ext');
    alice = { authorization: `Bearer ${token}` };
    await w.connect('tiktok', { adAccountId: ACCOUNT, as: { externalUserId: 'alice-ext', token, headers: alice } });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await rx?.close();
    await cluster?.stop();
  });

  it('every client of the app is a cluster client, and each queue keeps its keys under its own hash tag', async () => {
    expect(isCluster(w.app.infra.redis)).toBe(true);
    expect(w.app.infra.queues.prefixFor('platform-writes')).toBe(`${w.app.config.REDIS_PREFIX}:bull:{platform-writes}`);
  });

  it('a sync write answers 200 with the result, once on the platform', async () => {
    const campaignName = name('Cluster sync');
    const r = await http(w.app.url, 'POST', WRITE, { headers: alice, body: { adAccountId: ACCOUNT, name: campaignName } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: campaignName, campaignId: expect.stringMatching(/^180/) });
    expect(campaignsNamed(campaignName)).toHaveLength(1);
  });

  it('an async write accepted by one instance completes, and its poll on the other shows it', async () => {
    const campaignName = name('Cluster async');
    const r = await http(w.app.url, 'POST', WRITE, { headers: { ...alice, prefer: 'respond-async' }, body: { adAccountId: ACCOUNT, name: campaignName } });
    expect(r.status).toBe(202);
    const done = await until(async () => {
      const p = await http(b.url, 'GET', r.body.data.pollUrl, { headers: alice });
      return p.body.data?.state === 'completed' ? p : undefined;
    }, 30_000);
    expect(done.body.data).toMatchObject({ state: 'completed', attempts: 1, result: { name: campaignName } });
    expect(campaignsNamed(campaignName)).toHaveLength(1);
  });

  it('an import completes and its job.completed webhook is delivered, signed', async () => {
    const r = await http(w.app.url, 'GET', `/api/v1/tiktok/import-ad-account?adAccountId=${ACCOUNT}`, { headers: { ...alice, prefer: 'respond-async' } });
    expect(r.status).toBe(202);
    const jobId = r.body.data.jobId as string;
    const hook = await rx.waitFor((x) => x.json.type === 'import.completed' && x.json.data.id === jobId);
    expect(verify(hooked.secret, hook)).toMatchObject({ type: 'import.completed' });
    expect(hook.json.data).toMatchObject({ id: jobId, type: 'import', state: 'completed', adAccountId: ACCOUNT });
  });

  it('a deactivation on one instance drops the account from the other instance’s guard cache', async () => {
    const guarded = () => http(b.url, 'GET', `/__test/tiktok/guarded?adAccountId=${ACCOUNT}`, { headers: alice });
    expect((await guarded()).status).toBe(200);
    const off = await http(w.app.url, 'POST', '/api/v1/connections/tiktok/deactivate', { headers: alice, body: { adAccountId: ACCOUNT } });
    expect(off.status).toBe(200);
    const r = await eventually(guarded, (res) => res.status !== 200, 5_000);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_VALIDATED');
  });

  it('a user deleted on one instance is refused on the other (revocation over the cluster’s pub/sub)', async () => {
    const eve = { authorization: `Bearer ${await externalUserToken(w.app, hooked.tenant.apiKey, 'eve-ext')}` };
    expect((await http(b.url, 'GET', '/api/v1/connections', { headers: eve })).status).toBe(200);
    const del = await http(w.app.url, 'DELETE', '/api/v1/external-users/eve-ext', { headers: { 'x-api-key': hooked.tenant.apiKey } });
    expect(del.status).toBe(200);
    expect(await eventually(async () => (await http(b.url, 'GET', '/api/v1/connections', { headers: eve })).status, (s) => s === 401, 5_000)).toBe(401);
  });
});

/** Two limiters (two replicas' worth) on one cluster: one budget, one pause board. */
describe('the outbound limiter on a Redis Cluster', () => {
  let cluster: PrivateRedisCluster;
  let redis: RedisClient;
  const limiters: OutboundLimiter[] = [];
  const logger = pino({ level: 'silent' });
  const prefix = `lc${Date.now()}`;

  beforeAll(async () => {
    cluster = await PrivateRedisCluster.start({ masters: 3 });
    redis = createRedis(parseClusterNodes(cluster.nodes));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(limiters.map((l) => l.close()));
    redis?.disconnect();
    await cluster?.stop();
  });
  const make = (onGrant?: (g: Grant) => void) => {
    const l = new OutboundLimiter({ redisUrl: parseClusterNodes(cluster.nodes), redis, prefix, logger, readDeadlineMs: 60_000, onGrant });
    limiters.push(l);
    return l;
  };

  it('two limiters never grant more than the account budget in any window, and both decide on the shared log', async () => {
    const grants: Grant[] = [];
    const [l1, l2] = [make((g) => grants.push(g)), make((g) => grants.push(g))];
    const key: LimitKey = { platform: 'tiktok', appKey: 'app-1', accountKey: 'acc-1', accountRps: 4, appRps: 50 };
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? l1 : l2).run(key, 'read', async () => undefined, 60_000)));
    expect(grants).toHaveLength(12);
    expect(grants.every((g) => g.shared)).toBe(true);
    const at = grants.map((g) => g.at).sort((x, y) => x - y);
    // The 5th grant after any grant comes a full window (1000 ms, no headroom) later, or the budget was broken.
    for (let i = 0; i + 4 < at.length; i++) expect(at[i + 4]! - at[i]!).toBeGreaterThanOrEqual(1000);
    // Both budgets of the call live in the app's slot, so the one script could touch both.
    expect(await redis.zcard(`${prefix}:lim:log:tiktok:account:acc-1:{tiktok:app-1}`)).toBeGreaterThan(0);
  });

  it('a pause raised by one limiter holds the other', async () => {
    const [l1, l2] = [make(), make()];
    const key: LimitKey = { platform: 'tiktok', appKey: 'app-2', accountKey: 'acc-2', accountRps: 0, appRps: 0 };
    expect(await l2.pausedFor(key)).toBe(0);
    await l1.pause('tiktok', 'app', 'app-2', 60_000, 'test');
    expect(await eventually(async () => l2.pausedFor(key), (ms) => ms > 0, 5_000)).toBeGreaterThan(50_000);
    expect(await l2.clearPauses()).toBe(1);
    expect(await eventually(async () => l1.pausedFor(key), (ms) => ms === 0, 5_000)).toBe(0);
  });
});
