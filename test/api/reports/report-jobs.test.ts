/**
 * Big reports are jobs (docs/reports.md): a report above REPORT_JOB_SIZE, or any report sent with
 * `Prefer: respond-async`, answers 202 with the job; its rows, paged through the job's entities, are
 * the rows the synchronous report answers for the same query; progress shows while it runs; Meta
 * ranges Meta refuses synchronously run as async report runs; another user cannot read the job.
 */
import { eventually } from '../../helpers/eventually';
import { http, useWorld, type TestApp } from '../../world';
import { ACCOUNTS } from '../../simulators/facebook';
import { aliceEverywhere, FB, pastWeek, REPORT_ENV, reportPath } from './support';

/** 5 accounts × 7 days × campaign (10) = 350 is a job here; one account's week (70) is not. */
const JOB_ENV = { ...REPORT_ENV, REPORT_JOB_SIZE: '300' };

const w = useWorld({ platforms: ['facebook', 'tiktok', 'google', 'linkedin'], env: JOB_ENV, workers: true }, async (w) => {
  await aliceEverywhere(w);
  const bob = await w.userFor('bob-ext');
  await w.connect('facebook', { adAccountId: ACCOUNTS.bob[0]!, as: bob, simUser: 'bob' });
  return { bob };
});
const range = pastWeek();
const WEEK = { ...range, level: 'campaign', granularity: 'day' };

type Row = Record<string, unknown>;
interface JobView {
  state: string;
  type: string;
  progress: { accounts: number; accountsRead: number; rows: number; rowsStored: number } | null;
  result?: { rows: number; totals: Row[]; errors: Row[]; entitiesUrl: string };
}

let syncReplica: TestApp | undefined;
/** The same gateway with the default size limit: it answers the same query synchronously. */
async function syncRows(q: Record<string, string>): Promise<{ rows: Row[]; totals: Row[]; errors: Row[] }> {
  syncReplica ??= await w.replica({ env: { REPORT_JOB_SIZE: '20000' } });
  const r = await http(syncReplica.url, 'GET', reportPath({ ...q, limit: '5000' }), { headers: w.user.headers });
  expect(r.status).toBe(200);
  return r.body.data;
}

async function startJob(q: Record<string, string>, headers: Record<string, string> = {}): Promise<string> {
  const r = await w.call('GET', reportPath(q), { headers: { ...w.user.headers, ...headers } });
  expect(r.status).toBe(202);
  expect(r.body.data).toMatchObject({ jobId: expect.any(String), state: expect.any(String), pollUrl: `/api/v1/jobs/${r.body.data.jobId}` });
  expect(r.headers.get('location')).toBe(r.body.data.pollUrl);
  return r.body.data.jobId as string;
}

const job = async (id: string): Promise<JobView> => (await w.call('GET', `/api/v1/jobs/${id}`)).body.data;

async function finished(id: string): Promise<JobView> {
  const j = await eventually(() => job(id), (v) => v.state === 'completed' || v.state === 'failed', 60_000, 100);
  expect(j.state).toBe('completed');
  return j;
}

/** Every stored row of the job, paged seven at a time. */
async function entityRows(id: string): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams({ limit: '7', ...(cursor ? { cursor } : {}) });
    const r = await w.call('GET', `/api/v1/jobs/${id}/entities?${q}`);
    expect(r.status).toBe(200);
    for (const e of r.body.data.items) {
      expect(e.level).toBe('row');
      rows.push(e.data);
    }
    cursor = r.body.data.nextCursor;
  } while (cursor);
  return rows;
}

describe('GET /api/v1/reports as a job', () => {
  it('a report over the size limit answers 202; its rows, paged through the job, equal the synchronous report', async () => {
    const id = await startJob(WEEK);
    const done = await finished(id);
    const sync = await syncRows(WEEK);
    expect(sync.rows.length).toBeGreaterThan(7);
    expect(new Set(sync.rows.map((r) => r.platform))).toEqual(new Set(['facebook', 'tiktok', 'google', 'linkedin']));
    expect(await entityRows(id)).toEqual(sync.rows);
    expect(done).toMatchObject({ type: 'report', result: { rows: sync.rows.length, totals: sync.totals, errors: sync.errors, entitiesUrl: `/api/v1/jobs/${id}/entities` } });
    expect(done.progress).toEqual({ accounts: 5, accountsRead: 5, rows: sync.rows.length, rowsStored: sync.rows.length });
  });

  it('Prefer: respond-async makes a small report a job too, with the same rows (metrics and raw records as asked)', async () => {
    const q = { ...WEEK, adAccountIds: `facebook:act_${FB}`, metrics: 'spend,clicks', include: 'raw' };
    const direct = await w.call('GET', reportPath(q));
    expect(direct.status).toBe(200);
    const id = await startJob(q, { prefer: 'respond-async' });
    await finished(id);
    const rows = await entityRows(id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(direct.body.data.rows);
    expect(Object.keys(rows[0]!)).not.toContain('impressions');
    expect(rows[0]).toHaveProperty('raw');
  });

  it('shows its progress while accounts are still being read', async () => {
    // Long enough that the other four accounts are read first even on a loaded machine.
    await w.sims.linkedin!.fault({ path: 'adAnalytics', latencyMs: 8_000 });
    try {
      const id = await startJob(WEEK);
      const seen = await eventually(() => job(id), (j) => j.state === 'completed' || (j.progress !== null && j.progress.accountsRead >= 4), 30_000, 50);
      expect(seen.state).toBe('active');
      expect(seen.progress).toMatchObject({ accounts: 5, accountsRead: 4, rowsStored: 0 });
      expect(seen.progress!.rows).toBeGreaterThan(0);
      await finished(id);
    } finally {
      await w.sims.linkedin!.clearFaults();
    }
  }, 90_000);

  it('a Meta range Meta will not answer synchronously runs as a report run (POST act_{id}/insights, then polled)', async () => {
    await w.sims.facebook!.settings({ syncInsightsRowLimit: 2 });
    try {
      const q = { ...WEEK, adAccountIds: `facebook:act_${FB}` };
      const id = await startJob(q, { prefer: 'respond-async' });
      await finished(id);
      const calls = await w.sims.facebook!.calls(`/act_${FB}/insights`);
      expect(calls.map((c) => c.method)).toContain('POST');
      expect(await entityRows(id)).toEqual((await syncRows(q)).rows);
    } finally {
      await w.sims.facebook!.settings({ syncInsightsRowLimit: 10_000 });
    }
  });

  it("another user cannot read the job or its rows (404), and the job's level filter lists only its rows", async () => {
    const id = await startJob(WEEK);
    await finished(id);
    for (const path of [`/api/v1/jobs/${id}`, `/api/v1/jobs/${id}/entities`]) {
      const r = await w.call('GET', path, { as: w.bob });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('JOB_NOT_FOUND');
    }
    const other = await w.call('GET', `/api/v1/jobs/${id}/entities?level=campaign`);
    expect(other.body.data).toEqual({ items: [], nextCursor: null });
  });

  it('CSV is streamed directly whatever the size', async () => {
    const r = await fetch(`${w.url}${reportPath(WEEK)}`, { headers: { ...w.user.headers, accept: 'text/csv' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await r.text()).split('\r\n')[0]).toMatch(/^platform,adAccountId,/);
  });
});
