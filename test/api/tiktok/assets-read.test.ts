import { http } from '../../helpers/test-app';
import { useWorld } from '../../world';
import { ALICE_UK, ALICE_US, BOB_BIKES, decoded, qs } from './fixtures';

const CAMPAIGN_FIELDS = ['advertiser_id', 'campaign_id', 'campaign_name', 'operation_status', 'objective_type', 'budget', 'budget_mode', 'create_time'];
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('GET /api/v1/tiktok/assets', () => {
  const w = useWorld({ platform: 'tiktok', workers: true }, async (w) => {
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
    await w.connect('tiktok', { adAccountId: ALICE_UK, via: 'token' });
    const bob = await w.userFor('bob-ext');
    await w.connect('tiktok', { adAccountId: BOB_BIKES, as: bob, simUser: 'bob', via: 'token' });
  });

  const assets = (q: Record<string, unknown>, headers?: Record<string, string>) => w.call('GET', `/api/v1/tiktok/assets?${qs(q)}`, { as: headers });

  it('reads campaigns with the seed’s field names and sends TikTok exactly advertiser_id, JSON-encoded fields and filtering, page and page_size', async () => {
    const r = await assets({ adAccountId: ALICE_US, level: 'campaign', fields: CAMPAIGN_FIELDS.join(','), filter: { primary_status: 'STATUS_NOT_DELETE' }, page: 1, pageSize: 5 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, statusCode: 200, message: 'Assets fetched' });
    expect(r.body.data.page_info).toEqual({ page: 1, page_size: 5, total_number: 11, total_page: 3 });
    expect(r.body.data.list).toHaveLength(5);
    for (const c of r.body.data.list) {
      expect(Object.keys(c).sort()).toEqual([...CAMPAIGN_FIELDS].sort());
      expect(c.advertiser_id).toBe(ALICE_US);
      expect(c.campaign_id).toMatch(/^180\d{16}$/);
      expect(c.create_time).toMatch(TIME);
      expect(['ENABLE', 'DISABLE']).toContain(c.operation_status);
      expect(typeof c.budget).toBe('number');
    }
    const [call] = await w.sim.calls('/campaign/get/');
    expect(call!.method).toBe('GET');
    expect(call!.path).toBe('/open_api/v1.3/campaign/get/');
    expect(call!.headers['access-token']).toBe('[present]');
    expect(call!.query.fields).toBe(JSON.stringify(CAMPAIGN_FIELDS));
    expect(decoded(call!.query)).toEqual({ advertiser_id: ALICE_US, fields: CAMPAIGN_FIELDS, filtering: { primary_status: 'STATUS_NOT_DELETE' }, page: '1', page_size: '5' });
  });

  it('pages through every campaign with no gaps or duplicates, passing TikTok’s page_info through', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await assets({ adAccountId: ALICE_US, level: 'campaign', fields: '["campaign_id"]', page, pageSize: 4 });
      expect(r.body.data.page_info).toEqual({ page, page_size: 4, total_number: 11, total_page: 3 });
      seen.push(...r.body.data.list.map((c: { campaign_id: string }) => c.campaign_id));
    }
    expect(seen).toHaveLength(11);
    expect(new Set(seen).size).toBe(11);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('reads ad groups and ads with their own fields and filters (ad groups of one campaign, ads of one ad group)', async () => {
    const camps = await assets({ adAccountId: ALICE_US, level: 'campaign', fields: 'campaign_id', pageSize: 1 });
    const campaignId = camps.body.data.list[0].campaign_id;
    const groups = await assets({ adAccountId: ALICE_US, level: 'adgroup', fields: 'adgroup_id,adgroup_name,campaign_id,budget,placements,optimization_goal', filter: { campaign_ids: [campaignId] } });
    expect(groups.status).toBe(200);
    expect(groups.body.data.page_info.total_number).toBe(2);
    for (const g of groups.body.data.list) expect(g).toEqual({ adgroup_id: expect.stringMatching(/^181/), adgroup_name: expect.any(String), campaign_id: campaignId, budget: expect.any(Number), placements: expect.any(Array), optimization_goal: expect.any(String) });
    const adgroupId = groups.body.data.list[0].adgroup_id;
    const ads = await assets({ adAccountId: ALICE_US, level: 'ad', fields: '["ad_id","ad_name","adgroup_id","ad_format","call_to_action"]', filter: { adgroup_ids: [adgroupId] } });
    expect(ads.status).toBe(200);
    expect(ads.body.data.list).toHaveLength(2);
    for (const a of ads.body.data.list) expect(a).toMatchObject({ ad_id: expect.stringMatching(/^182/), adgroup_id: adgroupId });
    const calls = await w.sim.calls('/get/');
    expect(calls.map((c) => c.path)).toEqual(['/open_api/v1.3/campaign/get/', '/open_api/v1.3/adgroup/get/', '/open_api/v1.3/ad/get/']);
    expect(decoded(calls[2]!.query).filtering).toEqual({ adgroup_ids: [adgroupId] });
  });

  it('answers an empty list when nothing matches', async () => {
    const r = await assets({ adAccountId: ALICE_US, level: 'ad', filter: { ad_name: 'no such ad anywhere' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ list: [], page_info: { page: 1, page_size: 10, total_number: 0, total_page: 0 } });
  });

  it.each([
    ['a bad level', { level: 'creative' }, 'query.level'],
    ['bad JSON in filter', { level: 'campaign', filter: '{"campaign_ids":' }, 'query.filter'],
    ['an unknown filter key', { level: 'campaign', filter: { adgroup_ids: ['1'] } }, 'query.filter'],
    ['an unknown field', { level: 'ad', fields: 'ad_id,budget_mode' }, 'query.fields'],
    ['pageSize over 1000', { level: 'campaign', pageSize: 1001 }, 'query.pageSize'],
    ['a page of 0', { level: 'campaign', page: 0 }, 'query.page'],
    ['an unknown query parameter', { level: 'campaign', limit: 5 }, 'query'],
  ])('answers 400 VALIDATION_FAILED for %s, before calling TikTok', async (_what, q, path) => {
    const r = await assets({ adAccountId: ALICE_US, ...q });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, statusCode: 400, error: { code: 'VALIDATION_FAILED' }, path: '/api/v1/tiktok/assets' });
    expect(r.body.error.details.map((d: { path: string }) => d.path).join(' ')).toContain(path);
    expect(await w.sim.calls('/open_api/')).toHaveLength(0);
  });

  it('accepts the access token as the `token` query parameter', async () => {
    const r = await http(w.app.url, 'GET', `/api/v1/tiktok/assets?${qs({ adAccountId: ALICE_UK, level: 'campaign', token: w.user.token, fields: 'campaign_id' })}`);
    expect(r.status).toBe(200);
    expect(r.body.data.page_info.total_number).toBe(6);
    expect(decoded((await w.sim.calls('/campaign/get/'))[0]!.query).advertiser_id).toBe(ALICE_UK);
  });

  it('accepts x-api-key with externalUserId naming the user acted for (query for reads, body for writes)', async () => {
    const read = await http(w.app.url, 'GET', `/api/v1/tiktok/assets?${qs({ adAccountId: ALICE_US, level: 'campaign', externalUserId: 'alice-ext', fields: 'campaign_id' })}`, { headers: { 'x-api-key': w.apiKey } });
    expect(read.status).toBe(200);
    const asBob = await http(w.app.url, 'GET', `/api/v1/tiktok/assets?${qs({ adAccountId: ALICE_US, level: 'campaign', externalUserId: 'bob-ext' })}`, { headers: { 'x-api-key': w.apiKey } });
    expect(asBob.status).toBe(403);
    expect(asBob.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    const write = await http(w.app.url, 'POST', '/api/v1/tiktok/assets/status', {
      headers: { 'x-api-key': w.apiKey },
      body: { adAccountId: ALICE_US, externalUserId: 'alice-ext', level: 'campaign', ids: ['1800000000000000011'], status: 'ENABLE' },
    });
    expect(write.status).toBe(200);
    expect(write.body.data).toEqual({ campaign_ids: ['1800000000000000011'], status: 'ENABLE' });
  });
});
