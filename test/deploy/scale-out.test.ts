import { Client } from 'pg';
import { startFacebookSim, ACCOUNTS } from '../simulators/facebook';
import { http } from '../helpers/test-app';
import { freePort, freshDatabase, PrivateRedis } from '../helpers/private-services';
import { pausedCampaign, stackEnv, startStack, tenantWithAccounts, type Proc } from './support/stack';

const WRITES = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The deployment shape as separate OS processes: 2 api and 3 worker processes on one PostgreSQL
 * and a private redis-server. 200 async writes and 2 imports; one worker is SIGKILLed half-way and
 * Redis restarts without persistence after the second half is accepted. Every job must complete,
 * each campaign must exist once on the simulator, and no job may be lost.
 */
describe('scale-out: 2 api + 3 worker processes survive a killed worker and a Redis restart', () => {
  let redis: PrivateRedis;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let sim: Awaited<ReturnType<typeof startFacebookSim>>;
  const procs: Proc[] = [];

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    await Promise.all([sim?.close(), redis?.stop()]);
    await db?.drop();
  });

  it('200 writes and 2 imports: all complete, 0 duplicates, 0 lost', async () => {
    [redis, db, sim] = await Promise.all([PrivateRedis.start(), freshDatabase('scale'), startFacebookSim()]);
    const env = stackEnv(
      { databaseUrl: db.url, redis: { REDIS_URL: redis.url }, prefix: 'scale', facebookUrl: sim.baseUrl },
      {
        // Paced per account, so the second half is still queued when Redis restarts.
        FACEBOOK_ACCOUNT_RPS: '8',
        // A killed worker's jobs are taken over within seconds; the lock still leaves a loaded
        // machine room to renew it (a job whose lock lapses twice is failed by BullMQ as stalled).
        JOB_LOCK_MS: '8000',
        JOB_STALLED_INTERVAL_MS: '4000',
        JOB_RECONCILE_EVERY_MS: '5000',
      },
    );
    const { bases, workers, workerPorts } = await startStack(env, { apis: 2, workers: [{}, {}, {}] }, procs, freePort);

    const accounts = [`act_${ACCOUNTS.alice[0]}`, `act_${ACCOUNTS.alice[1]}`];
    const { headers } = await tenantWithAccounts(bases[0]!, { facebook: sim }, accounts.map((adAccountId) => ({ platform: 'facebook' as const, adAccountId })));
    const run = Date.now();
    const names = Array.from({ length: WRITES }, (_, i) => `Scale ${run} ${i}`);
    const jobIds: string[] = [];
    const refused: string[] = [];
    const submit = async (from: number, to: number) => {
      for (let i = from; i < to; i += 20) {
        await Promise.all(
          names.slice(i, Math.min(to, i + 20)).map(async (name, k) => {
            const r = await http(bases[(i + k) % 2]!, 'POST', '/api/v1/facebook/campaigns/traffic', {
              headers: { ...headers, prefer: 'respond-async' },
              body: pausedCampaign(accounts[(i + k) % 2]!, name),
            });
            if (r.status === 202) jobIds.push(r.body.data.jobId);
            else refused.push(`${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
          }),
        );
      }
    };
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const states = async () =>
      Object.fromEntries((await pg.query('select state, count(*)::int as n from jobs group by state')).rows.map((r) => [r.state, r.n])) as Record<string, number>;

    try {
      // First half and both imports, then SIGKILL a worker while it holds jobs.
      await submit(0, WRITES / 2);
      for (const [i, a] of accounts.entries()) {
        const r = await http(bases[i]!, 'GET', `/api/v1/facebook/import-ad-account?adAccountId=${a}`, { headers: { ...headers, prefer: 'respond-async' } });
        if (r.status === 202) jobIds.push(r.body.data.jobId);
        else refused.push(`import ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      }
      while (((await states()).completed ?? 0) < 30) await sleep(100);
      await workers[2]!.stop('SIGKILL');

      // Second half, then Redis loses everything it held.
      await submit(WRITES / 2, WRITES);
      const atRestart = await states();
      const restartedAt = Date.now();
      await redis.restart();

      const deadline = Date.now() + 150_000;
      let now = await states();
      while ((now.completed ?? 0) + (now.failed ?? 0) < jobIds.length && Date.now() < deadline) {
        await sleep(250);
        now = await states();
      }
      const recoverSeconds = (Date.now() - restartedAt) / 1000;

      const perName = names.map((n) => [...sim.state.store.nodes.values()].filter((node) => (node.data as { name?: string }).name === n).length);
      const figures = {
        jobs: jobIds.length,
        completed: now.completed ?? 0,
        failed: now.failed ?? 0,
        lost: jobIds.length - (now.completed ?? 0) - (now.failed ?? 0),
        duplicates: perName.reduce((s, c) => s + Math.max(0, c - 1), 0),
        campaignsMissing: perName.filter((c) => c === 0).length,
        openWhenRedisRestarted: (atRestart.queued ?? 0) + (atRestart.active ?? 0),
        secondsToRecoverAfterRedisRestart: Number(recoverSeconds.toFixed(1)),
      };
      console.log(`scale-out figures: ${JSON.stringify(figures)}`);
      if (figures.duplicates) {
        const doubled = names.filter((_, i) => perName[i]! > 1);
        const rows = (await pg.query(`select id, params->>'name' as name from jobs where params->>'name' = any($1)`, [doubled])).rows as { id: string; name: string }[];
        const lines = procs.flatMap((p) => p.output().split('\n').filter((l) => rows.some((r) => l.includes(r.id))).map((l) => `${p.name} ${l.slice(0, 400)}`));
        console.log(`doubled: ${JSON.stringify(rows)}\n${lines.join('\n')}`);
      }
      if (figures.failed) {
        const failed = (await pg.query(`select type, operation, attempts, error from jobs where state = 'failed'`)).rows;
        console.log(`failed jobs: ${JSON.stringify(failed)}\n${workers.map((w) => w.output().split('\n').filter((l) => /"level":(40|50)/.test(l)).slice(-30).join('\n')).join('\n')}`);
      }
      expect(refused).toEqual([]);
      expect(figures).toMatchObject({ jobs: WRITES + 2, completed: WRITES + 2, failed: 0, lost: 0, duplicates: 0, campaignsMissing: 0 });

      // One id from request to platform: a job's request id is on its view and on the worker's platform-call line.
      const [some] = (await pg.query(`select id, request_id from jobs where type = 'write' limit 1`)).rows as { id: string; request_id: string }[];
      const view = await http(bases[1]!, 'GET', `/api/v1/jobs/${some!.id}`, { headers });
      expect(view.body.data.requestId).toBe(some!.request_id);
      const callLines = workers
        .flatMap((w) => w.output().split('\n'))
        .filter((l) => l.includes('"platform call"') && l.includes(some!.id))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(callLines.length).toBeGreaterThan(0);
      for (const l of callLines) expect(l).toMatchObject({ jobId: some!.id, requestId: some!.request_id, tenantId: expect.any(String) });

      // A surviving worker's own port: its metrics after the run.
      const metrics = await fetch(`http://127.0.0.1:${workerPorts[0]}/metrics`).then((r) => r.text());
      expect(metrics).toMatch(/job_duration_seconds_count\{queue="platform-writes",operation="facebook\.[^"]+",outcome="completed"\} \d+/);
      expect(metrics).toMatch(/platform_call_duration_seconds_count\{platform="facebook",operation="POST act_:id\/campaigns",outcome="ok",code="none"\} \d+/);
      expect(metrics).toMatch(/queue_jobs\{queue="platform-writes",state="waiting"\} 0/);
    } finally {
      await pg.end();
    }
  }, 420_000);
});
