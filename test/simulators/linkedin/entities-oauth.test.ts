/** LinkedIn simulator: writes that later reads see, validation bodies, analytics and the OAuth grant. */
import { ALICE_EU, ALICE_US, ALICE_VIEW, campaignBody, enc, simPerFile, urn } from './sim-client';

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  refresh_token_expires_in: number;
}
type Page = { elements: Record<string, unknown>[]; metadata?: { nextPageToken?: string } };
const groupsPath = (a: number) => `/rest/adAccounts/${a}/adCampaignGroups`;
const campaignsPath = (a: number) => `/rest/adAccounts/${a}/adCampaigns`;
const newGroup = (a: number, currency: string, extra: Record<string, unknown> = {}) => ({
  account: urn.account(a), name: 'Q1 brand', status: 'DRAFT', runSchedule: { start: Date.UTC(2026, 11, 1) }, totalBudget: { amount: '1000.00', currencyCode: currency }, ...extra,
});

describe('linkedin simulator: campaign groups and campaigns', () => {
  const h = simPerFile();

  it('a create answers 201 with an empty body and x-restli-id; the group is then read and searched by name; a second create makes a second group', async () => {
    const r = await h.client.call('POST', groupsPath(ALICE_EU), { body: newGroup(ALICE_EU, 'EUR') });
    expect(r.status).toBe(201);
    expect(r.text).toBe('');
    const id = r.headers.get('x-restli-id')!;
    expect(id).toMatch(/^\d+$/);
    expect((await h.client.get(`${groupsPath(ALICE_EU)}/${id}`)).body).toMatchObject({ id: Number(id), name: 'Q1 brand', status: 'DRAFT', account: urn.account(ALICE_EU), totalBudget: { amount: '1000.00', currencyCode: 'EUR' } });
    const again = await h.client.call('POST', groupsPath(ALICE_EU), { body: newGroup(ALICE_EU, 'EUR') });
    expect(again.headers.get('x-restli-id')).not.toBe(id);
    const found = await h.client.get<Page>(`${groupsPath(ALICE_EU)}?q=search&search=(name:(values:List(${enc('Q1 brand')})))`);
    expect(found.body.elements).toHaveLength(2);
  });

  it('a campaign needs a group of the same account and the account currency; errors carry errorDetails.inputErrors', async () => {
    const groups = await h.client.get<Page>(`${groupsPath(ALICE_US)}?q=search&search=(status:(values:List(ACTIVE)))`);
    const groupId = groups.body.elements[0]!.id as number;
    const wrongCurrency = await h.client.call('POST', campaignsPath(ALICE_US), { body: campaignBody(ALICE_US, groupId, 'EUR') });
    expect(wrongCurrency.status).toBe(400);
    expect(wrongCurrency.body).toMatchObject({
      code: 'MULTIPLE_VALIDATIONS_FAILED',
      errorDetailType: 'com.linkedin.common.error.BadRequest',
      errorDetails: { inputErrors: [{ code: 'CURRENCY_MISMATCH', input: { inputPath: { fieldPath: 'unitCost/currencyCode' } } }, { code: 'CURRENCY_MISMATCH', input: { inputPath: { fieldPath: 'dailyBudget/currencyCode' } } }] },
    });
    const otherGroup = await h.client.call('POST', campaignsPath(ALICE_EU), { body: campaignBody(ALICE_EU, groupId, 'EUR') });
    expect(otherGroup.body).toMatchObject({ code: 'INVALID_VALUE_FOR_FIELD' });
    const badEnum = await h.client.call('POST', campaignsPath(ALICE_US), { body: campaignBody(ALICE_US, groupId, 'USD', { type: 'BILLBOARD' }) });
    expect(badEnum.status).toBe(422);
    const ok = await h.client.call('POST', campaignsPath(ALICE_US), { body: campaignBody(ALICE_US, groupId, 'USD') });
    expect(ok.status).toBe(201);
    const rec = (await h.client.get(`${campaignsPath(ALICE_US)}/${ok.headers.get('x-restli-id')}`)).body;
    expect(rec).toMatchObject({ campaignGroup: urn.group(groupId), unitCost: { amount: '4.00', currencyCode: 'USD' }, status: 'DRAFT' });
    expect(rec).not.toHaveProperty('objectiveType');
  });

  it('a status change is a PARTIAL_UPDATE answered 204; without the method header it is refused; a later read sees it', async () => {
    const id = (await h.client.call('POST', groupsPath(ALICE_US), { body: newGroup(ALICE_US, 'USD') })).headers.get('x-restli-id');
    const patch = { patch: { $set: { status: 'ACTIVE' } } };
    expect((await h.client.call('POST', `${groupsPath(ALICE_US)}/${id}`, { body: patch })).status).toBe(400);
    const r = await h.client.call('POST', `${groupsPath(ALICE_US)}/${id}`, { body: patch, headers: { 'x-restli-method': 'PARTIAL_UPDATE' } });
    expect(r.status).toBe(204);
    expect((await h.client.get(`${groupsPath(ALICE_US)}/${id}`)).body).toMatchObject({ status: 'ACTIVE', servingStatuses: ['RUNNABLE'] });
    const back = await h.client.call('POST', `${groupsPath(ALICE_US)}/${id}`, { body: { patch: { $set: { status: 'DRAFT' } } }, headers: { 'x-restli-method': 'PARTIAL_UPDATE' } });
    expect(back.body).toMatchObject({ status: 400, code: 'INVALID_STATUS_TRANSITION' });
  });

  it('writes need rw_ads and a campaign role: r_ads alone and a VIEWER role are 403 ACCESS_DENIED', async () => {
    expect((await h.client.call('POST', groupsPath(ALICE_VIEW), { body: newGroup(ALICE_VIEW, 'USD') })).body).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
    await h.client.mint('alice', ['r_ads']);
    expect((await h.client.call('POST', groupsPath(ALICE_US), { body: newGroup(ALICE_US, 'USD') })).status).toBe(403);
    expect((await h.client.get(`${groupsPath(ALICE_US)}?q=search`)).status).toBe(200);
  });

  it('only a DRAFT can be deleted', async () => {
    const id = (await h.client.call('POST', groupsPath(ALICE_US), { body: newGroup(ALICE_US, 'USD', { status: 'ACTIVE' }) })).headers.get('x-restli-id');
    expect((await h.client.call('DELETE', `${groupsPath(ALICE_US)}/${id}`)).body).toMatchObject({ code: 'DELETE_ALLOWED_ONLY_FOR_DRAFT_STATUS' });
  });
});

describe('linkedin simulator: adAnalytics', () => {
  const h = simPerFile();
  const q = (extra: string) => `/rest/adAnalytics?q=analytics&dateRange=(start:(year:2025,month:2,day:1),end:(year:2025,month:2,day:10))&accounts=List(${enc(urn.account(ALICE_US))})&${extra}`;

  it('daily rows sum to the ALL row; counts are integers and cost a decimal string', async () => {
    const fields = 'fields=dateRange,pivotValues,impressions,clicks,costInLocalCurrency';
    const all = (await h.client.get<Page>(q(`pivot=ACCOUNT&timeGranularity=ALL&${fields}`))).body.elements;
    const daily = (await h.client.get<Page>(q(`pivot=ACCOUNT&timeGranularity=DAILY&${fields}`))).body.elements;
    expect(all).toHaveLength(1);
    expect(daily).toHaveLength(10);
    expect(daily[0]).toMatchObject({ pivotValues: [urn.account(ALICE_US)], dateRange: { start: { year: 2025, month: 2, day: 1 }, end: { year: 2025, month: 2, day: 1 } } });
    expect(all[0]!.impressions).toBe(daily.reduce((s, r) => s + (r.impressions as number), 0));
    expect(Number.isInteger(all[0]!.clicks)).toBe(true);
    expect(all[0]!.costInLocalCurrency).toEqual(expect.stringMatching(/^\d+(\.\d+)?$/));
  });

  it('without fields only impressions and clicks come back; more than 20 fields is a 400', async () => {
    const bare = (await h.client.get<Page>(q('pivot=CAMPAIGN&timeGranularity=ALL'))).body.elements;
    expect(Object.keys(bare[0]!).sort()).toEqual(['clicks', 'impressions']);
    const many = Array.from({ length: 21 }, (_, i) => ['impressions', 'clicks', 'likes', 'comments', 'shares', 'follows', 'sends', 'opens', 'videoViews', 'videoStarts', 'videoCompletions', 'landingPageClicks', 'totalEngagements', 'oneClickLeads', 'oneClickLeadFormOpens', 'externalWebsiteConversions', 'externalWebsitePostClickConversions', 'externalWebsitePostViewConversions', 'costInUsd', 'costInLocalCurrency', 'dateRange'][i]).join(',');
    expect((await h.client.get(q(`pivot=CAMPAIGN&timeGranularity=ALL&fields=${many}`))).status).toBe(400);
  });

  it('an account the member cannot read gives 200 with no rows', async () => {
    await h.client.mint('carol');
    const r = await h.client.get<Page>(q('pivot=CAMPAIGN&timeGranularity=ALL'));
    expect(r.status).toBe(200);
    expect(r.body.elements).toEqual([]);
  });
});

describe('linkedin simulator: OAuth', () => {
  const h = simPerFile();
  const redirect = 'https://gw.example.com/li/callback';
  const form = (o: Record<string, string>) => fetch(`${h.client.sim.baseUrl}/oauth/v2/accessToken`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(o).toString() });
  const dialog = async (extra: Record<string, string> = {}) => {
    const qs = new URLSearchParams({ response_type: 'code', client_id: 'app-1', redirect_uri: redirect, state: 'st-9', scope: 'r_ads rw_ads', ...extra });
    const res = await fetch(`${h.client.sim.baseUrl}/oauth/v2/authorization?${qs}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  };

  it('the dialog redirects with code and state; the code buys a 60-day token with a refresh token and the granted scope; it is single use', async () => {
    const back = await dialog();
    expect(back.searchParams.get('state')).toBe('st-9');
    const code = back.searchParams.get('code')!;
    const body = { grant_type: 'authorization_code', code, client_id: 'app-1', client_secret: 's', redirect_uri: redirect };
    const r = await form(body);
    const t = (await r.json()) as Record<string, unknown>;
    expect(t).toMatchObject({ expires_in: 5184000, scope: 'r_ads rw_ads', refresh_token: expect.any(String), refresh_token_expires_in: expect.any(Number) });
    const again = await form(body);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('a refresh answers a new access token and the same refresh token, whose lifetime does not restart', async () => {
    const code = (await dialog()).searchParams.get('code')!;
    const first = (await (await form({ grant_type: 'authorization_code', code, client_id: 'app-1', client_secret: 's', redirect_uri: redirect })).json()) as TokenAnswer;
    const second = (await (await form({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'app-1', client_secret: 's' })).json()) as TokenAnswer;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).toBe(first.refresh_token);
    expect(second.refresh_token_expires_in).toBeLessThanOrEqual(first.refresh_token_expires_in);
    await h.client.control('POST', '/tokens/revoke', { token: second.access_token });
    const dead = await form({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'app-1', client_secret: 's' });
    expect(await dead.json()).toEqual({ error: 'invalid_request', error_description: 'The provided authorization grant or refresh token is invalid, expired or revoked' });
  });

  it('a member who cancels comes back with error=user_cancelled_authorize and the state', async () => {
    const back = await dialog({ sim_deny: '1' });
    expect(back.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(back.searchParams.get('state')).toBe('st-9');
    expect(back.searchParams.has('code')).toBe(false);
  });
});
