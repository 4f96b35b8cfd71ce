import { http, type JsonResponse } from '../../helpers/test-app';
import { createTenant, externalUserToken } from '../../helpers/identity';
import { useWorld } from '../../world';
import { aliceAndBob, G } from '../google/fixtures';

/*
 * GET /api/v1/jobs against real jobs (Google writes and an import through the simulator): the
 * caller's jobs only, newest first, paged with a cursor, filtered.
 */
const w = useWorld({ platform: 'google', workers: true }, aliceAndBob);

const list = (q: string, headers: Record<string, string> = w.user.headers) => http(w.app.url, 'GET', `/api/v1/jobs${q}`, { headers });
const ids = (r: JsonResponse) => (r.body.data.items as Array<{ id: string }>).map((j) => j.id);

/** Jobs alice started, oldest first. */
const started: Array<{ id: string; kind: string }> = [];
let bobJob: string;

async function campaignId(account: string, headers = w.user.headers): Promise<string> {
  const r = await w.call('GET', `/api/v1/google/gaql?adAccountId=${account}&query=${encodeURIComponent('SELECT campaign.id FROM campaign ORDER BY campaign.id LIMIT 1')}`, { as: headers });
  return r.body.data.data[0].campaign.id;
}

beforeAll(async () => {
  const imported = await http(w.app.url, 'POST', '/api/v1/google/import-ad-account', { headers: w.user.headers, body: { adAccountId: G.aliceUs } });
  expect(imported.status).toBe(200);
  started.push({ id: imported.body.jobId, kind: 'import' });
  const eu = await campaignId(G.aliceEu);
  for (const status of ['PAUSED', 'ENABLED', 'PAUSED']) {
    const r = await http(w.app.url, 'POST', `/api/v1/google/campaigns/${eu}/status`, { headers: w.user.headers, body: { adAccountId: G.aliceEu, status } });
    expect(r.status).toBe(200);
    started.push({ id: r.body.jobId, kind: 'write' });
  }
  const bob = await http(w.app.url, 'POST', `/api/v1/google/campaigns/${await campaignId(G.bobBikes, w.bob.headers)}/status`, { headers: w.bob.headers, body: { adAccountId: G.bobBikes, status: 'PAUSED' } });
  expect(bob.status).toBe(200);
  bobJob = bob.body.jobId;
}, 60_000);

describe('GET /api/v1/jobs', () => {
  it("lists the caller's jobs newest first, each page linked by nextCursor, every job exactly once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...ids(r));
      cursor = r.body.data.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(started.map((j) => j.id).reverse());
    expect(pages).toBe(2);
    expect(seen).not.toContain(bobJob);
  });

  it('shows each job as GET /api/v1/jobs/{id} does', async () => {
    const r = await list('?limit=1');
    const one = await w.call('GET', `/api/v1/jobs/${r.body.data.items[0].id}`);
    expect(r.body.data.items[0]).toEqual(one.body.data);
  });

  it('filters by type, platform, adAccountId, state and createdAfter', async () => {
    expect(ids(await list('?type=import'))).toEqual([started[0]!.id]);
    expect(ids(await list('?type=write'))).toEqual(started.slice(1).map((j) => j.id).reverse());
    expect(ids(await list('?platform=google'))).toHaveLength(started.length);
    expect(ids(await list('?platform=tiktok'))).toEqual([]);
    expect(ids(await list(`?adAccountId=${G.aliceEu}`))).toEqual(started.slice(1).map((j) => j.id).reverse());
    expect(ids(await list(`?adAccountId=${G.aliceUs}&type=import&state=completed`))).toEqual([started[0]!.id]);
    expect(ids(await list('?state=failed'))).toEqual([]);
    const second = await w.call('GET', `/api/v1/jobs/${started[1]!.id}`);
    expect(ids(await list(`?createdAfter=${encodeURIComponent(second.body.data.createdAt)}`))).toEqual(started.slice(2).map((j) => j.id).reverse());
    expect(ids(await list('?createdAfter=2999-01-01T00:00:00Z'))).toEqual([]);
  });

  it("never shows another user's or another tenant's jobs, nor continues from their cursor", async () => {
    expect(ids(await list('', w.bob.headers))).toEqual([bobJob]);
    // The tenant key alone is its own caller: it started none of these.
    expect(ids(await list('', { 'x-api-key': w.apiKey }))).toEqual([]);
    const other = await createTenant(w.app);
    const stranger = await externalUserToken(w.app, other.apiKey, 'alice-ext');
    expect(ids(await list('', { authorization: `Bearer ${stranger}` }))).toEqual([]);
    const alicePage = await list('?limit=1');
    const bobFromAliceCursor = await list(`?cursor=${alicePage.body.data.nextCursor}`, w.bob.headers);
    expect(bobFromAliceCursor.status).toBe(200);
    expect(ids(bobFromAliceCursor)).toEqual([]);
  });

  it('without credentials → 401', async () => {
    expect((await http(w.app.url, 'GET', '/api/v1/jobs')).status).toBe(401);
  });

  it.each([
    ['state', '?state=running'],
    ['type', '?type=export'],
    ['platform', '?platform=myspace'],
    ['createdAfter', '?createdAfter=yesterday'],
    ['createdAfter', '?createdAfter=2026-11-24'],
    ['limit', '?limit=0'],
    ['limit', '?limit=101'],
    ['cursor', '?cursor=not-a-cursor'],
    ['adAccountId', `?adAccountId=${'1'.repeat(65)}`],
    ['query', '?sort=asc'],
  ])('a bad %s (%s) → 400 VALIDATION_FAILED naming it', async (field, q) => {
    const r = await list(q);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(r.body.error.details)).toContain(field === 'query' ? 'query' : `query.${field}`);
  });
});

describe('POST /api/v1/{platform}/import-ad-account', () => {
  it('answers with the job holding the records; GET /jobs/{jobId}/entities pages them', async () => {
    const r = await http(w.app.url, 'POST', '/api/v1/google/import-ad-account', { headers: w.user.headers, body: { adAccountId: G.aliceJp } });
    expect(r.status).toBe(200);
    expect(r.body.data.counts.campaign).toBe(3);
    expect(r.body.pollUrl).toBe(`/api/v1/jobs/${r.body.jobId}`);
    expect(r.headers.get('content-location')).toBe(r.body.pollUrl);
    const entities = await w.call('GET', `/api/v1/jobs/${r.body.jobId}/entities?level=campaign`);
    expect(entities.body.data.items).toHaveLength(3);
  });

  it('the older GET form still starts an import and names its job', async () => {
    const r = await w.call('GET', `/api/v1/google/import-ad-account?adAccountId=${G.aliceJp}`);
    expect(r.status).toBe(200);
    expect(r.body.jobId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("checks the body and the account: a missing adAccountId is 400, another user's account 403", async () => {
    const missing = await http(w.app.url, 'POST', '/api/v1/google/import-ad-account', { headers: w.user.headers, body: {} });
    expect(missing.status).toBe(400);
    const extra = await http(w.app.url, 'POST', '/api/v1/google/import-ad-account', { headers: w.user.headers, body: { adAccountId: G.aliceJp, level: 'x' } });
    expect(extra.status).toBe(400);
    const bobs = await http(w.app.url, 'POST', '/api/v1/google/import-ad-account', { headers: w.user.headers, body: { adAccountId: G.bobBikes } });
    expect(bobs.status).toBe(403);
  });

  it('the document has POST for every platform and the team surface, and marks the GET forms deprecated', async () => {
    const doc = (await http(w.app.url, 'GET', '/api/v1/openapi.json')).body;
    for (const p of ['facebook', 'tiktok', 'google']) {
      const path = doc.paths[`/api/v1/${p}/import-ad-account`];
      expect(path.post.operationId).toBeDefined();
      expect(path.get.deprecated).toBe(true);
      expect(path.post.deprecated).toBeUndefined();
    }
    expect(doc.paths['/api/v1/{teamId}/facebook/import-ad-account'].post).toBeDefined();
    expect(doc.paths['/api/v1/{teamId}/facebook/import-ad-account'].get.deprecated).toBe(true);
    expect(doc.paths['/api/v1/jobs'].get.operationId).toBe('listJobs');
  });
});
