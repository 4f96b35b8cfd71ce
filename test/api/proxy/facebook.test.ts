import { ACCOUNTS } from '../../simulators/facebook';
import { PAGES } from '../../simulators/facebook/model/seed-ids';
import { useWorld } from '../../world';
import { FB_ENV } from '../facebook/fixtures';

const ALICE = ACCOUNTS.alice[0];
const BOB = ACCOUNTS.bob[0];
const P = '/api/v1/facebook/proxy';
const METRICS_TOKEN = 'metrics-token-proxy-0123456789abcdef';

describe('Meta proxy: reads', () => {
  const w = useWorld({ platform: 'facebook', env: { ...FB_ENV, METRICS_TOKEN, PROXY_MAX_RESPONSE_BYTES: '65536' } }, async (w) => {
    const alice = await w.connect('facebook', { adAccountId: `act_${ALICE}` });
    const bob = await w.userFor('bob-ext');
    await w.connect('facebook', { adAccountId: BOB!, as: bob, simUser: 'bob' });
    return { alice, bob };
  });

  it('reads an edge the gateway does not wrap (ad labels) with the connection’s token', async () => {
    const r = await w.call('GET', `${P}/act_${ALICE}/adlabels`);
    expect(r.status).toBe(200);
    expect(r.body.data.data.map((l: { name: string }) => l.name)).toEqual(['Brand', 'Promo', 'Evergreen']);
    const [call] = await w.sim.calls('/adlabels');
    expect(call!.query.access_token).toBeTruthy();
    expect(call!.query.appsecret_proof).toBeTruthy();
  });

  it('pages through the proxy: next is the proxy’s own path, without the token or the proof', async () => {
    const first = await w.call('GET', `${P}/act_${ALICE}/adlabels?limit=1`);
    expect(first.status).toBe(200);
    const next: string = first.body.data.paging.next;
    expect(next.startsWith(`${P}/`)).toBe(true);
    expect(next).not.toMatch(/access_token|appsecret_proof/);
    const tokens = await w.storedTokens(w.alice.connectionId);
    expect(JSON.stringify(first.body)).not.toContain(tokens.accessToken);
    const second = await w.call('GET', next);
    expect(second.status).toBe(200);
    expect(second.body.data.data.map((l: { name: string }) => l.name)).toEqual(['Promo']);
  });

  it('another user’s account: 403 AD_ACCOUNT_NOT_OWNED, and no platform call', async () => {
    const r = await w.call('GET', `${P}/act_${BOB}/adlabels`);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('an object of another user’s account is 404, its owner read with the caller’s own connection', async () => {
    const bobCampaigns = await w.call('GET', `${P}/act_${BOB}/campaigns`, { as: w.bob });
    const bobCampaign: string = bobCampaigns.body.data.data[0].id;
    const r = await w.call('GET', `${P}/${bobCampaign}?adAccountId=act_${ALICE}`);
    expect(r.status).toBe(404);
    expect(JSON.stringify(r.body)).not.toContain('"name"');
  });

  it('an object of the caller’s account is read, its owner looked up once', async () => {
    const list = await w.call('GET', `${P}/act_${ALICE}/campaigns?fields=id,name`);
    const id: string = list.body.data.data[0].id;
    const a = await w.call('GET', `${P}/${id}?fields=name&adAccountId=act_${ALICE}`);
    expect(a.status).toBe(200);
    expect(a.body.data.name).toBeTruthy();
    await w.call('GET', `${P}/${id}?fields=name&adAccountId=act_${ALICE}`);
    const ownerReads = (await w.sim.calls(`/${id}`)).filter((c) => c.query.fields === 'account_id');
    expect(ownerReads).toHaveLength(1);
  });

  it.each(['me', 'me/adaccounts', 'debug_token', `${ACCOUNTS.alice[0]}x`])('%s: 403 PROXY_PATH_NOT_ALLOWED naming the rule, no platform call', async (path) => {
    const r = await w.call('GET', `${P}/${path}`);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('PROXY_PATH_NOT_ALLOWED');
    expect(r.body.message).toContain('meta.first-segment');
    expect(r.body.error.details[0].rule).toBe('meta.first-segment');
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('a user id is not an object of the account: 404, nothing of it returned', async () => {
    const r = await w.call('GET', `${P}/10000000000001?adAccountId=act_${ALICE}`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
  });

  it('the allow list: targeting search through the named account', async () => {
    const r = await w.call('GET', `${P}/search?type=adinterest&q=a&adAccountId=act_${ALICE}`);
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body.data.data)).toBe(true);
    const [call] = await w.sim.calls('/search');
    expect(call!.query.adAccountId).toBeUndefined();
  });

  it('the caller cannot set the token', async () => {
    const r = await w.call('GET', `${P}/act_${ALICE}/adlabels?access_token=mine`);
    expect(r.status).toBe(400);
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('a platform error keeps its code and the platform’s error object', async () => {
    await w.sim.injectError({ path: '/adlabels', code: 100, count: 1 });
    const r = await w.call('GET', `${P}/act_${ALICE}/adlabels`);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('PLATFORM_REJECTED');
    expect(r.body.error.details[0]).toMatchObject({ platform: 'facebook', code: 100 });
  });

  it('a Page the account promotes is reached (promote_pages read once); another user’s Page is not', async () => {
    const own = PAGES.alice[0]!;
    const r = await w.call('GET', `${P}/${own}?fields=name&adAccountId=act_${ALICE}`);
    expect(r.status).toBe(200);
    expect(r.body.data.id).toBe(own);
    await w.call('GET', `${P}/${own}?fields=id&adAccountId=act_${ALICE}`);
    // Read once per account and cached (an earlier test may have read it already).
    expect((await w.sim.calls('/promote_pages')).length).toBeLessThanOrEqual(1);
    const other = await w.call('GET', `${P}/${PAGES.bob[0]}?fields=name&adAccountId=act_${ALICE}`);
    expect([403, 404]).toContain(other.status);
    expect(JSON.stringify(other.body)).not.toContain('"name"');
    expect((await w.sim.calls(`/${PAGES.bob[0]}`)).filter((c) => c.query.fields === 'name')).toHaveLength(0);
  });

  it('an answer over the size limit is 502 PLATFORM_RESPONSE_TOO_LARGE, nothing of it returned', async () => {
    await w.sim.fault({ path: '/adlabels', count: 1, status: 200, body: { data: [], blob: 'x'.repeat(65536) } });
    const r = await w.call('GET', `${P}/act_${ALICE}/adlabels`);
    expect([r.status, r.body.error.code]).toEqual([502, 'PLATFORM_RESPONSE_TOO_LARGE']);
    expect(JSON.stringify(r.body).length).toBeLessThan(10_000);
  });

  it('a request body over the API’s limit is 413, no platform call', async () => {
    const r = await w.call('POST', `${P}/act_${ALICE}/adlabels`, { body: { name: 'x'.repeat(2 * 1024 * 1024) } });
    expect(r.status).toBe(413);
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('metrics label a proxied call by platform and first segment, never the full path', async () => {
    await w.call('GET', `${P}/act_${ALICE}/adlabels`);
    const res = await fetch(`${w.app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await res.text();
    expect(text).toMatch(/platform_call_duration_seconds_count\{[^}]*platform="facebook"[^}]*operation="GET proxy:act_:id"/);
    expect(text).not.toContain(`act_${ALICE}/adlabels`);
  });

  it('a rate limit is honoured: 429 with Retry-After', async () => {
    await w.sim.injectError({ path: '/adlabels', code: 17, count: 5 });
    const r = await w.call('GET', `${P}/act_${ALICE}/adlabels`);
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('PLATFORM_RATE_LIMITED');
  });
});
