import { Client } from 'pg';
import { startFacebookSim, ACCOUNTS } from '../simulators/facebook';
import { http } from '../helpers/test-app';
import { eventually } from '../helpers/eventually';
import { freePort, freshDatabase, PrivateRedis } from '../helpers/private-services';
import { pausedCampaign, stackEnv, startStack, tenantWithAccounts, type Proc } from './support/stack';

const WRITES = 240;
const LATENCY_MS = 1500;

/**
 * Scale-in as an autoscaler does it: SIGTERM to workers while they run jobs and a backlog waits.
 * One worker drains with room to finish its running writes (SHUTDOWN_TIMEOUT_MS 15 s), one with a
 * bound shorter than a platform call (0.5 s), so its running writes are handed back mid-call; a
 * third keeps running. Each stopping worker must exit by itself while jobs still wait (it took no
 * more), and every write must complete with its campaign created exactly once.
 */
describe('scale-in: SIGTERM to workers with jobs running', () => {
  let redis: PrivateRedis;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let sim: Awaited<ReturnType<typeof startFacebookSim>>;
  const procs: Proc[] = [];

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    await Promise.all([sim?.close(), redis?.stop()]);
    await db?.drop();
  });

  it('stopping workers take no new jobs, finish or hand back their running ones, and no write is lost or doubled', async () => {
    [redis, db, sim] = await Promise.all([PrivateRedis.start(), freshDatabase('scalein'), startFacebookSim({ latencyMs: LATENCY_MS })]);
    const env = stackEnv(
      { databaseUrl: db.url, redis: { REDIS_URL: redis.url }, prefix: 'scalein', facebookUrl: sim.baseUrl },
      {
        // Paced per account, so a backlog still waits when the workers are stopped.
        FACEBOOK_ACCOUNT_RPS: '6',
        // A handed-back job is taken over once its lock lapses.
        JOB_LOCK_MS: '6000',
        JOB_STALLED_INTERVAL_MS: '3000',
      },
    );
    const drains = ['15000', '500', '15000'];
    const { bases, workers } = await startStack(env, { apis: 1, workers: drains.map((d) => ({ SHUTDOWN_TIMEOUT_MS: d })) }, procs, freePort);
    const base = bases[0]!;

    const accounts = [`act_${ACCOUNTS.alice[0]}`, `act_${ACCOUNTS.alice[1]}`];
    const { headers } = await tenantWithAccounts(base, { facebook: sim }, accounts.map((adAccountId) => ({ platform: 'facebook' as const, adAccountId })));
    const names = Array.from({ length: WRITES }, (_, i) => `ScaleIn ${Date.now()} ${i}`);
    const refused: string[] = [];
    for (let i = 0; i < WRITES; i += 20) {
      await Promise.all(
        names.slice(i, i + 20).map(async (name, k) => {
          const r = await http(base, 'POST', '/api/v1/facebook/campaigns/traffic', {
            headers: { ...headers, prefer: 'respond-async' },
            body: pausedCampaign(accounts[(i + k) % 2]!, name),
          });
          if (r.status !== 202) refused.push(`${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
        }),
      );
    }
    expect(refused).toEqual([]);

    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const states = async () =>
      Object.fromEntries((await pg.query('select state, count(*)::int as n from jobs group by state')).rows.map((r) => [r.state, r.n])) as Record<string, number>;
    try {
      // Stop two workers while writes run and more wait: at 12 calls/s of 1.5 s each about 18 are in
      // flight, spread over the three workers, so each stopping worker holds some.
      await eventually(async () => (await states()).active ?? 0, (n) => n >= 10, 60_000, 50);
      const stopped = await Promise.all(
        [workers[0]!, workers[1]!].map(async (w) => {
          const at = Date.now();
          let timer: NodeJS.Timeout | undefined;
          const code = await Promise.race([w.stop('SIGTERM'), new Promise<string>((r) => (timer = setTimeout(() => r('still running after 60 s'), 60_000)))]);
          clearTimeout(timer);
          return { name: w.name, code, seconds: (Date.now() - at) / 1000, leftWaiting: (await states()).queued ?? 0 };
        }),
      );
      console.log(`scale-in stops: ${JSON.stringify(stopped)}`);
      for (const s of stopped) expect({ name: s.name, code: s.code }).toEqual({ name: s.name, code: 0 });
      // They exited with work still waiting: they had stopped taking jobs.
      expect(stopped.map((s) => s.leftWaiting > 0)).toEqual([true, true]);
      expect(workers[0]!.output()).not.toMatch(/did not finish in time/);
      expect(workers[1]!.output()).toMatch(/did not finish in time/);

      const done = await eventually(states, (s) => (s.completed ?? 0) + (s.failed ?? 0) >= WRITES, 180_000, 250);
      const perName = names.map((n) => [...sim.state.store.nodes.values()].filter((node) => (node.data as { name?: string }).name === n).length);
      const creates = sim.control.calls.filter((c) => c.method === 'POST' && /\/campaigns$/.test(c.path));
      const createsPerName = names.map((n) => creates.filter((c) => (c.body as { name?: string })?.name === n).length);
      const figures = {
        completed: done.completed ?? 0,
        failed: done.failed ?? 0,
        duplicates: perName.reduce((s, c) => s + Math.max(0, c - 1), 0),
        missing: perName.filter((c) => c === 0).length,
        sentTwice: createsPerName.filter((c) => c > 1).length,
      };
      console.log(`scale-in figures: ${JSON.stringify(figures)}`);
      expect(figures).toMatchObject({ completed: WRITES, failed: 0, duplicates: 0, missing: 0 });
    } finally {
      await pg.end();
    }
  }, 420_000);
});
