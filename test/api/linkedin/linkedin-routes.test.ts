/**
 * LinkedIn through the mounted app and the simulator: connected through the consent dialog, an
 * account activated, then reads, a job-run create (once per Idempotency-Key), a status change and
 * an import; another user's account is refused and bad input a 400.
 */
import { http, startWorld, type World } from '../../world';
import { activateAccount, consent } from '../../world/connect';

const US = '508000001';
const BOB = '508000011';
let w: World<'linkedin'>;
let alice: Record<string, string>;

beforeAll(async () => {
  w = await startWorld({ platform: 'linkedin', workers: true });
  await http(w.app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': w.apiKey }, body: { settings: { allowedOrigins: ['https://tenant.example'] } } });
  await consent(w.app, { platform: 'linkedin', token: w.user.token, simUser: 'alice', redirectUri: 'https://tenant.example/done' });
  await activateAccount(w.app, { platform: 'linkedin', token: w.user.token, adAccountId: US });
  const bob = await w.userFor('bob-ext');
  await consent(w.app, { platform: 'linkedin', token: bob.token, simUser: 'bob', redirectUri: 'https://tenant.example/done' });
  await activateAccount(w.app, { platform: 'linkedin', token: bob.token, adAccountId: BOB });
  alice = w.user.headers;
}, 120_000);
afterAll(() => w?.close());

const get = (path: string) => http(w.app.url, 'GET', path, { headers: alice });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) => http(w.app.url, 'POST', path, { headers: { ...alice, ...headers }, body });

describe('LinkedIn Ads through the API', () => {
  it('lists the campaign groups, campaigns and creatives of the activated account', async () => {
    for (const p of ['campaign-groups', 'campaigns', 'creatives']) {
      const r = await get(`/api/v1/linkedin/${p}?adAccountId=${US}`);
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body.data)).toMatch(/"id"/);
    }
  });

  it('answers analytics for the account', async () => {
    const r = await get(`/api/v1/linkedin/analytics?adAccountId=${US}&pivot=CAMPAIGN&startDate=2026-11-01&endDate=2026-11-20`);
    expect(r.status).toBe(200);
  });

  it('creates a campaign group as a job, exactly once when the Idempotency-Key is replayed, then changes its status', async () => {
    const body = { adAccountId: US, name: 'Winter launch', runSchedule: { start: 1798761600000 }, totalBudget: { amount: '500.00', currencyCode: 'USD' } };
    const key = { 'idempotency-key': `li-group-${Date.now()}` };
    const first = await post('/api/v1/linkedin/campaign-groups', body, key);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: expect.stringMatching(/^\d+$/), name: 'Winter launch' });
    const replay = await post('/api/v1/linkedin/campaign-groups', body, key);
    expect(replay.body.jobId).toBe(first.body.jobId);
    expect(replay.body.data).toEqual(first.body.data);
    const creates = (await w.sim.calls(`/rest/adAccounts/${US}/adCampaignGroups`)).filter((c) => c.method === 'POST');
    expect(creates).toHaveLength(1);
    const status = await post(`/api/v1/linkedin/campaign-groups/${first.body.data.id}/status`, { adAccountId: US, status: 'ARCHIVED' });
    expect(status.status).toBe(200);
  });

  it('takes back the ids its reads give, JSON numbers as LinkedIn sends them', async () => {
    const groups = await get(`/api/v1/linkedin/campaign-groups?adAccountId=${US}`);
    const groupId = groups.body.data.elements[0].id;
    expect(typeof groupId).toBe('number');
    const campaign = {
      adAccountId: Number(US),
      campaignGroupId: groupId,
      name: `From a read ${Date.now()}`,
      type: 'SPONSORED_UPDATES',
      costType: 'CPC',
      unitCost: { amount: '4.50', currencyCode: 'USD' },
      runSchedule: { start: 1798761600000 },
      locale: { country: 'US', language: 'en' },
      targetingCriteria: { include: { and: [{ or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } }] } },
    };
    const created = await post('/api/v1/linkedin/campaigns', campaign);
    expect({ status: created.status, error: created.body.error }).toEqual({ status: 200, error: undefined });
    const [sent] = (await w.sim.calls(`/rest/adAccounts/${US}/adCampaigns`)).filter((c) => c.method === 'POST' && JSON.stringify(c.body).includes(campaign.name));
    expect(JSON.stringify(sent?.body)).toContain(`urn:li:sponsoredCampaignGroup:${groupId}`);
    const status = await post(`/api/v1/linkedin/campaigns/${created.body.data.id}/status`, { adAccountId: Number(US), status: 'PAUSED' });
    expect(status.status).toBe(200);
  });

  it('imports the account via POST /api/v1/linkedin/import-ad-account', async () => {
    const r = await post('/api/v1/linkedin/import-ad-account', { adAccountId: US });
    expect(r.status).toBe(200);
    const entities = await get(`/api/v1/jobs/${r.body.jobId}/entities?level=campaign_group`);
    expect(entities.status).toBe(200);
    expect(JSON.stringify(entities.body.data)).toContain('Winter launch');
  });

  it("another user's account is refused and bad input is a 400", async () => {
    const other = await get(`/api/v1/linkedin/campaigns?adAccountId=${BOB}`);
    // Same tenant, another user's account: refused as not owned (another tenant's would be a 404).
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    expect((await get(`/api/v1/linkedin/analytics?adAccountId=${US}&pivot=NOPE&startDate=2026-11-01`)).status).toBe(400);
    expect((await post('/api/v1/linkedin/campaign-groups', { adAccountId: US })).status).toBe(400);
  });
});
