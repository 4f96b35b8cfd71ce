import { ACCOUNTS, BUSINESSES, PAGES, USERS, wellKnownToken } from '../../simulators/facebook';
import { FbClient, mintToken, simPerFile } from './fb-client';

const ACT = `act_${ACCOUNTS.alice[0]}`;
const BOB_ACT = `act_${ACCOUNTS.bob[0]}`;

describe('facebook simulator: read shapes', () => {
  const { sim, fb } = simPerFile();

  it('lists alice\'s ad accounts with the default id,account_id fields', async () => {
    const res = await fb.get('me/adaccounts');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(ACCOUNTS.alice.map((id) => ({ id: `act_${id}`, account_id: id })));
    expect(res.body.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
    expect(res.body.paging.next).toBeUndefined();
  });

  it('reads an ad account with the importable fields, money as minor-unit strings', async () => {
    const res = await fb.get(ACT, { fields: 'id,account_id,name,currency,timezone_name,timezone_offset_hours_utc,account_status,disable_reason,amount_spent,balance,business{id,name},user_tasks,funding_source_details' });
    expect(res.body).toMatchObject({
      id: ACT, account_id: ACCOUNTS.alice[0], currency: 'USD', timezone_name: 'America/Los_Angeles',
      account_status: 1, disable_reason: 0, amount_spent: expect.stringMatching(/^\d+$/), balance: expect.stringMatching(/^\d+$/),
      business: { id: BUSINESSES.alice, name: 'Alice Co' }, user_tasks: ['MANAGE', 'ADVERTISE', 'ANALYZE', 'DRAFT'],
    });
  });

  it('returns only id when fields is absent, and the real 100 error for a nonexisting field', async () => {
    expect((await fb.get(ACT)).body).toEqual({ id: ACT });
    const bad = await fb.get(ACT, { fields: 'id,colour' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 100, type: 'OAuthException', message: '(#100) Tried accessing nonexisting field (colour) on node type (AdAccount)' });
  });

  it('answers another user\'s account and unknown ids with GraphMethodException 100/33', async () => {
    for (const id of [BOB_ACT, '120210999999999999']) {
      const res = await fb.get(id, { fields: 'id,name' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
      expect(res.body.error.message).toContain(`Unsupported get request. Object with ID '${id}' does not exist`);
    }
  });

  it('lists campaigns, ad sets, ads and creatives with account_id on every object and nested fields', async () => {
    const campaigns = await fb.get(`${ACT}/campaigns`, { fields: 'id,account_id,name,objective,status,effective_status,daily_budget,special_ad_categories,created_time' });
    expect(campaigns.body.data.length).toBe(3);
    for (const c of campaigns.body.data) {
      expect(c).toMatchObject({ account_id: ACCOUNTS.alice[0], objective: expect.stringMatching(/^OUTCOME_/), special_ad_categories: [] });
      expect(c.created_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/);
    }
    const campaignId = campaigns.body.data[0].id;
    const adsets = await fb.get(`${campaignId}/adsets`, { fields: 'id,account_id,campaign_id,targeting{geo_locations},start_time' });
    expect(adsets.body.data.length).toBe(2);
    expect(adsets.body.data[0]).toMatchObject({ account_id: ACCOUNTS.alice[0], campaign_id: campaignId, targeting: { geo_locations: expect.any(Object) } });
    expect(adsets.body.data[0].start_time).toMatch(/-0700$/);
    const ads = await fb.get(`${adsets.body.data[0].id}/ads`, { fields: 'id,account_id,adset_id,campaign_id,creative{id,name},effective_status' });
    expect(ads.body.data).toHaveLength(2);
    expect(ads.body.data[0]).toMatchObject({ account_id: ACCOUNTS.alice[0], adset_id: adsets.body.data[0].id, campaign_id: campaignId, creative: { id: expect.any(String), name: expect.any(String) } });
    const campaignAds = await fb.get(`${campaignId}/ads`);
    expect(campaignAds.body.data).toHaveLength(4);
    const creatives = await fb.get(`${ACT}/adcreatives`, { fields: 'id,account_id,name,object_story_spec,call_to_action_type' });
    expect(creatives.body.data[0]).toMatchObject({ account_id: ACCOUNTS.alice[0], call_to_action_type: 'LEARN_MORE', object_story_spec: { page_id: PAGES.alice[0] } });
    const one = await fb.get(ads.body.data[0].id, { fields: 'id,name,adset{id,name},account_id' });
    expect(one.body).toMatchObject({ id: ads.body.data[0].id, account_id: ACCOUNTS.alice[0], adset: { id: adsets.body.data[0].id, name: expect.any(String) } });
  });

  it('derives effective_status from parents (CAMPAIGN_PAUSED) and returns times as unix with date_format=U', async () => {
    const campaigns = await fb.get(`${ACT}/campaigns`, { fields: 'id,status', filtering: [{ field: 'status', operator: 'EQUAL', value: 'PAUSED' }] });
    expect(campaigns.body.data).toHaveLength(1);
    const ads = await fb.get(`${campaigns.body.data[0].id}/ads`, { fields: 'effective_status,created_time', date_format: 'U' });
    expect(ads.body.data.every((a: any) => a.effective_status === 'CAMPAIGN_PAUSED')).toBe(true);
    expect(typeof ads.body.data[0].created_time).toBe('number');
  });

  it('serves pages with page access tokens, promote_pages, businesses, owned accounts and catalogs', async () => {
    const pages = await fb.get('me/accounts');
    expect(pages.body.data.map((p: any) => p.id)).toEqual([...PAGES.alice]);
    expect(pages.body.data[0]).toEqual({ access_token: expect.stringMatching(/^EAA/), category: 'Local business', category_list: [{ id: '2500', name: 'Local business' }], name: 'Alice Page 1', id: PAGES.alice[0], tasks: expect.any(Array) });
    expect((await fb.get(`${ACT}/promote_pages`, { fields: 'id,name' })).body.data).toHaveLength(2);
    const biz = await fb.get('me/businesses', { fields: 'id,name,verification_status,primary_page' });
    expect(biz.body.data).toEqual([{ id: BUSINESSES.alice, name: 'Alice Co', verification_status: 'verified', primary_page: { id: PAGES.alice[0] } }]);
    expect((await fb.get(BUSINESSES.alice, { fields: 'id,name,created_time' })).body).toMatchObject({ id: BUSINESSES.alice, name: 'Alice Co' });
    const owned = await fb.get(`${BUSINESSES.alice}/owned_ad_accounts`, { fields: 'id,account_id,name' });
    expect(owned.body.data.map((a: any) => a.id)).toEqual([`act_${ACCOUNTS.alice[0]}`, `act_${ACCOUNTS.alice[1]}`]);
    const catalogs = await fb.get(`${BUSINESSES.alice}/owned_product_catalogs`, { fields: 'id,name,vertical,product_count,business' });
    expect(catalogs.body.data[0]).toMatchObject({ vertical: 'commerce', product_count: expect.any(Number), business: { id: BUSINESSES.alice } });
    expect((await fb.get(`${BUSINESSES.bob}/owned_ad_accounts`)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('serves saved and custom audiences with their real field shapes', async () => {
    const saved = await fb.get(`${ACT}/saved_audiences`, { fields: 'id,name,targeting,approximate_count_lower_bound,approximate_count_upper_bound,run_status' });
    expect(saved.body.data).toHaveLength(2);
    expect(saved.body.data[0]).toMatchObject({ targeting: expect.any(Object), approximate_count_lower_bound: expect.any(Number), run_status: 'ACTIVE' });
    const custom = await fb.get(`${ACT}/customaudiences`, { fields: 'id,account_id,name,subtype,approximate_count_lower_bound,delivery_status,operation_status,lookalike_spec,rule,time_created' });
    expect(custom.body.data.map((a: any) => a.subtype).sort()).toEqual(['CUSTOM', 'LOOKALIKE', 'WEBSITE']);
    const lal = custom.body.data.find((a: any) => a.subtype === 'LOOKALIKE');
    expect(lal).toMatchObject({ account_id: ACCOUNTS.alice[0], delivery_status: { code: 200, description: 'Normal' }, lookalike_spec: { ratio: 0.01, country: 'US' }, time_created: expect.any(Number) });
    const site = custom.body.data.find((a: any) => a.subtype === 'WEBSITE');
    expect(typeof site.rule).toBe('string');
    expect(JSON.parse(site.rule)).toHaveProperty('inclusions');
  });

  it('serves estimates: reachestimate data is an object, delivery_estimate data is a list', async () => {
    const spec = { geo_locations: { countries: ['US'] }, age_min: 25 };
    const reach = await fb.get(`${ACT}/reachestimate`, { targeting_spec: spec });
    expect(reach.body).toEqual({ data: { users_lower_bound: expect.any(Number), users_upper_bound: expect.any(Number), estimate_ready: true } });
    expect(reach.body.data.users_upper_bound).toBeGreaterThan(reach.body.data.users_lower_bound);
    expect((await fb.get(`${ACT}/reachestimate`, { targeting_spec: spec, currency: 'USD' })).body.error.code).toBe(100);
    const delivery = await fb.get(`${ACT}/delivery_estimate`, { targeting_spec: spec, optimization_goal: 'REACH' });
    expect(delivery.body.data[0]).toMatchObject({ estimate_mau_lower_bound: expect.any(Number), estimate_mau_upper_bound: expect.any(Number), estimate_dau: expect.any(Number), estimate_ready: true });
    expect(delivery.body.data[0].daily_outcomes_curve[0]).toEqual({ spend: 0, reach: 0, impressions: 0, actions: 0 });
  });

  it('searches interests globally and per account', async () => {
    const res = await fb.get('search', { type: 'adinterest', q: 'run' });
    expect(res.body.data).toEqual([{ id: expect.stringMatching(/^6003\d+$/), name: 'Running', audience_size_lower_bound: expect.any(Number), audience_size_upper_bound: expect.any(Number), path: expect.any(Array), topic: expect.any(String) }]);
    const geo = await fb.get('search', { type: 'adgeolocation', q: 'new', location_types: ['city'] });
    expect(geo.body.data[0]).toMatchObject({ key: '2490299', type: 'city', country_code: 'US' });
    const acct = await fb.get(`${ACT}/targetingsearch`, { q: 'travel' });
    expect(acct.body.data.map((r: any) => r.type).sort()).toEqual(['behaviors', 'interests']);
    expect((await fb.get('search', { type: 'nope', q: 'x' })).body.error.code).toBe(100);
  });

  it('serves pixels, hourly pixel stats, dataset quality and custom conversions', async () => {
    const pixels = await fb.get(`${ACT}/adspixels`, { fields: 'id,name,code,creation_time,owner_ad_account' });
    expect(pixels.body.data).toHaveLength(1);
    const px = pixels.body.data[0];
    expect(px.code).toContain(px.id);
    expect(px.owner_ad_account).toEqual({ id: ACT, account_id: ACCOUNTS.alice[0] });
    const stats = await fb.get(`${px.id}/stats`, { aggregation: 'event' });
    expect(stats.body.data).toHaveLength(24);
    expect(stats.body.data[0]).toMatchObject({ aggregation: 'event', start_time: expect.stringMatching(/\+0000$/) });
    expect(stats.body.data[0].data[0]).toEqual({ value: 'PageView', count: expect.any(Number) });
    const dq = await fb.get('dataset_quality', { dataset_id: px.id, fields: 'web{event_name,event_match_quality{composite_score,match_key_feedback{identifier,coverage{percentage}}}}' });
    expect(dq.status).toBe(200);
    expect(dq.body.web[0]).toEqual({ event_name: 'PageView', event_match_quality: { composite_score: expect.any(Number), match_key_feedback: expect.any(Array) } });
    expect(dq.body.web[0].event_match_quality.composite_score).toBeLessThanOrEqual(10);
    const cc = await fb.get(`${ACT}/customconversions`, { fields: 'id,account_id,name,custom_event_type,rule,pixel' });
    expect(cc.body.data).toHaveLength(2);
    expect(cc.body.data[0]).toMatchObject({ account_id: ACCOUNTS.alice[0], pixel: { id: px.id }, rule: expect.stringContaining('i_contains') });
    expect((await fb.get(cc.body.data[0].id, { fields: 'id,name' })).body.id).toBe(cc.body.data[0].id);
  });

  it('renders previews for a creative, an ad and an inline creative spec', async () => {
    const creative = (await fb.get(`${ACT}/adcreatives`)).body.data[0].id;
    const prev = await fb.get(`${creative}/previews`, { ad_format: 'DESKTOP_FEED_STANDARD' });
    expect(prev.body.data).toHaveLength(1);
    expect(prev.body.data[0].body).toMatch(/^<iframe src="https:\/\/www\.facebook\.com\/ads\/api\/preview_iframe\.php\?d=AQ[^"]+&amp;t=AQ[^"]+" width="540" height="690" scrolling="yes" style="border: none;"><\/iframe>$/);
    const ad = (await fb.get(`${ACT}/ads`)).body.data[0].id;
    expect((await fb.get(`${ad}/previews`, { ad_format: 'MOBILE_FEED_STANDARD' })).body.data[0].body).toContain('width="335" height="591"');
    const gen = await fb.get(`${ACT}/generatepreviews`, { ad_format: 'INSTAGRAM_STANDARD', creative: { object_story_spec: { page_id: PAGES.alice[0], link_data: { link: 'https://x.test', message: 'hi' } } } });
    expect(gen.body.data[0].body).toContain('preview_iframe.php');
    expect((await fb.get(`${creative}/previews`)).body.error).toMatchObject({ code: 100 });
  });

  it('answers on every live version and unversioned (as the oldest live one), echoing Facebook-API-Version', async () => {
    for (const v of ['v25.0', 'v26.0', 'v27.0']) {
      const res = await new FbClient(sim.baseUrl, wellKnownToken('alice'), v).get('me');
      expect(res.status).toBe(200);
      expect(res.headers.get('facebook-api-version')).toBe(v);
    }
    const plain = await new FbClient(sim.baseUrl, wellKnownToken('alice'), '').get('me');
    expect(plain.headers.get('facebook-api-version')).toBe('v25.0');
  });

  it('refuses an expired version with (#2635), or with auto-upgrade on serves it as the oldest live one with a warning', async () => {
    const old = await new FbClient(sim.baseUrl, wellKnownToken('alice'), 'v24.0').get('me');
    expect(old.status).toBe(400);
    expect(old.body.error).toMatchObject({ code: 2635, type: 'OAuthException', message: '(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: v27.0.' });
    sim.state.tunables.versionAutoUpgrade = true;
    try {
      const up = await new FbClient(sim.baseUrl, wellKnownToken('alice'), 'v24.0').get('me');
      expect(up.status).toBe(200);
      expect(up.headers.get('facebook-api-version')).toBe('v25.0');
      expect(up.headers.get('x-ad-api-version-warning')).toContain('v25.0');
    } finally {
      sim.state.tunables.versionAutoUpgrade = false;
    }
  });

  it('answers 200 for ad reads with a token lacking ads_read and ads_management', async () => {
    const t = await mintToken(sim.baseUrl, { scopes: ['public_profile', 'pages_show_list'] });
    const res = await new FbClient(sim.baseUrl, t.access_token).get(`${ACT}/campaigns`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 200, type: 'OAuthException' });
  });

  it('runs batch requests item by item with JSON-string bodies', async () => {
    const res = await fetch(`${sim.baseUrl}/`, {
      method: 'POST',
      body: new URLSearchParams({
        access_token: wellKnownToken('alice'),
        batch: JSON.stringify([
          { method: 'GET', relative_url: `v25.0/${ACT}?fields=id,name` },
          { method: 'GET', relative_url: `v25.0/${BOB_ACT}` },
        ]),
      }),
    });
    expect(res.status).toBe(200);
    const items = JSON.parse(await res.text()) as any[];
    expect(items[0]).toMatchObject({ code: 200, headers: expect.any(Array) });
    expect(JSON.parse(items[0].body)).toMatchObject({ id: ACT });
    expect(items[1].code).toBe(400);
    expect(JSON.parse(items[1].body).error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('lets bob see only his accounts', async () => {
    const bob = new FbClient(sim.baseUrl, wellKnownToken('bob'));
    const res = await bob.get('me/adaccounts', { fields: 'id,account_status,disable_reason' });
    expect(res.body.data).toEqual([
      { id: BOB_ACT, account_status: 1, disable_reason: 0 },
      { id: `act_${ACCOUNTS.bob[1]}`, account_status: 2, disable_reason: 3 },
    ]);
    expect((await bob.get('me')).body.id).toBe(USERS.bob.id);
  });
});
