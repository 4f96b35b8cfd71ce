import { http } from '../../helpers/test-app';
import { externalUserToken } from '../../helpers/identity';
import { googleRoutes } from '../../../api/routes/google';
import { importRoutes } from '../../../api/routes/jobs/import-routes';
import { useWorld } from '../../world';
import { aliceAndBob, G, gaqlPath, searchStreamOf } from './fixtures';

const w = useWorld({ platform: 'google', workers: true }, aliceAndBob);
beforeEach(async () => {
  await w.sim.settings({ searchPageSize: 10_000 });
});

const qs = (p: Record<string, string | number>) => new URLSearchParams(Object.entries(p).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe('GET /api/v1/google/list-accessible-accounts', () => {
  it("lists the accounts the user's Google login reaches, each with name, currency, time zone and manager flag", async () => {
    const r = await w.call('GET', '/api/v1/google/list-accessible-accounts');
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Accessible accounts fetched');
    expect(r.body.data.connectionId).toBe(w.connections.alice);
    expect(r.body.data.resourceNames).toEqual([`customers/${G.aliceUs}`, `customers/${G.aliceEu}`, `customers/${G.aliceJp}`, `customers/${G.manager}`]);
    const byId = Object.fromEntries(r.body.data.accounts.map((a: { id: string }) => [a.id, a]));
    expect(byId[G.aliceUs]).toEqual({
      resourceName: `customers/${G.aliceUs}`,
      id: G.aliceUs,
      descriptiveName: 'Alice Shoes US',
      currencyCode: 'USD',
      timeZone: 'America/New_York',
      manager: false,
      testAccount: false,
      status: 'ENABLED',
    });
    expect(byId[G.aliceJp]).toMatchObject({ currencyCode: 'JPY', timeZone: 'Asia/Tokyo', testAccount: true });
    expect(byId[G.manager]).toMatchObject({ manager: true });
    const [list] = await w.sim.calls('customers:listAccessibleCustomers');
    expect(list).toMatchObject({ method: 'GET', path: '/v23/customers:listAccessibleCustomers' });
    expect(list!.headers.authorization).toBe('[present]');
    expect(list!.headers['login-customer-id']).toBeUndefined();
  });

  it('an account that cannot be read is listed with its error instead of failing the list', async () => {
    await w.sim.fault({ kind: 'not-enabled', path: `/customers/${G.aliceEu}/googleAds:search` });
    const r = await w.call('GET', '/api/v1/google/list-accessible-accounts');
    expect(r.status).toBe(200);
    expect(r.body.data.accounts.find((a: { id: string }) => a.id === G.aliceEu)).toEqual({
      resourceName: `customers/${G.aliceEu}`,
      id: G.aliceEu,
      error: { code: 'FORBIDDEN', message: expect.any(String) },
    });
  });

  it('on the team surface, answers the same for the team named in the path (x-api-key only)', async () => {
    const r = await http(w.app.url, 'GET', '/api/v1/alice-ext/google/list-accessible-accounts', { headers: { 'x-api-key': w.apiKey } });
    expect(r.status).toBe(200);
    expect(r.body.data.resourceNames).toHaveLength(4);
    const bearer = await http(w.app.url, 'GET', '/api/v1/alice-ext/google/list-accessible-accounts', { headers: w.user.headers });
    expect(bearer.status).toBe(401);
  });

  it('when the user has no Google connection, answers 404 CONNECTION_NOT_FOUND on both surfaces', async () => {
    const token = await externalUserToken(w.app, w.apiKey, 'no-google-ext');
    const r = await w.call('GET', '/api/v1/google/list-accessible-accounts', { as: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('CONNECTION_NOT_FOUND');
    const team = await http(w.app.url, 'GET', '/api/v1/no-google-ext/google/list-accessible-accounts', { headers: { 'x-api-key': w.apiKey } });
    expect(team.status).toBe(404);
    expect(await w.sim.calls('listAccessibleCustomers')).toEqual([]);
  });
});

describe('GET /api/v1/google/insights', () => {
  it('campaign metrics over the default last 30 days, in the /gaql answer shape', async () => {
    const r = await w.call('GET', `/api/v1/google/insights?${qs({ adAccountId: G.aliceUs })}`);
    expect(r.status).toBe(200);
    expect(r.body.data.gaqlQuery).toBe(
      'SELECT campaign.id, campaign.name, metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.ctr, metrics.average_cpc, metrics.conversions FROM campaign WHERE segments.date DURING LAST_30_DAYS',
    );
    expect(r.body.data).toMatchObject({ accountIds: [G.aliceUs], currencyCodes: { [G.aliceUs]: 'USD' } });
    expect(r.body.data.data).toHaveLength(3);
    expect(r.body.data.data[0].metrics.impressions).toMatch(/^\d+$/);
    expect((await w.sim.calls(searchStreamOf(G.aliceUs))).map((c) => c.body.query)).toContain(r.body.data.gaqlQuery);
  });

  it('keyword metrics by day over custom dates, filtered by status', async () => {
    const r = await w.call('GET', `/api/v1/google/insights?${qs({ adAccountId: G.aliceUs, level: 'keyword', metrics: 'clicks,impressions', segments: 'date', startDate: '2026-11-01', endDate: '2026-11-02', statuses: 'ENABLED' })}`);
    expect(r.status).toBe(200);
    expect(r.body.data.gaqlQuery).toContain('FROM keyword_view');
    expect(r.body.data.gaqlQuery).toContain("segments.date BETWEEN '2026-11-01' AND '2026-11-02'");
    expect(r.body.data.data.length).toBeGreaterThan(0);
    for (const row of r.body.data.data) {
      expect(row.adGroupCriterion.criterionId).toMatch(/^\d+$/);
      expect(['2026-11-01', '2026-11-02']).toContain(row.segments.date);
    }
  });

  it('when a field is not on the level list, answers 400 VALIDATION_FAILED before any platform call', async () => {
    const r = await w.call('GET', `/api/v1/google/insights?${qs({ adAccountId: G.aliceUs, level: 'campaign', fields: 'ad_group.name' })}`);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'query.fields' }] });
    expect(await w.sim.calls('googleAds')).toEqual([]);
  });
});

describe('GET /api/v1/google/assets', () => {
  it('pages a level with Google page tokens passed through, the same query on every page', async () => {
    await w.sim.settings({ searchPageSize: 2 });
    const first = await w.call('GET', `/api/v1/google/assets?${qs({ adAccountId: G.aliceUs, level: 'campaign' })}`);
    expect(first.status).toBe(200);
    expect(first.body.data.data).toHaveLength(2);
    expect(first.body.data.paging).toEqual({ nextPageToken: expect.any(String), totalResultsCount: '3' });
    const second = await w.call('GET', `/api/v1/google/assets?${qs({ adAccountId: G.aliceUs, level: 'campaign', pageToken: first.body.data.paging.nextPageToken })}`);
    expect(second.status).toBe(200);
    expect(second.body.data.data).toHaveLength(1);
    expect(second.body.data.paging.nextPageToken).toBeNull();
    const ids = [...first.body.data.data, ...second.body.data.data].map((row: any) => row.campaign.id);
    expect(new Set(ids).size).toBe(3);

    const calls = await w.sim.calls(`/customers/${G.aliceUs}/googleAds:search`);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.body).toEqual({ query: first.body.data.gaqlQuery, searchSettings: { returnTotalResultsCount: true } });
    expect(calls[1]!.body).toEqual({ query: first.body.data.gaqlQuery, pageToken: first.body.data.paging.nextPageToken });
  });

  it.each([
    ['ad_group', 6, (row: any) => row.adGroup.id],
    ['ad', 12, (row: any) => row.adGroupAd.ad.id],
    ['keyword', 18, (row: any) => row.adGroupCriterion.criterionId],
    ['asset', 4, (row: any) => row.asset.id],
  ])('reads the %s level', async (level, count, idOf) => {
    const r = await w.call('GET', `/api/v1/google/assets?${qs({ adAccountId: G.aliceUs, level })}`);
    expect(r.status).toBe(200);
    expect(r.body.data.data).toHaveLength(count);
    for (const row of r.body.data.data) expect(idOf(row)).toMatch(/^\d+$/);
  });

  it('filters by ids and chosen fields', async () => {
    const all = await w.call('GET', `/api/v1/google/assets?${qs({ adAccountId: G.aliceUs, level: 'campaign' })}`);
    const id = all.body.data.data[0].campaign.id;
    const r = await w.call('GET', `/api/v1/google/assets?${qs({ adAccountId: G.aliceUs, level: 'campaign', ids: id, fields: 'campaign.id,campaign.serving_status' })}`);
    expect(r.status).toBe(200);
    expect(r.body.data.gaqlQuery).toBe(`SELECT campaign.id, campaign.serving_status FROM campaign WHERE campaign.id IN (${id}) ORDER BY campaign.id ASC`);
    expect(r.body.data.data).toEqual([{ campaign: { resourceName: expect.any(String), id, servingStatus: expect.any(String) } }]);
  });

  it('maps a platform refusal the same way as /gaql (USER_PERMISSION_DENIED → 403 FORBIDDEN)', async () => {
    await w.sim.fault({ kind: 'permission', path: `/customers/${G.aliceUs}/googleAds:search` });
    const r = await w.call('GET', `/api/v1/google/assets?${qs({ adAccountId: G.aliceUs, level: 'asset' })}`);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('FORBIDDEN');
  });
});

describe('GET /api/v1/google/import-ad-account', () => {
  it('imports every level as a job, paging through Google, and answers the counts', async () => {
    await w.sim.settings({ searchPageSize: 5 });
    const r = await w.call('GET', `/api/v1/google/import-ad-account?${qs({ adAccountId: G.bakery })}`);
    expect(r.status).toBe(200);
    expect(r.body.data.counts).toEqual({ campaign: 3, ad_group: 6, ad: 12, keyword: 18, asset: 4 });
    expect(r.body.data.pages).toMatchObject({ keyword: 4 });
    const calls = await w.sim.calls(`/customers/${G.bakery}/googleAds:search`);
    // A client reached through the manager: every import call names it in login-customer-id.
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.every((c) => c.headers['login-customer-id'] === G.manager)).toBe(true);
  });

  it('with Prefer: respond-async, answers 202 with a poll URL that reaches the finished job', async () => {
    const r = await w.call('GET', `/api/v1/google/import-ad-account?${qs({ adAccountId: G.aliceJp })}`, { as: { ...w.user.headers, prefer: 'respond-async' } });
    expect(r.status).toBe(202);
    expect(r.headers.get('location')).toBe(r.body.data.pollUrl);
    let job: any;
    for (let i = 0; i < 50; i++) {
      job = (await w.call('GET', r.body.data.pollUrl)).body.data;
      if (job.state === 'completed' || job.state === 'failed') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(job).toMatchObject({ state: 'completed', platform: 'google', result: { counts: { campaign: 3 } } });
  });
});

describe('ownership on every Google route that names an account', () => {
  const routes: Array<[string, (id: string) => string]> = [
    ['gaql', (id) => gaqlPath({ adAccountId: id, query: 'SELECT campaign.id FROM campaign' })],
    ['insights', (id) => `/api/v1/google/insights?${qs({ adAccountId: id })}`],
    ['assets', (id) => `/api/v1/google/assets?${qs({ adAccountId: id, level: 'campaign' })}`],
    ['import-ad-account', (id) => `/api/v1/google/import-ad-account?${qs({ adAccountId: id })}`],
  ];

  it.each(routes)('%s: another user’s account → 403 AD_ACCOUNT_NOT_OWNED, unknown → 404 AD_ACCOUNT_NOT_FOUND, no platform call', async (_name, path) => {
    const owned = await w.call('GET', path(G.bobBikes));
    expect(owned.status).toBe(403);
    expect(owned.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    const unknown = await w.call('GET', path(G.unknown));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('AD_ACCOUNT_NOT_FOUND');
    const notId = await w.call('GET', path('not-an-id'));
    expect(notId.status).toBe(400);
    expect(await w.sim.calls('googleAds')).toEqual([]);
  });

  it.each(routes)('%s: without credentials → 401', async (_name, path) => {
    const r = await http(w.app.url, 'GET', path(G.aliceUs));
    expect(r.status).toBe(401);
  });

  /** Routes that take the account in the body: [name, method, path, body without adAccountId]. */
  const bodyRoutes: Array<[string, string, string, Record<string, unknown>]> = [
    ['campaign status', 'POST', '/api/v1/google/campaigns/300000001/status', { status: 'PAUSED' }],
    ['campaign budget', 'PATCH', '/api/v1/google/campaigns/300000001/budget', { amount: '10' }],
    ['import-ad-account (POST)', 'POST', '/api/v1/google/import-ad-account', {}],
  ];

  it.each(bodyRoutes)('%s: another user’s account → 403, unknown → 404, not an id → 400, no platform call, no job', async (_name, method, path, body) => {
    const send = (adAccountId: string) => http(w.app.url, method, path, { headers: w.user.headers, body: { ...body, adAccountId } });
    const owned = await send(G.bobBikes);
    expect(owned.status).toBe(403);
    expect(owned.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    const unknown = await send(G.unknown);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('AD_ACCOUNT_NOT_FOUND');
    expect((await send('not-an-id')).status).toBe(400);
    expect(await w.sim.calls('/customers/')).toEqual([]);
    expect(owned.body.jobId).toBeUndefined();
  });

  it.each(bodyRoutes)('%s: without credentials → 401', async (_name, method, path, body) => {
    const r = await http(w.app.url, method, path, { body: { ...body, adAccountId: G.aliceUs } });
    expect(r.status).toBe(401);
  });

  it('the two tables cover every Google route that names an account', () => {
    const covered = [...routes.map(([, p]) => `GET ${p(G.aliceUs).split('?')[0]}`), ...bodyRoutes.map(([, m, p]) => `${m} ${p}`)];
    // list-accessible-accounts names no account: it lists what the user's Google login reaches.
    const all = [...googleRoutes, ...importRoutes.filter((r) => r.path.startsWith('/api/v1/google/'))]
      .filter((r) => !r.path.includes('list-accessible-accounts'))
      .map((r) => `${r.method.toUpperCase()} ${r.path.replace('{campaignId}', '300000001')}`);
    expect(covered.sort()).toEqual(all.sort());
  });
});
