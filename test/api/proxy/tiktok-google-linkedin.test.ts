import { useWorld } from '../../world';
import { ALICE_US, BOB_BIKES } from '../tiktok/fixtures';
import { aliceAndBob, G } from '../google/fixtures';

/* The proxy's reads on TikTok, Google Ads and LinkedIn: an unwrapped endpoint, ownership, the forbidden paths, no credential in an answer. */

describe('TikTok proxy: reads', () => {
  const P = '/api/v1/tiktok/proxy';
  const w = useWorld({ platform: 'tiktok', env: { HTTP_MAX_RETRIES: '1', READ_LIMIT_DEADLINE_MS: '2500' } }, async (w) => {
    const alice = await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
    const bob = await w.userFor('bob-ext');
    await w.connect('tiktok', { adAccountId: BOB_BIKES, as: bob, simUser: 'bob', via: 'token' });
    return { alice };
  });

  it('reads the DMP audience list (not wrapped) with Access-Token', async () => {
    const r = await w.call('GET', `${P}/dmp/custom_audience/list/?advertiser_id=${ALICE_US}&page_size=2`);
    expect(r.status).toBe(200);
    expect(r.body.data.list).toHaveLength(2);
    expect(r.body.data.page_info).toMatchObject({ page: 1, page_size: 2, total_number: 3 });
    const next = await w.call('GET', `${P}/dmp/custom_audience/list/?advertiser_id=${ALICE_US}&page_size=2&page=2`);
    expect(next.body.data.list).toHaveLength(1);
  });

  it.each([
    ['another user’s advertiser', `advertiser_id=${BOB_BIKES}`, 403, 'AD_ACCOUNT_NOT_OWNED'],
    ['one of advertiser_ids is another user’s', `advertiser_ids=${encodeURIComponent(JSON.stringify([ALICE_US, BOB_BIKES]))}`, 403, 'AD_ACCOUNT_NOT_OWNED'],
    ['an unknown advertiser', 'advertiser_id=7999999999999999999', 404, 'AD_ACCOUNT_NOT_FOUND'],
    ['no advertiser', 'page=1', 403, 'PROXY_PATH_NOT_ALLOWED'],
  ])('%s: %s → %s, no TikTok call', async (_what, q, status, code) => {
    const r = await w.call('GET', `${P}/dmp/custom_audience/list/?${q}`);
    expect([r.status, r.body.error.code]).toEqual([status, code]);
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('Business Center and OAuth paths are refused', async () => {
    for (const path of ['oauth2/advertiser/get/', 'bc/get/']) {
      const r = await w.call('GET', `${P}/${path}?advertiser_id=${ALICE_US}`);
      expect([r.status, r.body.error.details[0].rule]).toEqual([403, 'tiktok.above-advertiser']);
    }
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('a platform error keeps its code; a rate limit is 429', async () => {
    await w.sim.injectError({ code: 40002, path: '/dmp/custom_audience/list/', count: 1, message: 'bad page' });
    const bad = await w.call('GET', `${P}/dmp/custom_audience/list/?advertiser_id=${ALICE_US}`);
    expect([bad.status, bad.body.error.code]).toEqual([422, 'PLATFORM_REJECTED']);
    await w.sim.injectError({ code: 40100, path: '/dmp/custom_audience/list/' });
    const limited = await w.call('GET', `${P}/dmp/custom_audience/list/?advertiser_id=${ALICE_US}`);
    expect([limited.status, limited.body.error.code]).toEqual([429, 'PLATFORM_RATE_LIMITED']);
    await w.sim.clearFaults();
  });

  it('a token the platform echoes never reaches the caller', async () => {
    const { accessToken } = await w.storedTokens(w.alice.connectionId);
    await w.sim.fault({ path: '/dmp/custom_audience/list/', count: 1, status: 200, body: { code: 0, message: 'OK', request_id: 'r', data: { list: [], echo: `token=${accessToken}` } } });
    const r = await w.call('GET', `${P}/dmp/custom_audience/list/?advertiser_id=${ALICE_US}`);
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.body)).not.toContain(accessToken);
    expect(r.body.data.echo).toBe('token=[REDACTED]');
  });

  it("the answer's data is TikTok's own text: a number past 2^53, escapes and spacing arrive as sent", async () => {
    const data = '{ "list": [ {"id": 12345678901234567891, "name": "caf\\u00e9 \\"q\\" {x}"} ],\n  "page_info": {"page": 1} }';
    await w.sim.fault({ path: '/dmp/custom_audience/list/', count: 1, text: `{"code": 0, "message": "OK", "request_id": "r", "data": ${data}}` });
    const r = await fetch(`${w.url}${P}/dmp/custom_audience/list/?advertiser_id=${ALICE_US}`, { headers: w.user.headers });
    const text = await r.text();
    expect(r.status).toBe(200);
    expect(text.endsWith(`,"data":${data}}`)).toBe(true);
    expect(JSON.parse(text)).toMatchObject({ success: true, statusCode: 200, data: { list: [{ name: 'café "q" {x}' }], page_info: { page: 1 } } });
  });
});

describe('Google proxy: reads', () => {
  const P = '/api/v1/google/proxy';
  const w = useWorld({ platform: 'google', env: { HTTP_MAX_RETRIES: '1' } }, aliceAndBob);
  const search = (customer: string, query: string) => w.call('POST', `${P}/customers/${customer}/googleAds:search`, { body: { query } });

  it('runs googleAds:search (a read by POST) with the Bearer token', async () => {
    const r = await search(G.aliceUs, 'SELECT campaign.id, campaign.name FROM campaign');
    expect(r.status).toBe(200);
    expect(r.body.data.results.length).toBeGreaterThan(0);
    const [call] = await w.sim.calls(`/customers/${G.aliceUs}/googleAds:search`);
    expect(call!.headers.authorization).toBeTruthy();
  });

  it('a resource name of another user’s customer in the GAQL is refused', async () => {
    const r = await search(G.aliceUs, `SELECT campaign.id FROM campaign WHERE campaign.resource_name = 'customers/${G.bobBikes}/campaigns/1'`);
    expect([r.status, r.body.error.code]).toEqual([403, 'AD_ACCOUNT_NOT_OWNED']);
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it.each([
    ['another user’s customer', `customers/${G.bobBikes}`, 403, 'AD_ACCOUNT_NOT_OWNED'],
    ['a discovered, never activated customer', `customers/${G.florist}`, 403, 'AD_ACCOUNT_NOT_VALIDATED'],
    ['an unknown customer', `customers/${G.unknown}`, 404, 'AD_ACCOUNT_NOT_FOUND'],
    ['the accessible-customers list', 'customers:listAccessibleCustomers', 403, 'PROXY_PATH_NOT_ALLOWED'],
  ])('%s → %s, no Google call', async (_what, path, status, code) => {
    const r = await w.call('GET', `${P}/${path}`);
    expect([r.status, r.body.error.code]).toEqual([status, code]);
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('a resource name of another user’s customer in the query is refused', async () => {
    const r = await w.call('GET', `${P}/customers/${G.aliceUs}?resourceName=customers/${G.bobBikes}/campaigns/1`);
    expect([r.status, r.body.error.code]).toEqual([403, 'AD_ACCOUNT_NOT_OWNED']);
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('a token the platform echoes is removed; a quota error is 429', async () => {
    const { accessToken } = await w.storedTokens(w.connections.alice);
    await w.sim.fault({ path: '/googleAds:search', count: 1, status: 200, body: { results: [], debug: accessToken } });
    const r = await search(G.aliceUs, 'SELECT campaign.id FROM campaign');
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.body)).not.toContain(accessToken);
    // Google's daily quota holds the account until its reset: last in this block.
    await w.sim.injectError({ kind: 'quota', path: '/googleAds:search' });
    const limited = await search(G.aliceUs, 'SELECT campaign.id FROM campaign');
    expect([limited.status, limited.body.error.code]).toEqual([429, 'PLATFORM_RATE_LIMITED']);
  });
});

describe('LinkedIn proxy: reads', () => {
  const P = '/api/v1/linkedin/proxy';
  const US = '508000001';
  const BOB = '508000011';
  const w = useWorld({ platform: 'linkedin', env: { HTTP_MAX_RETRIES: '1' } }, async (w) => {
    const alice = await w.connect('linkedin', { adAccountId: US });
    const bob = await w.userFor('bob-ext');
    await w.connect('linkedin', { adAccountId: BOB, as: bob, simUser: 'bob' });
    return { alice };
  });

  it('reads the account with the version headers', async () => {
    const r = await w.call('GET', `${P}/adAccounts/${US}`);
    expect(r.status).toBe(200);
    expect(String(r.body.data.id)).toBe(US);
    const [call] = await w.sim.calls(`/adAccounts/${US}`);
    expect(call!.headers['linkedin-version']).toBeTruthy();
    expect(call!.headers['x-restli-protocol-version']).toBe('2.0.0');
  });

  it.each([
    ['another user’s account in the path', `adAccounts/${BOB}`, 403, 'AD_ACCOUNT_NOT_OWNED'],
    ['another user’s account URN in the query', `adAnalytics?q=analytics&accounts=List(urn%3Ali%3AsponsoredAccount%3A${BOB})`, 403, 'AD_ACCOUNT_NOT_OWNED'],
    ['a campaign URN outside adAccounts/{id}', `adAnalytics?q=analytics&campaigns=List(urn%3Ali%3AsponsoredCampaign%3A1)&accounts=List(urn%3Ali%3AsponsoredAccount%3A${US})`, 403, 'PROXY_PATH_NOT_ALLOWED'],
    ['the member profile', 'me', 403, 'PROXY_PATH_NOT_ALLOWED'],
  ])('%s → %s, no LinkedIn call', async (_what, path, status, code) => {
    const r = await w.call('GET', `${P}/${path}`);
    expect([r.status, r.body.error.code]).toEqual([status, code]);
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('a token the platform echoes is removed', async () => {
    const { accessToken } = await w.storedTokens(w.alice.connectionId);
    await w.sim.fault({ path: `/adAccounts/${US}`, count: 1, status: 200, body: { id: Number(US), note: accessToken } });
    const r = await w.call('GET', `${P}/adAccounts/${US}`);
    expect(JSON.stringify(r.body)).not.toContain(accessToken);
  });
});
