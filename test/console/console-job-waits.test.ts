import { http, useWorld } from '../world';
import { testJobRoutes, testWriteOps, until } from '../workers/support/jobs-fixture';
import { fetchPage, signIn } from './console-support';

/**
 * A write the platform's rate limit put back on the queue, through the real api, worker and TikTok
 * simulator: once it completed (and BullMQ may have let it go), its console page still shows the wait.
 */
jest.setTimeout(120_000);

const ACCOUNT = '7000000000000000011';

const w = useWorld({ platform: 'tiktok', workers: true, app: { extraRoutes: testJobRoutes }, writeOperations: testWriteOps }, async (w) => {
  await w.connect('tiktok', { adAccountId: ACCOUNT, via: 'token' });
});

describe('console job timeline', () => {
  it('shows the waits a rate limit imposed on a job, after the job completed', async () => {
    // More 40100s than a run retries in place: the run gives up with PLATFORM_RATE_LIMITED and the job waits on the queue.
    await w.sim.injectError({ code: 40100, path: '/campaign/create/', count: 4 });
    const r = await http(w.app.url, 'POST', '/api/v1/test-jobs/tiktok/campaigns', {
      headers: { ...w.user.headers, prefer: 'respond-async' },
      body: { adAccountId: ACCOUNT, name: `Waited ${Date.now()}` },
    });
    expect(r.status).toBe(202);
    const jobId = r.body.data.jobId as string;
    await until(async () => (await http(w.app.url, 'GET', `/api/v1/jobs/${jobId}`, { headers: w.user.headers })).body.data?.state === 'completed', 60_000, 250);

    const cookie = await signIn(w.url, w.tenant.email, w.tenant.password);
    const page = await fetchPage(w.url, `/console/jobs/${jobId}`, { cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Completed');
    expect(page.text).toMatch(/Waited \d+ (second|minute)s? for a rate limit \(the platform answered that its rate limit was reached\), until \d{4}-\d\d-\d\d/);
    // In time order: queued, started, the wait(s), finished last.
    const steps = [...page.text.matchAll(/<li><time datetime="[^"]+">[^<]+<\/time> ([A-Z][a-z]+)/g)].map((m) => m[1]);
    expect(steps[0]).toBe('Queued');
    expect(steps).toContain('Waited');
    expect(steps.at(-1)).toBe('Finished');
  });
});
