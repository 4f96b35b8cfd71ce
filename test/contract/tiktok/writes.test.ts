/** TikTok simulator contract: campaign/adgroup/ad create, update, status/update (docs/platforms/tiktok.md §4). */
import { ALICE_UK, ALICE_US, expectError, expectOk, simPerFile } from './tiktok-sim-client';

type Rec = Record<string, unknown>;
interface ListData { list: Rec[]; page_info: { total_number: number } }

const campaignBody = (extra: Rec = {}) => ({
  advertiser_id: ALICE_US,
  campaign_name: 'Spring sale',
  objective_type: 'TRAFFIC',
  budget_mode: 'BUDGET_MODE_DAY',
  budget: 120.5,
  ...extra,
});

const adgroupBody = (campaignId: string, extra: Rec = {}) => ({
  advertiser_id: ALICE_US,
  campaign_id: campaignId,
  adgroup_name: 'Spring sale / US',
  billing_event: 'CPC',
  budget_mode: 'BUDGET_MODE_DAY',
  budget: 40,
  optimization_goal: 'CLICK',
  pacing: 'PACING_MODE_SMOOTH',
  schedule_type: 'SCHEDULE_FROM_NOW',
  schedule_start_time: '2026-01-01 00:00:00',
  placement_type: 'PLACEMENT_TYPE_NORMAL',
  placements: ['PLACEMENT_TIKTOK'],
  location_ids: ['6252001'],
  ...extra,
});

const creative = (name: string) => ({
  ad_name: name,
  ad_format: 'SINGLE_VIDEO',
  identity_type: 'CUSTOMIZED_USER',
  identity_id: '7000001',
  ad_text: 'Shoes for spring',
  video_id: 'v10033g500001',
  call_to_action: 'SHOP_NOW',
  landing_page_url: 'https://shop.example.com/spring',
});

describe('tiktok simulator: writes', () => {
  const { api } = simPerFile({ resetEachTest: true });

  it('campaign/create returns the campaign, and later reads see it first (largest id)', async () => {
    const env = await api.post<Rec>('/campaign/create/', campaignBody());
    expectOk(env);
    expect(env.data).toMatchObject({ advertiser_id: ALICE_US, campaign_name: 'Spring sale', objective_type: 'TRAFFIC', budget_mode: 'BUDGET_MODE_DAY', budget: 120.5, operation_status: 'ENABLE' });
    const id = env.data.campaign_id as string;
    expect(id).toMatch(/^\d+$/);
    const list = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_US, page_size: 1 });
    expect(list.data.list[0]).toMatchObject({ campaign_id: id, campaign_name: 'Spring sale' });
    expect(list.data.page_info.total_number).toBe(12);
  });

  it('the same request_id creates once and answers with the same campaign', async () => {
    const first = await api.post<Rec>('/campaign/create/', campaignBody({ request_id: '1234567890123' }));
    const again = await api.post<Rec>('/campaign/create/', campaignBody({ request_id: '1234567890123' }));
    expectOk(again);
    expect(again.data.campaign_id).toBe(first.data.campaign_id);
    const other = await api.post<Rec>('/campaign/create/', campaignBody({ request_id: '1234567890124' }));
    expect(other.data.campaign_id).not.toBe(first.data.campaign_id);
    const list = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_US, filtering: { campaign_name: 'Spring sale' } });
    expect(list.data.page_info.total_number).toBe(2);
  });

  it('campaign/create validates required fields and enums with 40002', async () => {
    expectError(await api.post('/campaign/create/', campaignBody({ campaign_name: undefined })), 40002, 'campaign_name');
    expectError(await api.post('/campaign/create/', campaignBody({ objective_type: 'FAME' })), 40002, 'objective_type');
    expectError(await api.post('/campaign/create/', campaignBody({ budget: undefined })), 40002, 'budget');
    expectOk(await api.post('/campaign/create/', campaignBody({ budget_mode: 'BUDGET_MODE_INFINITE', budget: undefined })));
    expectError(await api.post('/campaign/create/', campaignBody({ campaign_name: 'x'.repeat(513) })), 40002, 'campaign_name');
  });

  it('campaign/update changes name and budget; an unknown campaign answers 40007', async () => {
    const id = (await api.post<Rec>('/campaign/create/', campaignBody())).data.campaign_id as string;
    const env = await api.post<Rec>('/campaign/update/', { advertiser_id: ALICE_US, campaign_id: id, campaign_name: 'Renamed', budget: 99 });
    expectOk(env);
    expect(env.data).toMatchObject({ campaign_id: id, campaign_name: 'Renamed', budget: 99 });
    const read = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_US, filtering: { campaign_ids: [id] } });
    expect(read.data.list[0]).toMatchObject({ campaign_name: 'Renamed', budget: 99 });
    expectError(await api.post('/campaign/update/', { advertiser_id: ALICE_US, campaign_id: '1800000000099999999' }), 40007, 'does not exist');
    // Another advertiser's campaign id does not exist under this advertiser.
    expectError(await api.post('/campaign/update/', { advertiser_id: ALICE_UK, campaign_id: id, campaign_name: 'x' }), 40007);
  });

  it('campaign/status/update disables, deletes (cascading to children) and refuses to touch deleted ones', async () => {
    const camps = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_US, page_size: 2 });
    const [a, b] = camps.data.list.map((c) => c.campaign_id as string);
    const off = await api.post('/campaign/status/update/', { advertiser_id: ALICE_US, campaign_ids: [a], operation_status: 'DISABLE' });
    expectOk(off);
    expect(off.data).toEqual({ campaign_ids: [a], status: 'DISABLE' });
    const adgroups = await api.get<ListData>('/adgroup/get/', { advertiser_id: ALICE_US, filtering: { campaign_ids: [a] } });
    expect(adgroups.data.list.every((g) => g.secondary_status === 'ADGROUP_STATUS_CAMPAIGN_DISABLE')).toBe(true);

    expectOk(await api.post('/campaign/status/update/', { advertiser_id: ALICE_US, campaign_ids: [b], operation_status: 'DELETE' }));
    const live = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_US, filtering: { campaign_ids: [a, b] } });
    expect(live.data.list.map((c) => c.campaign_id)).toEqual([a]);
    const ads = await api.get<ListData>('/ad/get/', { advertiser_id: ALICE_US, filtering: { campaign_ids: [b] } });
    expect(ads.data.page_info.total_number).toBe(0);
    expectError(await api.post('/campaign/status/update/', { advertiser_id: ALICE_US, campaign_ids: [b], operation_status: 'ENABLE' }), 40002, 'deleted');
    expectError(await api.post('/campaign/status/update/', { advertiser_id: ALICE_US, campaign_ids: Array(21).fill(a), operation_status: 'ENABLE' }), 40002, 'campaign_ids');
    expectError(await api.post('/campaign/status/update/', { advertiser_id: ALICE_US, campaign_ids: [a], operation_status: 'PAUSE' }), 40002, 'operation_status');
  });

  it('adgroup create → update → status, visible to reads; placement cannot change', async () => {
    const campaignId = (await api.post<Rec>('/campaign/create/', campaignBody())).data.campaign_id as string;
    const created = await api.post<Rec>('/adgroup/create/', adgroupBody(campaignId, { request_id: '77' }));
    expectOk(created);
    expect(created.data).toMatchObject({ campaign_id: campaignId, campaign_name: 'Spring sale', adgroup_name: 'Spring sale / US', budget: 40, billing_event: 'CPC', location_ids: ['6252001'] });
    const id = created.data.adgroup_id as string;
    expect((await api.post<Rec>('/adgroup/create/', adgroupBody(campaignId, { request_id: '77' }))).data.adgroup_id).toBe(id);

    const upd = await api.post<Rec>('/adgroup/update/', { advertiser_id: ALICE_US, adgroup_id: id, adgroup_name: 'US v2', budget: 55 });
    expect(upd.data).toMatchObject({ adgroup_name: 'US v2', budget: 55 });
    expectError(await api.post('/adgroup/update/', { advertiser_id: ALICE_US, adgroup_id: id, placements: ['PLACEMENT_PANGLE'] }), 40002, 'lacement');

    const st = await api.post('/adgroup/status/update/', { advertiser_id: ALICE_US, adgroup_ids: [id], operation_status: 'DISABLE' });
    expect(st.data).toEqual({ adgroup_ids: [id], status: 'DISABLE' });
    const read = await api.get<ListData>('/adgroup/get/', { advertiser_id: ALICE_US, filtering: { adgroup_ids: [id] } });
    expect(read.data.list[0]).toMatchObject({ adgroup_name: 'US v2', operation_status: 'DISABLE', secondary_status: 'ADGROUP_STATUS_DISABLE' });
  });

  it('adgroup/create validates required fields; an unknown campaign answers 40007', async () => {
    const campaignId = (await api.post<Rec>('/campaign/create/', campaignBody())).data.campaign_id as string;
    expectError(await api.post('/adgroup/create/', adgroupBody(campaignId, { pacing: undefined })), 40002, 'pacing');
    expectError(await api.post('/adgroup/create/', adgroupBody(campaignId, { billing_event: 'FREE' })), 40002, 'billing_event');
    expectError(await api.post('/adgroup/create/', adgroupBody(campaignId, { schedule_start_time: '2026-01-01' })), 40002, 'schedule_start_time');
    expectError(await api.post('/adgroup/create/', adgroupBody('1800000000099999999')), 40007, 'campaign');
  });

  it('adgroup/status/update with allow_partial_success lists the failures in error_list', async () => {
    const groups = await api.get<ListData>('/adgroup/get/', { advertiser_id: ALICE_US, page_size: 1 });
    const good = groups.data.list[0]!.adgroup_id as string;
    const env = await api.post('/adgroup/status/update/', { advertiser_id: ALICE_US, adgroup_ids: [good, '1810000000099999999'], operation_status: 'DISABLE', allow_partial_success: true });
    expectOk(env);
    expect(env.data).toEqual({ adgroup_ids: [good], status: 'DISABLE', error_list: [{ adgroup_id: '1810000000099999999', error_message: expect.stringContaining('does not exist') }] });
    expectError(await api.post('/adgroup/status/update/', { advertiser_id: ALICE_US, adgroup_ids: [good, '1810000000099999999'], operation_status: 'ENABLE' }), 40007);
  });

  it('ad create → update → status; creatives are validated per item', async () => {
    const groups = await api.get<ListData>('/adgroup/get/', { advertiser_id: ALICE_US, page_size: 1 });
    const adgroupId = groups.data.list[0]!.adgroup_id as string;
    const created = await api.post<{ ad_ids: string[]; creatives: Rec[] }>('/ad/create/', { advertiser_id: ALICE_US, adgroup_id: adgroupId, creatives: [creative('A'), creative('B')], request_id: '900' });
    expectOk(created);
    expect(created.data.ad_ids).toHaveLength(2);
    expect(created.data.creatives.map((c) => c.ad_name)).toEqual(['A', 'B']);
    // ad/create's request schema has no request_id (tiktok-business-api-sdk-official src/model/AdCreateBody.js):
    // TikTok does not dedupe it there, so the same request_id creates the ads again.
    const again = await api.post<{ ad_ids: string[] }>('/ad/create/', { advertiser_id: ALICE_US, adgroup_id: adgroupId, creatives: [creative('A'), creative('B')], request_id: '900' });
    expectOk(again);
    expect(again.data.ad_ids).toHaveLength(2);
    expect(again.data.ad_ids.filter((id) => created.data.ad_ids.includes(id))).toEqual([]);

    const [a1] = created.data.ad_ids;
    const upd = await api.post<{ ad_ids: string[]; creatives: Rec[] }>('/ad/update/', { advertiser_id: ALICE_US, adgroup_id: adgroupId, patch_update: true, creatives: [{ ad_id: a1, ad_text: 'New text' }] });
    expect(upd.data.ad_ids).toEqual([a1]);
    expect(upd.data.creatives[0]).toMatchObject({ ad_id: a1, ad_text: 'New text', ad_name: 'A' });

    const st = await api.post('/ad/status/update/', { advertiser_id: ALICE_US, ad_ids: [a1], operation_status: 'DISABLE' });
    expect(st.data).toEqual({ ad_ids: [a1], status: 'DISABLE' });
    const read = await api.get<ListData>('/ad/get/', { advertiser_id: ALICE_US, filtering: { ad_ids: created.data.ad_ids } });
    expect(read.data.list.map((x) => [x.ad_name, x.operation_status, x.ad_text])).toEqual([['B', 'ENABLE', 'Shoes for spring'], ['A', 'DISABLE', 'New text']]);

    expectError(await api.post('/ad/create/', { advertiser_id: ALICE_US, adgroup_id: adgroupId, creatives: [{ ...creative('C'), identity_id: undefined }] }), 40002, 'creatives[0].identity_id');
    expectError(await api.post('/ad/create/', { advertiser_id: ALICE_US, adgroup_id: adgroupId, creatives: [] }), 40002, 'creatives');
  });
});
