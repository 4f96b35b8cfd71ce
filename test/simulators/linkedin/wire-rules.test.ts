/** LinkedIn simulator: the rules every /rest call meets (headers, token, Rest.li syntax, paging, 429). */
import { ALICE_US, ALICE_EU, BOB_GB, enc, simPerFile, urn } from './sim-client';

type Page = { elements: Record<string, unknown>[]; metadata?: { nextPageToken?: string }; paging?: { start: number; count: number; total: number; links: { rel: string; href: string }[] } };

describe('linkedin simulator: headers and token', () => {
  const h = simPerFile();

  it('refuses a call without X-Restli-Protocol-Version: 2.0.0', async () => {
    const r = await h.client.get(`/rest/adAccounts/${ALICE_US}`, { 'x-restli-protocol-version': undefined });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 400, code: 'ILLEGAL_ARGUMENT' });
  });

  it('refuses a call without LinkedIn-Version, and answers 426 NONEXISTENT_VERSION for a sunset one', async () => {
    expect((await h.client.get(`/rest/adAccounts/${ALICE_US}`, { 'linkedin-version': undefined })).status).toBe(400);
    const old = await h.client.get(`/rest/adAccounts/${ALICE_US}`, { 'linkedin-version': '202511' });
    expect(old.status).toBe(426);
    expect(old.body).toEqual({ status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 20251101 is not active' });
    expect((await h.client.get(`/rest/adAccounts/${ALICE_US}`, { 'linkedin-version': '202512' })).status).toBe(200);
  });

  it('answers the four 401s by token state, and takes the token from ?oauth2_access_token too', async () => {
    const token = h.client.token;
    expect((await h.client.get(`/rest/adAccounts/${ALICE_US}`, { authorization: undefined })).body).toMatchObject({ status: 401, serviceErrorCode: 65604, code: 'EMPTY_ACCESS_TOKEN' });
    expect((await h.client.get(`/rest/adAccounts/${ALICE_US}`, { authorization: 'Bearer nope' })).body).toMatchObject({ serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN' });
    expect((await h.client.get(`/rest/adAccounts/${ALICE_US}?oauth2_access_token=${enc(token)}`, { authorization: undefined })).status).toBe(200);
    await h.client.control('POST', '/tokens/expire', { token });
    expect((await h.client.get(`/rest/adAccounts/${ALICE_US}`)).body).toMatchObject({ status: 401, serviceErrorCode: 65602, code: 'EXPIRED_ACCESS_TOKEN' });
    await h.client.mint();
    await h.client.control('POST', '/tokens/revoke', { token: h.client.token });
    expect((await h.client.get(`/rest/adAccounts/${ALICE_US}`)).body).toMatchObject({ status: 401, serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN' });
  });

  it('answers 403 ACCESS_DENIED for an account the member has no role on, and for adAnalytics without r_ads_reporting', async () => {
    const r = await h.client.get(`/rest/adAccounts/${BOB_GB}`);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED' });
    await h.client.mint('alice', ['r_ads']);
    const a = await h.client.get(`/rest/adAnalytics?q=analytics&pivot=CAMPAIGN&timeGranularity=ALL&dateRange=(start:(year:2025,month:1,day:1))&accounts=List(${enc(urn.account(ALICE_US))})`);
    expect(a.body).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
  });
});

describe('linkedin simulator: Rest.li 2.0 syntax', () => {
  const h = simPerFile();

  it('decodes List() of encoded URNs in a search, and refuses the same search over-encoded', async () => {
    const ok = await h.client.get<Page>(`/rest/adAccounts?q=search&search=(id:(values:List(${enc(urn.account(ALICE_EU))})))`);
    expect(ok.status).toBe(200);
    expect(ok.body.elements.map((a) => a.id)).toEqual([ALICE_EU]);
    const over = await h.client.get(`/rest/adAccounts?q=search&search=${enc(`(id:(values:List(${urn.account(ALICE_EU)})))`)}`);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'ILLEGAL_ARGUMENT' });
  });

  it('needs a URN path key encoded whole: a raw colon is a syntax error', async () => {
    const list = await h.client.get<Page>(`/rest/adAccounts/${ALICE_US}/creatives?q=criteria&pageSize=1`);
    const id = list.body.elements[0]!.id as string;
    expect((await h.client.get(`/rest/adAccounts/${ALICE_US}/creatives/${enc(id)}`)).body).toMatchObject({ id });
    const raw = await h.client.get(`/rest/adAccounts/${ALICE_US}/creatives/${id}`);
    expect(raw.status).toBe(400);
    expect(raw.body).toMatchObject({ code: 'ILLEGAL_ARGUMENT', message: expect.stringContaining('Syntax exception in path variables') });
  });

  it('takes enums bare or in the (value:X) form', async () => {
    const q = (pivot: string) => `/rest/adAnalytics?q=analytics&pivot=${pivot}&timeGranularity=(value:ALL)&dateRange=(start:(year:2025,month:1,day:1),end:(year:2025,month:1,day:2))&accounts=List(${enc(urn.account(ALICE_US))})`;
    const bare = await h.client.get(q('CAMPAIGN'));
    expect(bare.status).toBe(200);
    expect((await h.client.get(q('(value:CAMPAIGN)'))).body).toEqual(bare.body);
  });

  it('accepts a GET tunnelled as POST with X-HTTP-Method-Override, and answers 414 past 4 KB of query', async () => {
    const query = `q=search&search=(status:(values:List(ACTIVE)))`;
    const tunnelled = await h.client.call<Page>('POST', `/rest/adAccounts/${ALICE_US}/adCampaignGroups`, { form: query, headers: { 'x-http-method-override': 'GET' } });
    expect(tunnelled.status).toBe(200);
    expect(tunnelled.body.elements.every((g) => g.status === 'ACTIVE')).toBe(true);
    const long = `search=(name:(values:List(${Array.from({ length: 700 }, (_, i) => `name${i}`).join(',')})))`;
    expect((await h.client.get(`/rest/adAccounts/${ALICE_US}/adCampaignGroups?q=search&${long}`)).status).toBe(414);
  });
});

describe('linkedin simulator: paging', () => {
  const h = simPerFile();

  it('search finders page by pageSize/pageToken until metadata has no nextPageToken; the token is bound to the page size', async () => {
    const base = `/rest/adAccounts/${ALICE_US}/adCampaigns?q=search&search=(status:(values:List(ACTIVE,PAUSED,DRAFT)))&pageSize=2`;
    const ids: unknown[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const r = await h.client.get<Page>(`${base}${token ? `&pageToken=${token}` : ''}`);
      expect(r.status).toBe(200);
      ids.push(...r.body.elements.map((e) => e.id));
      token = r.body.metadata?.nextPageToken;
      pages++;
      if (pages === 1) expect((await h.client.get(`${base.replace('pageSize=2', 'pageSize=3')}&pageToken=${token}`)).status).toBe(400);
    } while (token);
    expect(ids).toHaveLength(9);
    expect(new Set(ids).size).toBe(9);
    expect(pages).toBe(5);
  });

  it('adAccountUsers pages by start/count with a rel=next link, and refuses count over 1000', async () => {
    const first = await h.client.get<Page>('/rest/adAccountUsers?q=authenticatedUser&start=0&count=2');
    expect(first.body.paging).toMatchObject({ start: 0, count: 2, total: 3 });
    const next = first.body.paging!.links.find((l) => l.rel === 'next')!;
    const second = await h.client.get<Page>(`/rest${next.href}`);
    expect(second.body.elements.map((e) => e.account)).toEqual([urn.account(508000003)]);
    expect(second.body.paging!.links).toEqual([]);
    const big = await h.client.get('/rest/adAccountUsers?q=authenticatedUser&count=1001');
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ message: 'Specified count is larger than 1000' });
  });
});

describe('linkedin simulator: throttling', () => {
  const h = simPerFile();

  it('answers 429 serviceErrorCode 101, without Retry-After, once a member passes the daily quota of an endpoint; other endpoints still answer', async () => {
    await h.client.control('POST', '/quota', { perMemberPerDay: 2 });
    const path = `/rest/adAccounts/${ALICE_US}`;
    expect((await h.client.get(path)).status).toBe(200);
    expect((await h.client.get(path)).status).toBe(200);
    const third = await h.client.get(path);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ status: 429, serviceErrorCode: 101, message: 'Resource level throttle limit for calls to this resource is reached.' });
    expect(third.headers.get('retry-after')).toBeNull();
    expect((await h.client.get('/rest/adAccountUsers?q=authenticatedUser')).status).toBe(200);
    const usage = await h.client.control<{ today: Record<string, number> }>('GET', '/usage');
    expect(usage.today['member|adAccounts|sim-linkedin-app|alice']).toBe(3);
  });

  it('renders LinkedIn bodies for injected faults by kind', async () => {
    await h.client.control('POST', '/faults', { path: '/adCampaignGroups', kind: 'quota', count: 1 });
    const r = await h.client.get(`/rest/adAccounts/${ALICE_US}/adCampaignGroups?q=search`);
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ serviceErrorCode: 101 });
    expect((await h.client.get(`/rest/adAccounts/${ALICE_US}/adCampaignGroups?q=search`)).status).toBe(200);
  });
});
