import { ACCOUNTS, BUSINESSES, PAGES } from '../../simulators/facebook';
import { paramsOf, useWorld } from '../../world';
import { FB_ENV, GRAPH_VERSION } from './fixtures';

const A1 = ACCOUNTS.alice[0];
const q = (extra = '') => `adAccountId=act_${A1}${extra}`;

describe('Meta reads pass Graph shapes through, with the connection token, after the guard', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    const aliceAccount = await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
    await w.connect('facebook', { adAccountId: ACCOUNTS.alice[1]!, through: aliceAccount });
    const bob = await w.userFor('bob-ext');
    await w.connect('facebook', { adAccountId: ACCOUNTS.bob[0]!, as: bob, simUser: 'bob' });
  });

  const idsOf = async (path: string) => (await w.call('GET', path)).body.data.data.map((x: { id: string }) => x.id) as string[];

  it('lists campaigns from /act_{id}/campaigns with default fields and answers { data, paging.cursors } in the envelope', async () => {
    const r = await w.call('GET', `/api/v1/facebook/campaigns?${q('&limit=2')}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, statusCode: 200, message: 'Campaigns fetched' });
    expect(r.body.data.data).toHaveLength(2);
    expect(r.body.data.data[0]).toMatchObject({ id: expect.any(String), account_id: A1, name: expect.any(String), objective: expect.stringMatching(/^OUTCOME_/) });
    expect(r.body.data.paging).toEqual({ cursors: { before: expect.any(String), after: expect.any(String) }, hasNext: true, hasPrevious: false });
    const [c] = await w.sim.calls('/campaigns');
    expect(c!.method).toBe('GET');
    expect(c!.path).toBe(`/${GRAPH_VERSION}/act_${A1}/campaigns`);
    expect(c!.query).toMatchObject({ limit: '2', access_token: '[present]' });
    expect(c!.query.fields!.split(',')).toEqual(expect.arrayContaining(['id', 'account_id', 'name', 'objective', 'status', 'daily_budget']));
    expect(JSON.stringify(r.body)).not.toContain('access_token');
  });

  it('passes cursors through across three pages without gaps or repeats, and back with before', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    const pages: { ids: string[]; hasNext: boolean; before: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await w.call('GET', `/api/v1/facebook/ads?${q(`&limit=4&fields=id,name${after ? `&after=${after}` : ''}`)}`);
      expect(r.status).toBe(200);
      const ids = r.body.data.data.map((a: { id: string }) => a.id);
      pages.push({ ids, hasNext: r.body.data.paging.hasNext, before: r.body.data.paging.cursors.before });
      seen.push(...ids);
      after = r.body.data.paging.cursors.after;
    }
    expect(pages.map((p) => p.ids.length)).toEqual([4, 4, 4]);
    expect(new Set(seen).size).toBe(12);
    expect(pages.map((p) => p.hasNext)).toEqual([true, true, false]);
    const calls = await w.sim.calls('/ads');
    expect(calls.map((c) => c.query.after)).toEqual([undefined, expect.any(String), expect.any(String)]);
    const back = await w.call('GET', `/api/v1/facebook/ads?${q(`&limit=4&fields=id&before=${pages[2]!.before}`)}`);
    expect(back.body.data.data.map((a: { id: string }) => a.id)).toEqual(pages[1]!.ids);
    expect((await w.sim.calls('/ads')).at(-1)!.query.before).toBe(pages[2]!.before);
  });

  it('refuses unknown fields with 400 before calling Meta', async () => {
    const r = await w.call('GET', `/api/v1/facebook/campaigns?${q('&fields=id,nmae')}`);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(r.body.error.details[0]).toMatchObject({ path: 'query.fields', message: expect.stringContaining('nmae') });
    expect(await w.sim.calls('/campaigns')).toHaveLength(0);
  });

  it('refuses unknown query parameters and bad limits with 400', async () => {
    expect((await w.call('GET', `/api/v1/facebook/campaigns?${q('&limt=5')}`)).body.error.details[0].message).toContain('limt');
    expect((await w.call('GET', `/api/v1/facebook/campaigns?${q('&limit=0')}`)).status).toBe(400);
  });

  it('filters ad objects by effectiveStatus (sent as a JSON array)', async () => {
    const r = await w.call('GET', `/api/v1/facebook/campaigns?${q('&effectiveStatus=PAUSED&fields=id,status')}`);
    expect(r.status).toBe(200);
    expect(r.body.data.data.length).toBeGreaterThan(0);
    expect(r.body.data.data.every((c: { status: string }) => c.status === 'PAUSED')).toBe(true);
    expect((await w.sim.calls('/campaigns'))[0]!.query.effective_status).toBe('["PAUSED"]');
  });

  it.each([
    ['campaigns', 'campaign'],
    ['adsets', 'adset'],
    ['ads', 'ad'],
    ['creatives', 'adcreative'],
  ])('GET /%s/{id} reads the object with account_id and the asked fields', async (segment) => {
    const [id] = await idsOf(`/api/v1/facebook/${segment}?${q('&limit=1')}`);
    await w.sim.clear();
    const r = await w.call('GET', `/api/v1/facebook/${segment}/${id}?${q('&fields=id,name')}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ id, name: expect.any(String), account_id: A1 });
    const [c] = await w.sim.calls(`/${id}`);
    expect(c!.path).toBe(`/${GRAPH_VERSION}/${id}`);
    expect(c!.query).toMatchObject({ fields: 'id,name,account_id', access_token: '[present]' });
  });

  it('an object of another of the user\'s ad accounts answers 404 (checked with its account_id)', async () => {
    const [other] = await idsOf(`/api/v1/facebook/campaigns?adAccountId=${ACCOUNTS.alice[1]}&limit=1`);
    const r = await w.call('GET', `/api/v1/facebook/campaigns/${other}?${q()}`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(r.body.message).toBe(`Campaign ${other} was not found in ad account act_${A1}`);
  });

  it('an id Meta does not know answers 404 (Graph 100/33)', async () => {
    const r = await w.call('GET', `/api/v1/facebook/ads/999999999999?${q()}`);
    expect(r.status).toBe(404);
    expect(r.body.error.details[0]).toMatchObject({ platform: 'facebook', code: 100, subcode: 33 });
  });

  it('lists the ads of a campaign and of an ad set (/{id}/ads)', async () => {
    const [campaign] = await idsOf(`/api/v1/facebook/campaigns?${q('&limit=1')}`);
    const r = await w.call('GET', `/api/v1/facebook/campaigns/${campaign}/ads?${q('&fields=id,campaign_id')}`);
    expect(r.status).toBe(200);
    expect(r.body.data.data.length).toBeGreaterThan(0);
    expect(r.body.data.data.every((a: { campaign_id: string }) => a.campaign_id === campaign)).toBe(true);
    const [adset] = await idsOf(`/api/v1/facebook/adsets?${q('&limit=1')}`);
    await w.sim.clear();
    const s = await w.call('GET', `/api/v1/facebook/adsets/${adset}/ads?${q('&fields=id,adset_id')}`);
    expect(s.body.data.data.every((a: { adset_id: string }) => a.adset_id === adset)).toBe(true);
    expect((await w.sim.calls(`/${adset}/ads`))[0]!.path).toBe(`/${GRAPH_VERSION}/${adset}/ads`);
  });

  it.each([
    ['pages', `/act_${A1}/promote_pages`, 'Pages fetched'],
    ['ad-accounts', '/me/adaccounts', 'Ad accounts fetched'],
    ['businesses', '/me/businesses', 'Businesses fetched'],
    ['audiences/saved', `/act_${A1}/saved_audiences`, 'Saved audiences fetched'],
    ['audiences/custom', `/act_${A1}/customaudiences`, 'Custom audiences fetched'],
    ['pixels', `/act_${A1}/adspixels`, 'Pixels fetched'],
    ['custom-conversions', `/act_${A1}/customconversions`, 'Custom conversions fetched'],
    ['creatives', `/act_${A1}/adcreatives`, 'Creatives fetched'],
  ])('GET /%s reads %s', async (route, graphPath, message) => {
    const r = await w.call('GET', `/api/v1/facebook/${route}?${q()}`);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(message);
    expect(r.body.data.data.length).toBeGreaterThan(0);
    const calls = await w.sim.calls(graphPath);
    expect(calls.map((c) => c.path)).toEqual([`/${GRAPH_VERSION}${graphPath}`]);
    expect(calls[0]!.query.fields).toEqual(expect.any(String));
  });

  it('GET /ad-accounts/{id} reads act_{id}; the path account is the guarded one', async () => {
    const r = await w.call('GET', `/api/v1/facebook/ad-accounts/${A1}?fields=id,account_id,currency`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ id: `act_${A1}`, account_id: A1, currency: 'USD' });
    expect((await w.sim.calls(`/act_${A1}`))[0]!.query.fields).toBe('id,account_id,currency');
    expect((await w.call('GET', `/api/v1/facebook/ad-accounts/${ACCOUNTS.bob[0]}`)).body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    const mismatch = await w.call('GET', `/api/v1/facebook/ad-accounts/${A1}?adAccountId=${ACCOUNTS.alice[1]}`);
    expect(mismatch.status).toBe(400);
  });

  it('business details, owned ad accounts and catalogs', async () => {
    const biz = BUSINESSES.alice;
    const d = await w.call('GET', `/api/v1/facebook/businesses/${biz}?${q()}`);
    expect(d.body.data).toMatchObject({ id: biz, name: 'Alice Co', verification_status: 'verified' });
    const accts = await w.call('GET', `/api/v1/facebook/businesses/${biz}/ad-accounts?${q('&fields=id,account_id')}`);
    expect(accts.body.data.data.map((a: { account_id: string }) => a.account_id)).toContain(A1);
    const cats = await w.call('GET', `/api/v1/facebook/businesses/${biz}/catalogs?${q()}`);
    expect(cats.body.data.data[0]).toMatchObject({ id: expect.any(String), name: 'Alice Co catalog 1', vertical: 'commerce' });
    expect((await w.sim.calls(`/${biz}`)).map((c) => c.path)).toEqual([`/${GRAPH_VERSION}/${biz}`, `/${GRAPH_VERSION}/${biz}/owned_ad_accounts`, `/${GRAPH_VERSION}/${biz}/owned_product_catalogs`]);
  });

  it('pixel details, stats (unix times) and dataset quality (/dataset_quality?dataset_id=)', async () => {
    const [pixel] = await idsOf(`/api/v1/facebook/pixels?${q()}`);
    const d = await w.call('GET', `/api/v1/facebook/pixels/${pixel}?${q('&fields=id,name')}`);
    expect(d.body.data).toMatchObject({ id: pixel, name: 'Alice pixel 1', owner_ad_account: { account_id: A1 } });
    // Without fields, the details answer what the list answers by default.
    const plain = await w.call('GET', `/api/v1/facebook/pixels/${pixel}?${q()}`);
    expect(plain.body.data).toMatchObject({ id: pixel, name: 'Alice pixel 1', creation_time: expect.any(String) });
    await w.sim.clear();
    const s = await w.call('GET', `/api/v1/facebook/pixels/${pixel}/stats?${q('&startTime=2026-11-20T00:00:00Z&endTime=2026-11-20T03:00:00Z')}`);
    expect(s.status).toBe(200);
    expect(s.body.data.data).toHaveLength(3);
    expect(s.body.data.data[0]).toMatchObject({ aggregation: 'event', start_time: expect.any(String), data: expect.any(Array) });
    const stats = (await w.sim.calls(`/${pixel}/stats`))[0]!;
    expect(stats.query).toMatchObject({ aggregation: 'event', start_time: String(Date.UTC(2026, 10, 20) / 1000), end_time: String(Date.UTC(2026, 10, 20, 3) / 1000) });
    const dq = await w.call('GET', `/api/v1/facebook/pixels/${pixel}/dataset-quality?${q()}`);
    expect(dq.status).toBe(200);
    expect(dq.body.data.web[0]).toMatchObject({ event_name: 'PageView', event_match_quality: { composite_score: expect.any(Number) } });
    const dqCall = (await w.sim.calls('/dataset_quality'))[0]!;
    expect(dqCall.query).toMatchObject({ dataset_id: pixel, access_token: '[present]' });
    const other = (await idsOf(`/api/v1/facebook/pixels?adAccountId=${ACCOUNTS.alice[1]}`))[0];
    expect((await w.call('GET', `/api/v1/facebook/pixels/${other}/stats?${q()}`)).status).toBe(404);
  });

  it('custom conversion details', async () => {
    const [cc] = await idsOf(`/api/v1/facebook/custom-conversions?${q()}`);
    const r = await w.call('GET', `/api/v1/facebook/custom-conversions/${cc}?${q('&fields=id,name,rule')}`);
    expect(r.body.data).toMatchObject({ id: cc, account_id: A1, rule: expect.stringContaining('i_contains') });
  });

  it('lists lead forms with the page token in exactly the seed shape', async () => {
    const r = await w.call('GET', `/api/v1/facebook/lead-form?${q(`&pageId=${PAGES.alice[0]}`)}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.data)).toEqual(['data', 'paging']);
    expect(Object.keys(r.body.data.paging)).toEqual(['cursors']);
    expect(r.body.data.data).toHaveLength(2);
    for (const f of r.body.data.data) {
      expect(Object.keys(f).sort()).toEqual(['created_time', 'id', 'leads_count', 'locale', 'name', 'status']);
    }
    const calls = await w.sim.calls();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /${GRAPH_VERSION}/act_${A1}/promote_pages`,
      `GET /${GRAPH_VERSION}/${PAGES.alice[0]}`,
      `GET /${GRAPH_VERSION}/${PAGES.alice[0]}/leadgen_forms`,
    ]);
    expect(paramsOf(calls[1]!).fields).toBe('access_token');
    expect(paramsOf(calls[2]!).fields).toBe('id,name,status,locale,leads_count,created_time');
  });

  it('lead forms of a page the ad account cannot use answer 404 before any page call', async () => {
    const r = await w.call('GET', `/api/v1/facebook/lead-form?${q(`&pageId=${PAGES.bob[0]}`)}`);
    expect(r.status).toBe(404);
    expect((await w.sim.calls(`/${PAGES.bob[0]}`))).toHaveLength(0);
  });

  it('previews a creative, an ad, and a spec (generatepreviews)', async () => {
    const [creative] = await idsOf(`/api/v1/facebook/creatives?${q('&limit=1')}`);
    const r = await w.call('POST', '/api/v1/facebook/creatives/preview', { body: { adAccountId: A1, ad_format: 'MOBILE_FEED_STANDARD', creative_id: creative } });
    expect(r.status).toBe(200);
    expect(r.body.data.data[0].body).toMatch(/^<iframe src="https:\/\/www\.facebook\.com\/ads\/api\/preview_iframe\.php/);
    expect((await w.sim.calls(`/${creative}/previews`))[0]!.query.ad_format).toBe('MOBILE_FEED_STANDARD');
    const spec = { object_story_spec: { page_id: PAGES.alice[0], link_data: { link: 'https://example.test/x', message: 'Hi' } } };
    const g = await w.call('POST', '/api/v1/facebook/creatives/preview', { body: { adAccountId: A1, ad_format: 'DESKTOP_FEED_STANDARD', creative: spec } });
    expect(g.status).toBe(200);
    const gen = (await w.sim.calls('/generatepreviews'))[0]!;
    expect(JSON.parse(gen.query.creative!)).toEqual(spec);
  });

  it('estimates audience size with reachestimate and delivery_estimate', async () => {
    const targeting_spec = { geo_locations: { countries: ['US'] }, age_min: 25, age_max: 45 };
    const r = await w.call('POST', '/api/v1/facebook/audiences/estimate', { body: { adAccountId: A1, targeting_spec } });
    expect(r.status).toBe(200);
    expect(r.body.data.data).toMatchObject({ users_lower_bound: expect.any(Number), users_upper_bound: expect.any(Number), estimate_ready: true });
    expect(JSON.parse((await w.sim.calls('/reachestimate'))[0]!.query.targeting_spec!)).toEqual(targeting_spec);
    const d = await w.call('POST', '/api/v1/facebook/audiences/estimate', { body: { adAccountId: A1, targeting_spec, optimization_goal: 'REACH' } });
    expect(d.body.data.data[0]).toMatchObject({ estimate_mau_lower_bound: expect.any(Number), daily_outcomes_curve: expect.any(Array) });
    expect((await w.sim.calls('/delivery_estimate'))[0]!.query.optimization_goal).toBe('REACH');
  });

  it('searches targeting options (typed /search and account targetingsearch), also on the team surface', async () => {
    const r = await w.call('POST', '/api/v1/facebook/targeting/search', { body: { adAccountId: A1, q: 'a', type: 'adinterest', limit: 3 } });
    expect(r.status).toBe(200);
    expect(r.body.data.data.length).toBeGreaterThan(0);
    expect((await w.sim.calls('/search'))[0]!.query).toMatchObject({ type: 'adinterest', q: 'a', limit: '3' });
    const acct = await w.call('POST', '/api/v1/facebook/targeting/search', { body: { adAccountId: A1, q: 'a' } });
    expect(acct.status).toBe(200);
    expect((await w.sim.calls('/targetingsearch'))[0]!.path).toBe(`/${GRAPH_VERSION}/act_${A1}/targetingsearch`);
    const team = await w.call('POST', '/api/v1/alice-ext/facebook/targeting/search', { body: { adAccountId: A1, q: 'a' }, as: { 'x-api-key': w.apiKey } });
    expect(team.status).toBe(200);
    expect(team.body.data.data).toEqual(acct.body.data.data);
  });
});
