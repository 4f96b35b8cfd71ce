import { randomUUID } from 'node:crypto';
import { http, useWorld } from '../world';
import { AppError } from '../../shared/errors/app-error';
import { defineWriteOperation } from '../../shared/platforms/core/write-operation';
import { platformWriteJob } from '../../shared/queues/pipeline-jobs';
import type { JobAccountSnapshot } from '../../shared/persistence/entities/job.entity';
import { startWorkers, type WorkerPool } from '../../workers/worker-pool';
import { testJobRoutes, testWriteOps, until } from './support/jobs-fixture';

const ACCOUNT = '7000000000000000011';
const PATH = '/api/v1/test-jobs/tiktok/campaigns';

/** An update (no checkpoint): its platform call is a write without wire hooks. */
const statusUpdate = defineWriteOperation<{ campaignId: string; fail?: boolean }>({
  name: 'test.tiktok.first-run-status',
  platform: 'tiktok',
  kind: 'update',
  run: async (ctx, p) => {
    if (p.fail) throw new AppError('PLATFORM_REJECTED', 'refused before any call');
    return ctx.caller.request({
      method: 'POST',
      path: 'campaign/status/update/',
      body: { advertiser_id: ctx.account.platformAccountId, campaign_ids: [p.campaignId], operation_status: 'DISABLE' },
      kind: 'write',
    });
  },
});

/**
 * A fresh write's first run starts from the run data its queue entry carries and claims its row with
 * its first write (RunClaim), not with a statement of its own at the start. Whatever the claim would
 * have refused at the start, it refuses before that first write: nothing reaches the platform.
 */
describe('first run: the row is claimed with the first write', () => {
  // No workers of the app's own: each test starts them once its jobs are set up.
  const w = useWorld({ platform: 'tiktok', app: { extraRoutes: testJobRoutes }, writeOperations: [...testWriteOps, statusUpdate] }, async (w) => {
    await w.connect('tiktok', { adAccountId: ACCOUNT, via: 'token' });
  });
  let owner: { tenantId: string; ownerKey: string; account: JobAccountSnapshot };
  const pools: WorkerPool[] = [];
  let n = 0;
  const name = (what: string) => `${what} ${Date.now()}-${++n}`;
  const simCalls = (path: string) => w.sim.calls(path);
  const createCalls = async (campaignName: string) => (await simCalls('/campaign/create/')).filter((c) => c.body.campaign_name === campaignName);
  const row = (id: string) => w.app.services.jobs.store.findById(id);
  const sql = (text: string, params: unknown[]) => w.app.infra.orm.em.getConnection().execute(text, params) as Promise<Record<string, any>[]>;
  const queue = () => w.app.infra.queues.queue('platform-writes');
  const workers = async () => {
    const pool = startWorkers(w.app.services, { queues: ['platform-writes'] });
    pools.push(pool);
    await Promise.all(pool.workers.map((wk) => wk.waitUntilReady()));
    return pool;
  };
  const stopWorkers = async () => {
    for (const p of pools.splice(0)) await p.close(2000);
  };
  const createAsync = async (campaignName: string) => {
    const r = await http(w.app.url, 'POST', PATH, { headers: { ...w.user.headers, prefer: 'respond-async' }, body: { adAccountId: ACCOUNT, name: campaignName } });
    expect(r.status).toBe(202);
    return r.body.data.jobId as string;
  };
  /** A fresh write of `operation` as the api adds it: the row, then its queue entry with the run data. */
  const addWrite = async (operation: string, params: Record<string, unknown>, beforeQueued?: (id: string) => Promise<unknown>) => {
    const id = randomUUID();
    const { tenantId, ownerKey, account } = owner;
    await w.app.services.jobs.store.insert({ id, tenantId, ownerKey, type: 'write', operation, platform: 'tiktok', queue: 'platform-writes', account, params });
    await beforeQueued?.(id);
    await w.app.infra.queues.enqueue(platformWriteJob, { jobId: id, tenantId, operation, run: { account, params } }, { jobId: id });
    return id;
  };
  const finished = (id: string) => until(async () => {
    const r = await row(id);
    return r?.state === 'completed' || r?.state === 'failed' ? r : undefined;
  }, 20_000);

  beforeAll(async () => {
    // Whose writes the hand-made jobs are: the row of one made through the route (it runs with the first test's workers).
    const first = await row(await createAsync(name('Owner')));
    owner = { tenantId: first!.tenantId, ownerKey: first!.ownerKey, account: first!.account! };
  });
  afterEach(stopWorkers);
  afterAll(stopWorkers);

  it('a fresh write carries its run data; its run claims the row with the create\'s "calling" mark and records it as before', async () => {
    const campaignName = name('Carried');
    const id = await createAsync(campaignName);
    const entry = await queue().getJob(id);
    expect(entry?.data.run).toEqual({ account: expect.objectContaining({ platformAccountId: ACCOUNT }), params: { name: campaignName }, requestId: expect.any(String) });
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0, startedAt: undefined });

    await workers();
    const done = await finished(id);
    expect(done).toMatchObject({ state: 'completed', attempts: 1, result: { name: campaignName } });
    expect(done.startedAt).toBeInstanceOf(Date);
    const [lease] = await sql('select lease_owner, lease_until from jobs where id = ?', [id]);
    expect(lease).toEqual({ lease_owner: null, lease_until: null });
    // The mark the claim was written with (a completed job never writes its "done").
    const marks = await sql('select step, data from job_checkpoints where job_id = ?', [id]);
    expect(marks).toEqual([{ step: 'campaign', data: expect.objectContaining({ state: 'calling', sentAt: expect.any(Number) }) }]);
    expect(await createCalls(campaignName)).toHaveLength(1);
  });

  it('a row failed before its first run (its request was answered 503) stops the run at its first write: nothing is sent', async () => {
    const campaignName = name('Abandoned');
    const id = await createAsync(campaignName);
    await sql(`update jobs set state = 'failed', error = ?::jsonb, finished_at = now() where id = ?`, [
      JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'The job could not be queued; nothing was sent to the platform' }),
      id,
    ]);
    await workers();
    await until(async () => (await queue().getJobState(id)) === 'failed' || undefined);
    expect(await createCalls(campaignName)).toHaveLength(0);
    expect(await sql('select step from job_checkpoints where job_id = ?', [id])).toEqual([]);
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 0, error: { code: 'SERVICE_UNAVAILABLE' } });
  });

  it('a copy that finds the lease held by another run waits, sending nothing, and runs once the lease has lapsed', async () => {
    const campaignName = name('Leased');
    const id = await createAsync(campaignName);
    await sql(`update jobs set lease_owner = 'another run', lease_until = now() + interval '2 seconds' where id = ?`, [id]);
    await workers();
    await until(async () => (await queue().getJobState(id)) === 'delayed' || undefined);
    expect(await createCalls(campaignName)).toHaveLength(0);
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0 });

    const done = await finished(id);
    expect(done).toMatchObject({ state: 'completed', attempts: 1 });
    expect(await createCalls(campaignName)).toHaveLength(1);
  });

  it('an update claims before its platform call: with the lease held elsewhere nothing is sent until it lapses', async () => {
    const campaignName = name('Status');
    await workers();
    const created = await http(w.app.url, 'POST', PATH, { headers: w.user.headers, body: { adAccountId: ACCOUNT, name: campaignName } });
    expect(created.status).toBe(200);
    const campaignId = created.body.data.campaignId as string;
    const statusCalls = async () => (await simCalls('/campaign/status/update/')).filter((c) => JSON.stringify(c.body.campaign_ids) === JSON.stringify([campaignId]));

    const id = await addWrite(statusUpdate.name, { campaignId }, (jobId) =>
      sql(`update jobs set lease_owner = 'another run', lease_until = now() + interval '2 seconds' where id = ?`, [jobId]),
    );
    await until(async () => (await queue().getJobState(id)) === 'delayed' || undefined);
    expect(await statusCalls()).toHaveLength(0);

    expect(await finished(id)).toMatchObject({ state: 'completed', attempts: 1 });
    expect(await statusCalls()).toHaveLength(1);
  });

  it('a run that fails before writing anything claims the row as it records the failure (its start counted)', async () => {
    const id = await addWrite(statusUpdate.name, { campaignId: '1', fail: true });
    await workers();
    const done = await finished(id);
    expect(done).toMatchObject({ state: 'failed', attempts: 1, error: { code: 'PLATFORM_REJECTED' } });
    expect(done.startedAt).toBeInstanceOf(Date);
  });
});
