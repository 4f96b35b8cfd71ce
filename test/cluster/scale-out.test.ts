import { Client } from 'pg';
import { startFacebookSim, ACCOUNTS } from '../simulators/facebook';
import { http } from '../helpers/test-app';
import { freePort, freshDatabase } from '../helpers/private-services';
import { PrivateRedisCluster } from '../helpers/private-cluster';
import { until } from '../workers/support/jobs-fixture';
import { pausedCampaign, stackEnv, startStack, tenantWithAccounts, type Proc } from '../deploy/support/stack';

const WRITES = 60;

/**
 * The deployment shape on a Redis Cluster: 2 api and 2 worker processes (separate OS processes,
 * REDIS_CLUSTER_NODES) on one PostgreSQL. Writes accepted by both api processes are run by the
 * workers; every one completes, and each campaign exists once on the simulator.
 */
describe('scale-out on a Redis Cluster: 2 api + 2 worker processes', () => {
  let cluster: PrivateRedisCluster;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let sim: Awaited<ReturnType<typeof startFacebookSim>>;
  const procs: Proc[] = [];

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    await Promise.all([sim?.close(), cluster?.stop()]);
    await db?.drop();
  });

  it(`${WRITES} async writes through both api processes: all complete, 0 duplicates`, async () => {
    [cluster, db, sim] = await Promise.all([PrivateRedisCluster.start({ masters: 3 }), freshDatabase('cluster_scale'), startFacebookSim()]);
    const env = stackEnv({ databaseUrl: db.url, redis: { REDIS_CLUSTER_NODES: cluster.nodes }, prefix: 'cscale', facebookUrl: sim.baseUrl });
    const { bases } = await startStack(env, { apis: 2, workers: [{}, {}], namePrefix: 'c' }, procs, freePort);

    const accounts = [`act_${ACCOUNTS.alice[0]}`, `act_${ACCOUNTS.alice[1]}`];
    const { headers } = await tenantWithAccounts(bases[0]!, { facebook: sim }, accounts.map((adAccountId) => ({ platform: 'facebook' as const, adAccountId })));
    const run = Date.now();
    const names = Array.from({ length: WRITES }, (_, i) => `Cluster scale ${run} ${i}`);
    const answers = await Promise.all(
      names.map((name, i) =>
        http(bases[i % 2]!, 'POST', '/api/v1/facebook/campaigns/traffic', {
          headers: { ...headers, prefer: 'respond-async' },
          body: pausedCampaign(accounts[i % 2]!, name),
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(names.map(() => 202));

    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    try {
      const states = await until(async () => {
        const rows = (await pg.query("select state, count(*)::int as n from jobs where type = 'write' group by state")).rows as { state: string; n: number }[];
        const byState = Object.fromEntries(rows.map((r) => [r.state, r.n]));
        return (byState.completed ?? 0) + (byState.failed ?? 0) === WRITES ? byState : undefined;
      }, 120_000, 250);
      expect(states).toEqual({ completed: WRITES });
    } finally {
      await pg.end();
    }
    const perName = names.map((n) => [...sim.state.store.nodes.values()].filter((node) => (node.data as { name?: string }).name === n).length);
    expect(perName).toEqual(names.map(() => 1));
  }, 240_000);
});
