import { adsError, call, mintToken, search, searchAll, start, stream, V, type Sim } from './google-sim.helpers';

describe('google simulator search / searchStream (docs/platforms/google.md §3–§6)', () => {
  let sim: Sim;
  let alice: string;
  beforeAll(async () => {
    sim = await start();
    alice = (await mintToken(sim, 'alice')).access_token;
  });
  afterAll(() => sim.close());

  it('listAccessibleCustomers answers resourceNames of the directly accessible customers', async () => {
    const r = await call(sim, 'GET', `/${V}/customers:listAccessibleCustomers`, { token: alice });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ resourceNames: ['customers/1000000001', 'customers/1000000002', 'customers/1000000003', 'customers/2000000000'] });
    expect(r.headers.get('request-id')).toMatch(/^[\w-]{22}$/);
  });

  it('rows are camelCase, nested by resource, int64 as strings, doubles as numbers, with the FROM resourceName and a fieldMask', async () => {
    const r = await search(sim, alice, '1000000001', {
      query: 'SELECT campaign.id, campaign.name, campaign.status, campaign.advertising_channel_type, metrics.clicks, metrics.cost_micros, metrics.ctr FROM campaign WHERE segments.date DURING LAST_30_DAYS',
    });
    expect(r.status).toBe(200);
    expect(r.body.fieldMask).toBe('campaign.id,campaign.name,campaign.status,campaign.advertisingChannelType,metrics.clicks,metrics.costMicros,metrics.ctr');
    expect(r.body.nextPageToken).toBeUndefined();
    expect(r.body.queryResourceConsumption).toMatch(/^\d+$/);
    expect(r.body.results).toHaveLength(3);
    const row = r.body.results[0];
    expect(Object.keys(row).sort()).toEqual(['campaign', 'metrics']);
    expect(row.campaign).toEqual({
      resourceName: `customers/1000000001/campaigns/${row.campaign.id}`,
      id: expect.stringMatching(/^\d+$/),
      name: 'Brand',
      status: 'ENABLED',
      advertisingChannelType: 'SEARCH',
    });
    expect(row.metrics.clicks).toMatch(/^\d+$/);
    expect(row.metrics.costMicros).toMatch(/^\d+$/);
    expect(typeof row.metrics.ctr).toBe('number');
  });

  it('the customer resource answers currency, name, manager flag and time zone', async () => {
    const r = await search(sim, alice, '1000000002', {
      query: 'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.manager, customer.time_zone FROM customer',
    });
    expect(r.body.results).toEqual([
      { customer: { resourceName: 'customers/1000000002', id: '1000000002', descriptiveName: 'Alice Shoes EU', currencyCode: 'EUR', manager: false, timeZone: 'Europe/Berlin' } },
    ]);
  });

  it('customer_client on the manager lists itself (level 0), two enabled clients and one canceled client', async () => {
    const r = await search(sim, alice, '2000000000', {
      query: 'SELECT customer_client.client_customer, customer_client.level, customer_client.manager, customer_client.status, customer_client.descriptive_name FROM customer_client WHERE customer_client.level <= 1',
    });
    expect(r.body.results.map((x: any) => [x.customerClient.clientCustomer, x.customerClient.level, x.customerClient.status, x.customerClient.manager])).toEqual([
      ['customers/2000000000', '0', 'ENABLED', true],
      ['customers/2000000001', '1', 'ENABLED', false],
      ['customers/2000000002', '1', 'ENABLED', false],
      ['customers/2000000003', '1', 'CANCELED', false],
    ]);
  });

  it('a client is reachable only with login-customer-id set to its manager; the canceled client answers CUSTOMER_NOT_ENABLED', async () => {
    const q = { query: 'SELECT customer.id FROM customer' };
    const without = await search(sim, alice, '2000000001', q);
    expect(without.status).toBe(403);
    expect(without.body.error.status).toBe('PERMISSION_DENIED');
    expect(adsError(without.body).errorCode).toEqual({ authorizationError: 'USER_PERMISSION_DENIED' });
    const withMcc = await search(sim, alice, '2000000001', q, { 'login-customer-id': '2000000000' });
    expect(withMcc.status).toBe(200);
    const wrongMcc = await search(sim, alice, '2000000001', q, { 'login-customer-id': '1000000001' });
    expect(adsError(wrongMcc.body).errorCode).toEqual({ authorizationError: 'USER_PERMISSION_DENIED' });
    const canceled = await search(sim, alice, '2000000003', q, { 'login-customer-id': '2000000000' });
    expect(canceled.status).toBe(403);
    expect(adsError(canceled.body).errorCode).toEqual({ authorizationError: 'CUSTOMER_NOT_ENABLED' });
    const bobs = await search(sim, alice, '3000000001', q);
    expect(adsError(bobs.body).errorCode).toEqual({ authorizationError: 'USER_PERMISSION_DENIED' });
  });

  it('WHERE supports =, !=, IN, LIKE (case-insensitive), >, <, BETWEEN and AND; ORDER BY and LIMIT apply', async () => {
    const ids = async (where: string, tail = '') =>
      (await search(sim, alice, '1000000001', { query: `SELECT campaign.name FROM campaign ${where} ${tail}` })).body.results?.map((r: any) => r.campaign.name) ?? [];
    expect(await ids("WHERE campaign.status = 'ENABLED'")).toEqual(['Brand', 'Generic']);
    expect(await ids('WHERE campaign.status != ENABLED')).toEqual(['Retargeting']);
    expect(await ids("WHERE campaign.name IN ('Brand', 'Retargeting')")).toEqual(['Brand', 'Retargeting']);
    expect(await ids("WHERE campaign.name LIKE '%ener%'")).toEqual(['Generic']);
    expect(await ids("WHERE campaign.name LIKE 'brand'")).toEqual(['Brand']);
    expect(await ids("WHERE campaign.name = 'brand'")).toEqual([]);
    expect(await ids("WHERE campaign.status = ENABLED AND campaign.name > 'C'")).toEqual(['Generic']);
    expect(await ids('', 'ORDER BY campaign.name DESC LIMIT 2')).toEqual(['Retargeting', 'Generic']);
    const all = (await search(sim, alice, '1000000001', { query: 'SELECT campaign.id FROM campaign' })).body.results.map((r: any) => r.campaign.id);
    expect(await ids(`WHERE campaign.id < ${all[1]}`)).toEqual(['Brand']);
  });

  it('segments.date splits rows per day inside DURING / BETWEEN ranges, and core date segments need a finite range', async () => {
    const seven = await search(sim, alice, '1000000001', {
      query: "SELECT campaign.id, segments.date, metrics.impressions FROM campaign WHERE segments.date DURING LAST_7_DAYS AND campaign.name = 'Brand'",
    });
    const dates = seven.body.results.map((r: any) => r.segments.date);
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates.length).toBeGreaterThan(3);
    expect(dates.length).toBeLessThanOrEqual(7);
    for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [from, to] = [dates[0], dates[dates.length - 1]];
    const between = await search(sim, alice, '1000000001', {
      query: `SELECT campaign.id, segments.date, metrics.impressions FROM campaign WHERE segments.date BETWEEN '${from}' AND '${to}' AND campaign.name = 'Brand'`,
    });
    expect(between.body.results).toEqual(seven.body.results);
    const open = await search(sim, alice, '1000000001', { query: "SELECT campaign.id, segments.date FROM campaign WHERE segments.date > '2026-01-01'" });
    expect(open.status).toBe(400);
    expect(adsError(open.body).errorCode).toEqual({ queryError: 'EXPECTED_FILTERS_ON_DATE_RANGE' });
  });

  it('totals over a range equal the sum of the per-day rows', async () => {
    const q = (sel: string) => `SELECT campaign.id, ${sel} FROM campaign WHERE segments.date DURING LAST_14_DAYS AND campaign.name = 'Generic'`;
    const daily = await search(sim, alice, '1000000001', { query: q('segments.date, metrics.clicks') });
    const total = await search(sim, alice, '1000000001', { query: q('metrics.clicks') });
    const sum = daily.body.results.reduce((s: number, r: any) => s + Number(r.metrics.clicks), 0);
    expect(total.body.results[0].metrics.clicks).toBe(String(sum));
  });

  it.each([
    ['SELECT campaign.foo FROM campaign', 'UNRECOGNIZED_FIELD'],
    ['SELECT campaign.id FROM nothing_here', 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE'],
    ['SELECT campaign.id campaign', 'EXPECTED_FROM'],
    ['campaign.id FROM campaign', 'EXPECTED_SELECT'],
    ["SELECT campaign.id FROM campaign WHERE segments.date DURING '2026-01-01'", 'INVALID_VALUE_WITH_DURING_OPERATOR'],
    ['SELECT campaign.id FROM campaign WHERE campaign.status = RUNNING', 'BAD_ENUM_CONSTANT'],
    ['SELECT campaign.id FROM campaign LIMIT 0', 'LIMIT_VALUE_TOO_LOW'],
    ["SELECT campaign.id FROM campaign WHERE campaign.name = 'x", 'STRING_NOT_TERMINATED'],
    ['SELECT asset.id, metrics.clicks FROM asset', 'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE'],
    ['SELECT ad_group.id FROM campaign', 'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE'],
    ["SELECT campaign.id FROM campaign WHERE segments.device = 'MOBILE'", 'EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE'],
    ["SELECT campaign.id, segments.week FROM campaign WHERE segments.week = '2026-11-18'", 'MISALIGNED_DATE_FOR_FILTER'],
    ['SELECT campaign.start_date FROM campaign', 'UNRECOGNIZED_FIELD'],
  ])('%s → 400 queryError %s', async (query, code) => {
    const r = await search(sim, alice, '1000000001', { query });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' });
    expect(r.body.error.details[0]['@type']).toBe(`type.googleapis.com/google.ads.googleads.${V}.errors.GoogleAdsFailure`);
    expect(r.body.error.details[0].requestId).toEqual(expect.any(String));
    expect(adsError(r.body).errorCode).toEqual({ queryError: code });
  });

  it('metrics on a manager account answer REQUESTED_METRICS_FOR_MANAGER', async () => {
    const r = await search(sim, alice, '2000000000', { query: 'SELECT customer.id, metrics.clicks FROM customer' });
    expect(adsError(r.body).errorCode).toEqual({ queryError: 'REQUESTED_METRICS_FOR_MANAGER' });
  });

  it('pageSize is refused (PAGE_SIZE_NOT_SUPPORTED) and unknown body fields are refused like JSON transcoding', async () => {
    const r = await search(sim, alice, '1000000001', { query: 'SELECT campaign.id FROM campaign', pageSize: 10 });
    expect(adsError(r.body).errorCode).toEqual({ requestError: 'PAGE_SIZE_NOT_SUPPORTED' });
    const legacy = await search(sim, alice, '1000000001', { query: 'SELECT campaign.id FROM campaign', returnTotalResultsCount: true });
    expect(legacy.status).toBe(400);
    expect(legacy.body.error.message).toContain('Unknown name "returnTotalResultsCount"');
  });

  it('an empty result has no results key (proto3 JSON), keywords and keyword_view resolve', async () => {
    const none = await search(sim, alice, '1000000001', { query: "SELECT campaign.id FROM campaign WHERE campaign.name = 'nope'" });
    expect(none.status).toBe(200);
    expect(none.body.results).toBeUndefined();
    expect(none.body.fieldMask).toBe('campaign.id');
    const kw = await search(sim, alice, '1000000001', {
      query: 'SELECT ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type, metrics.clicks FROM keyword_view WHERE segments.date DURING LAST_7_DAYS',
    });
    expect(kw.status).toBe(200);
    expect(kw.body.results[0]).toEqual({
      keywordView: { resourceName: expect.stringMatching(/^customers\/1000000001\/keywordViews\/\d+~\d+$/) },
      adGroupCriterion: { resourceName: expect.stringMatching(/^customers\/1000000001\/adGroupCriteria\/\d+~\d+$/), keyword: { text: expect.any(String), matchType: expect.any(String) } },
      metrics: { clicks: expect.stringMatching(/^\d+$/) },
    });
  });

  it('searchStream answers a JSON array of batches with results, fieldMask and requestId, holding the same rows as search', async () => {
    const query = 'SELECT ad_group_ad.ad.id, ad_group_ad.status, ad_group.name FROM ad_group_ad';
    const s = await stream(sim, alice, '1000000001', { query });
    expect(s.status).toBe(200);
    expect(Array.isArray(s.body)).toBe(true);
    for (const b of s.body) {
      expect(b.fieldMask).toBe('adGroupAd.ad.id,adGroupAd.status,adGroup.name');
      expect(b.requestId).toEqual(expect.any(String));
    }
    const rows = s.body.flatMap((b: any) => b.results ?? []);
    expect(rows).toEqual((await search(sim, alice, '1000000001', { query })).body.results);
    expect(rows).toHaveLength(12);
  });
});

describe('google simulator pagination (docs/platforms/google.md §4: fixed pages, token bound to the query)', () => {
  let sim: Sim;
  let alice: string;
  beforeAll(async () => {
    sim = await start({ size: { largeAccountEntities: 30_000 } });
    alice = (await mintToken(sim, 'alice')).access_token;
  });
  afterAll(() => sim.close());

  it('pages of 10,000 rows cover every keyword exactly once; totalResultsCount equals the row count', async () => {
    const query = 'SELECT ad_group_criterion.criterion_id FROM ad_group_criterion';
    const first = await search(sim, alice, '9000000001', { query, searchSettings: { returnTotalResultsCount: true } });
    const total = Number(first.body.totalResultsCount);
    expect(total).toBe(13_500);
    const { pages, rows } = await searchAll(sim, alice, '9000000001', query);
    expect(pages.map((p) => p.results.length)).toEqual([10_000, 3_500]);
    const ids = rows.map((r: any) => r.adGroupCriterion.criterionId);
    expect(new Set(ids).size).toBe(total);
    expect(pages[pages.length - 1].nextPageToken).toBeUndefined();
  });

  it('ORDER BY pages keep global order across pages; LIMIT caps the total and totalResultsCount ignores it', async () => {
    const query = 'SELECT ad_group.id FROM ad_group ORDER BY ad_group.id DESC LIMIT 2500';
    const first = await search(sim, alice, '9000000001', { query, searchSettings: { returnTotalResultsCount: true } });
    expect(first.body.totalResultsCount).toBe('2700');
    const { rows } = await searchAll(sim, alice, '9000000001', query);
    expect(rows).toHaveLength(2500);
    const ids = rows.map((r: any) => BigInt(r.adGroup.id));
    for (let i = 1; i < ids.length; i++) expect(ids[i - 1]! > ids[i]!).toBe(true);
  });

  it('segmented rows split across pages without gaps or duplicates (page size lowered via /__sim/settings)', async () => {
    await call(sim, 'POST', '/__sim/settings', { body: { searchPageSize: 7 } });
    try {
      const query = 'SELECT campaign.id, segments.date, metrics.clicks FROM campaign WHERE segments.date DURING LAST_7_DAYS';
      const { pages, rows } = await searchAll(sim, alice, '1000000001', query);
      expect(pages.length).toBeGreaterThan(2);
      for (const p of pages.slice(0, -1)) expect(p.results).toHaveLength(7);
      const keys = rows.map((r: any) => `${r.campaign.id}/${r.segments.date}`);
      expect(new Set(keys).size).toBe(keys.length);
      const s = await stream(sim, alice, '1000000001', { query });
      expect(s.body.flatMap((b: any) => b.results ?? [])).toEqual(rows);
    } finally {
      await call(sim, 'POST', '/__sim/settings', { body: { searchPageSize: 10_000 } });
    }
  });

  it('a page token used with another query, or a forged one, answers INVALID_PAGE_TOKEN', async () => {
    const first = await search(sim, alice, '9000000001', { query: 'SELECT ad_group_criterion.criterion_id FROM ad_group_criterion' });
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    const other = await search(sim, alice, '9000000001', { query: 'SELECT ad_group_criterion.status FROM ad_group_criterion', pageToken: first.body.nextPageToken });
    expect(other.status).toBe(400);
    expect(adsError(other.body).errorCode).toEqual({ requestError: 'INVALID_PAGE_TOKEN' });
    const forged = await search(sim, alice, '9000000001', { query: 'SELECT ad_group.id FROM ad_group', pageToken: 'garbage' });
    expect(adsError(forged.body).errorCode).toEqual({ requestError: 'INVALID_PAGE_TOKEN' });
  });

  it('searchStream splits a large result into batches of at most 10,000 rows', async () => {
    const s = await stream(sim, alice, '9000000001', { query: 'SELECT ad_group_criterion.criterion_id FROM ad_group_criterion' });
    expect(s.body.map((b: any) => b.results.length)).toEqual([10_000, 3_500]);
    expect(s.body[1].queryResourceConsumption).toMatch(/^\d+$/);
  });
});

describe('google simulator seeding', () => {
  it('the same seed gives identical data and metrics; another seed changes the metrics but not the ids', async () => {
    const query = 'SELECT campaign.id, campaign.name, metrics.clicks FROM campaign WHERE segments.date DURING LAST_30_DAYS';
    const rows = async (seed: number) => {
      const s = await start({ seed });
      try {
        return (await search(s, (await mintToken(s)).access_token, '1000000001', { query })).body.results;
      } finally {
        await s.close();
      }
    };
    const [a, b, c] = [await rows(7), await rows(7), await rows(8)];
    expect(a).toEqual(b);
    expect(c.map((r: any) => r.campaign.id)).toEqual(a.map((r: any) => r.campaign.id));
    expect(c.map((r: any) => r.metrics.clicks)).not.toEqual(a.map((r: any) => r.metrics.clicks));
  });
});
