import { http, useWorld, type PlatformErrorSpec } from '../../world';
import { testJobRoutes, testWriteOps, until } from '../../workers/support/jobs-fixture';

const ACCOUNT = '7000000000000000011';
const PATH = '/api/v1/test-jobs/tiktok/campaigns';

describe('writes as jobs (sync or poll, idempotency, failures)', () => {
  // One in-call retry: a job that fails for good waits out every attempt's retries, and three each
  // put that test's run time near its wait on a loaded machine.
  const w = useWorld({ platform: 'tiktok', workers: true, env: { WRITE_SYNC_TIMEOUT_MS: '3000', HTTP_MAX_RETRIES: '1' }, app: { extraRoutes: testJobRoutes }, writeOperations: testWriteOps }, async (w) => {
    await w.connect('tiktok', { adAccountId: ACCOUNT, via: 'token' });
    return { mallory: await w.userFor('mallory-ext') };
  });
  let n = 0;
  const name = (what: string) => `${what} ${Date.now()}-${++n}`;
  const simCalls = (path: string) => w.sim.calls(path);
  const inject = (body: PlatformErrorSpec) => w.sim.injectError(body);
  const campaignsNamed = (campaignName: string) =>
    [...w.sim.raw.state.campaigns.byId.values()].filter((c) => c.name === campaignName && c.advertiserId === ACCOUNT);
  const poll = (headers: Record<string, string>, url: string) => http(w.app.url, 'GET', url, { headers });


  it('by default waits for the job and answers 200 with the platform result in the envelope', async () => {
    const campaignName = name('Sync');
    const r = await http(w.app.url, 'POST', PATH, { headers: w.user.headers, body: { adAccountId: ACCOUNT, name: campaignName } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, statusCode: 200, message: 'Campaign created', data: { name: campaignName } });
    expect(r.body.data.campaignId).toMatch(/^180\d{16}$/);
    expect(campaignsNamed(campaignName)).toHaveLength(1);
  });

  it('with Prefer: respond-async answers 202 with jobId, state (and its alias status), pollUrl and Location, and the poll reaches completed', async () => {
    const campaignName = name('Async');
    const r = await http(w.app.url, 'POST', PATH, { headers: { ...w.user.headers, prefer: 'respond-async' }, body: { adAccountId: ACCOUNT, name: campaignName } });
    expect(r.status).toBe(202);
    expect(r.body.data).toEqual({ jobId: expect.any(String), state: 'queued', status: 'queued', pollUrl: `/api/v1/jobs/${r.body.data.jobId}` });
    expect(r.headers.get('location')).toBe(r.body.data.pollUrl);
    const done = await until(async () => {
      const p = await poll(w.user.headers, r.body.data.pollUrl);
      return p.body.data?.state === 'completed' ? p : undefined;
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      id: r.body.data.jobId, type: 'write', platform: 'tiktok', adAccountId: ACCOUNT, state: 'completed', attempts: 1,
      result: { name: campaignName, campaignId: expect.stringMatching(/^180/) },
      createdAt: expect.any(String), startedAt: expect.any(String), finishedAt: expect.any(String),
    });
  });

  it('when the platform is slower than WRITE_SYNC_TIMEOUT_MS, answers 202 and the job still completes', async () => {
    await w.sim.fault({ path: '/campaign/create/', latencyMs: 4500, count: 1 });
    const started = Date.now();
    const r = await http(w.app.url, 'POST', PATH, { headers: w.user.headers, body: { adAccountId: ACCOUNT, name: name('Slow') } });
    expect(r.status).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(r.body.data.status).toBe('active');
    const done = await until(async () => ((await poll(w.user.headers, r.body.data.pollUrl)).body.data?.state === 'completed' ? true : undefined));
    expect(done).toBe(true);
  });

  it('replays the first outcome for the same Idempotency-Key and body, marked Idempotent-Replayed, without a second platform write', async () => {
    const key = `key-${Date.now()}`;
    const body = { adAccountId: ACCOUNT, name: name('Idem') };
    const first = await http(w.app.url, 'POST', PATH, { headers: { ...w.user.headers, 'idempotency-key': key }, body });
    const again = await http(w.app.url, 'POST', PATH, { headers: { ...w.user.headers, 'idempotency-key': key }, body: { name: body.name, adAccountId: ACCOUNT } });
    const asyncAgain = await http(w.app.url, 'POST', PATH, { headers: { ...w.user.headers, 'idempotency-key': key, prefer: 'respond-async' }, body });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(asyncAgain.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(asyncAgain.headers.get('idempotent-replayed')).toBe('true');
    // A replay of a finished job waits for nothing: no request is left waiting until the sync timeout.
    expect(w.app.services.jobs.waiter.waiting).toBe(0);
    expect(campaignsNamed(body.name)).toHaveLength(1);
    expect((await simCalls('/campaign/create/')).filter((c) => c.body?.campaign_name === body.name)).toHaveLength(1);
  });

  it('concurrent requests with one Idempotency-Key share one job', async () => {
    const key = `key-conc-${Date.now()}`;
    const body = { adAccountId: ACCOUNT, name: name('IdemConc') };
    const rs = await Promise.all([1, 2, 3, 4].map(() => http(w.app.url, 'POST', PATH, { headers: { ...w.user.headers, 'idempotency-key': key }, body })));
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(rs.map((r) => r.body.data.campaignId)).size).toBe(1);
    expect(campaignsNamed(body.name)).toHaveLength(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
    const key = `key-reuse-${Date.now()}`;
    await http(w.app.url, 'POST', PATH, { headers: { ...w.user.headers, 'idempotency-key': key }, body: { adAccountId: ACCOUNT, name: name('Reuse A') } });
    const r = await http(w.app.url, 'POST', PATH, { headers: { ...w.user.headers, 'idempotency-key': key }, body: { adAccountId: ACCOUNT, name: name('Reuse B') } });
    expect(r.status).toBe(409);
    expect(r.headers.get('idempotent-replayed')).toBeNull();
    expect(r.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('without a key, two identical requests are two writes', async () => {
    const body = { adAccountId: ACCOUNT, name: name('Twice') };
    await http(w.app.url, 'POST', PATH, { headers: w.user.headers, body });
    const second = await http(w.app.url, 'POST', PATH, { headers: w.user.headers, body });
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(campaignsNamed(body.name)).toHaveLength(2);
  });

  it('a platform validation error fails the job at once with 422 PLATFORM_REJECTED and the platform details, shown by the poll too', async () => {
    await inject({ code: 40002, message: 'budget: Must be greater than 50.', path: '/campaign/create/', count: 1 });
    const campaignName = name('Rejected');
    const r = await http(w.app.url, 'POST', PATH, { headers: w.user.headers, body: { adAccountId: ACCOUNT, name: campaignName } });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('PLATFORM_REJECTED');
    expect(r.body.error.details[0]).toMatchObject({ platform: 'tiktok', code: 40002, message: 'budget: Must be greater than 50.' });
    expect((await simCalls('/campaign/create/')).filter((c) => c.body?.campaign_name === campaignName)).toHaveLength(1);
    const rows = await w.app.infra.orm.em.getConnection().execute("select id from jobs where params->>'name' = ? and state = 'failed'", [campaignName]);
    const p = await poll(w.user.headers, `/api/v1/jobs/${(rows as { id: string }[])[0]!.id}`);
    expect(p.body.data).toMatchObject({ state: 'failed', attempts: 1, error: { code: 'PLATFORM_REJECTED', message: 'budget: Must be greater than 50.' } });
  });

  it('a rate-limited write is delayed without using an attempt, then succeeds', async () => {
    await inject({ code: 40100, path: '/campaign/create/', count: 1 });
    const campaignName = name('Limited');
    const started = Date.now();
    const r = await http(w.app.url, 'POST', PATH, { headers: { ...w.user.headers, prefer: 'respond-async' }, body: { adAccountId: ACCOUNT, name: campaignName } });
    const done = await until(async () => {
      const p = await poll(w.user.headers, r.body.data.pollUrl);
      return p.body.data?.state === 'completed' ? p.body.data : undefined;
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(done.attempts).toBe(1);
    expect((await simCalls('/campaign/create/')).filter((c) => c.body?.campaign_name === campaignName)).toHaveLength(2);
    expect(campaignsNamed(campaignName)).toHaveLength(1);
  });

  it('transient platform errors are retried with backoff, then fail with PLATFORM_UNAVAILABLE', async () => {
    await inject({ code: 50000, path: '/campaign/create/' });
    const campaignName = name('Down');
    const r = await http(w.app.url, 'POST', PATH, { headers: { ...w.user.headers, prefer: 'respond-async' }, body: { adAccountId: ACCOUNT, name: campaignName } });
    const failed = await until(async () => {
      const p = await poll(w.user.headers, r.body.data.pollUrl);
      return p.body.data?.state === 'failed' ? p.body.data : undefined;
    }, 60_000);
    expect(failed).toMatchObject({ attempts: 5, error: { code: 'PLATFORM_UNAVAILABLE' } });
    // Every job attempt sends the call and its in-call retries; nothing was created.
    const perAttempt = 1 + w.app.config.HTTP_MAX_RETRIES;
    expect((await simCalls('/campaign/create/')).filter((c) => c.body?.campaign_name === campaignName)).toHaveLength(5 * perAttempt);
    expect(campaignsNamed(campaignName)).toHaveLength(0);
  }, 90_000);

  it('a poll by another user of the same tenant, or of a job id that does not exist, answers 404 JOB_NOT_FOUND', async () => {
    const r = await http(w.app.url, 'POST', PATH, { headers: { ...w.user.headers, prefer: 'respond-async' }, body: { adAccountId: ACCOUNT, name: name('Mine') } });
    const theirs = await poll(w.mallory.headers, r.body.data.pollUrl);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('JOB_NOT_FOUND');
    expect((await poll(w.user.headers, '/api/v1/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await poll(w.user.headers, '/api/v1/jobs/not-a-job')).status).toBe(404);
    expect((await poll(w.user.headers, r.body.data.pollUrl)).status).toBe(200);
  });

  it('a poll reads Postgres, so it still works after Redis has dropped the job', async () => {
    const campaignName = name('Dropped');
    const r = await http(w.app.url, 'POST', PATH, { headers: w.user.headers, body: { adAccountId: ACCOUNT, name: campaignName } });
    expect(r.status).toBe(200);
    // Other test files share the database: find this test's own job.
    const rows = (await w.app.infra.orm.em.getConnection().execute("select id from jobs where state = 'completed' and params->>'name' = ?", [campaignName])) as { id: string }[];
    await w.app.infra.queues.queue('platform-writes').obliterate({ force: true });
    const p = await poll(w.user.headers, `/api/v1/jobs/${rows[0]!.id}`);
    expect(p.body.data).toMatchObject({ state: 'completed', result: r.body.data });
  });
});
