import { http, startWorld, type World } from '../world';
import { PrivateRedisCluster } from '../helpers/private-cluster';
import { testJobRoutes, testWriteOps, until } from '../workers/support/jobs-fixture';

const ACCOUNT = '7000000000000000011';
const WRITES = 30;

/**
 * A cluster with one replica per master. The master holding the write queue's slot is SIGKILLed
 * while writes are queued and running; its replica is promoted, and every write still completes,
 * each created once on the platform.
 */
describe('Redis Cluster failover under the write queue', () => {
  let cluster: PrivateRedisCluster;
  let w: World<'tiktok'>;

  beforeAll(async () => {
    cluster = await PrivateRedisCluster.start({ masters: 3, replicasPerMaster: 1, nodeTimeoutMs: 1000 });
    w = await startWorld({
      platform: 'tiktok',
      workers: true,
      env: {
        REDIS_CLUSTER_NODES: cluster.nodes,
        // A job whose worker lost Redis mid-run is taken over soon after the lock lapses.
        JOB_LOCK_MS: '5000',
        JOB_STALLED_INTERVAL_MS: '2500',
        WRITE_WORKER_CONCURRENCY: '4',
      },
      app: { extraRoutes: testJobRoutes },
      writeOperations: testWriteOps,
    });
    await w.connect('tiktok', { adAccountId: ACCOUNT, via: 'token' });
  }, 120_000);
  afterAll(async () => {
    // After the kill, a client's goodbye can wait on a node that is gone: bound the world's close,
    // then stop the nodes (which ends every socket) and let the close settle.
    const closed = w?.close().catch(() => undefined);
    await Promise.race([closed, new Promise((r) => setTimeout(r, 20_000))]);
    await cluster?.stop();
    await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
  }, 60_000);

  it('kills the master of the write queue’s slot: the replica takes over, no write is lost or run twice', async () => {
    const queueKey = `${w.app.infra.queues.prefixFor('platform-writes')}:platform-writes:id`;
    const master = await cluster.masterOf(queueKey);
    // Slow platform calls: most writes are still waiting or running when the master dies.
    await w.sim.latency(150);
    const run = Date.now();
    const names = Array.from({ length: WRITES }, (_, i) => `Failover ${run} ${i}`);
    const accepted = await Promise.all(
      names.map((name) => http(w.app.url, 'POST', '/api/v1/test-jobs/tiktok/campaigns', { headers: { ...w.user.headers, prefer: 'respond-async' }, body: { adAccountId: ACCOUNT, name } })),
    );
    expect(accepted.map((r) => r.status)).toEqual(names.map(() => 202));
    const jobIds = accepted.map((r) => r.body.data.jobId as string);

    const sql = (q: string, p: unknown[]) => w.app.infra.orm.em.fork().getConnection().execute(q, p) as Promise<{ state: string; n: number }[]>;
    const openAtKill = await sql("select count(*)::int as n from jobs where id in (?) and state in ('queued', 'active')", [jobIds]);
    await cluster.kill(master);
    const promoted = await cluster.waitPromoted(queueKey, master);
    expect(promoted).not.toBe(master);
    // The kill is only a test of failover if writes were still to run then.
    expect(openAtKill[0]!.n).toBeGreaterThan(0);

    const states = await until(async () => {
      const rows = await sql('select state, count(*)::int as n from jobs where id in (?) group by state', [jobIds]);
      const byState = Object.fromEntries(rows.map((r) => [r.state, r.n]));
      return (byState.completed ?? 0) + (byState.failed ?? 0) === WRITES ? byState : undefined;
    }, 90_000, 250);
    expect(states).toEqual({ completed: WRITES });

    const creates = await w.sim.calls('/campaign/create/');
    const perName = names.map((n) => creates.filter((c) => c.body?.campaign_name === n).length);
    expect(perName).toEqual(names.map(() => 1));
    const created = [...w.sim.raw.state.campaigns.byId.values()].filter((c) => names.includes(c.name));
    expect(created).toHaveLength(WRITES);
  }, 150_000);
});
