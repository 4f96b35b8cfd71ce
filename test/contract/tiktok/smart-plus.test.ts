/** TikTok simulator contract: Upgraded Smart+ endpoints and ad review surface (docs/platforms/tiktok.md §7). */
import { ALICE_US, expectError, expectOk, simPerFile } from './tiktok-sim-client';

type Rec = Record<string, unknown>;
interface ListData { list: Rec[]; page_info: { page: number; page_size: number; total_number: number; total_page: number } }

const creativeInfo = { ad_format: 'SINGLE_VIDEO', identity_type: 'CUSTOMIZED_USER', identity_id: '7000001', video_info: { video_id: 'v1' } };

describe('tiktok simulator: Smart+', () => {
  const { api } = simPerFile({ resetEachTest: true });

  async function createChain(): Promise<{ campaignId: string; adgroupId: string; ad: Rec }> {
    const camp = await api.post<Rec>('/smart_plus/campaign/create/', { advertiser_id: ALICE_US, request_id: '5001', campaign_name: 'SP sale', objective_type: 'WEB_CONVERSIONS', budget: 200 });
    expectOk(camp);
    const campaignId = camp.data.campaign_id as string;
    const group = await api.post<Rec>('/smart_plus/adgroup/create/', {
      advertiser_id: ALICE_US, request_id: '5002', campaign_id: campaignId, adgroup_name: 'SP group', billing_event: 'OCPM', optimization_goal: 'CONVERT',
      promotion_type: 'WEBSITE', schedule_type: 'SCHEDULE_FROM_NOW', schedule_start_time: '2026-01-01 00:00:00',
      targeting_spec: { location_ids: ['6252001'], age_groups: ['AGE_25_34'], gender: 'GENDER_UNLIMITED' },
    });
    expectOk(group);
    const adgroupId = group.data.adgroup_id as string;
    const ad = await api.post<Rec>('/smart_plus/ad/create/', {
      advertiser_id: ALICE_US, adgroup_id: adgroupId, ad_name: 'SP ad',
      creative_list: [{ creative_info: creativeInfo }, { creative_info: { ...creativeInfo, video_info: { video_id: 'v2' } } }],
      ad_text_list: [{ ad_text: 'Buy now' }], landing_page_url_list: [{ landing_page_url: 'https://shop.example.com' }],
    });
    expectOk(ad);
    return { campaignId, adgroupId, ad: ad.data };
  }

  it('campaign/create requires request_id, defaults to CBO with dynamic daily budget, and is idempotent', async () => {
    expectError(await api.post('/smart_plus/campaign/create/', { advertiser_id: ALICE_US, campaign_name: 'x', objective_type: 'WEB_CONVERSIONS' }), 40002, 'request_id');
    expectError(await api.post('/smart_plus/campaign/create/', { advertiser_id: ALICE_US, request_id: '1', campaign_name: 'x', objective_type: 'TRAFFIC' }), 40002, 'objective_type');
    const { campaignId } = await createChain();
    const again = await api.post<Rec>('/smart_plus/campaign/create/', { advertiser_id: ALICE_US, request_id: '5001', campaign_name: 'SP sale', objective_type: 'WEB_CONVERSIONS', budget: 200 });
    expect(again.data).toMatchObject({ campaign_id: campaignId, budget_optimize_on: true, budget_mode: 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET', smart_plus_adgroup_mode: 'SINGLE', budget: 200 });
    const list = await api.get<ListData>('/smart_plus/campaign/get/', { advertiser_id: ALICE_US });
    expect(list.data.page_info.total_number).toBe(2);
    expect(list.data.list[0]!.campaign_id).toBe(campaignId);
  });

  // Source: tiktok-business-api-sdk-official src/model/SmartPlusAdgroupCreateBody.js (request_id is a
  // constructor argument, i.e. required) and SmartPlusAdCreateBody.js (no request_id field at all).
  it('adgroup/create requires request_id and dedupes it; ad/create has none and creates on every call', async () => {
    const { campaignId, adgroupId } = await createChain();
    const groupBody = {
      advertiser_id: ALICE_US, campaign_id: campaignId, adgroup_name: 'SP group', billing_event: 'OCPM', optimization_goal: 'CONVERT',
      promotion_type: 'WEBSITE', schedule_type: 'SCHEDULE_FROM_NOW', schedule_start_time: '2026-01-01 00:00:00',
      targeting_spec: { location_ids: ['6252001'] },
    };
    expectError(await api.post('/smart_plus/adgroup/create/', groupBody), 40002, 'request_id');
    expect((await api.post<Rec>('/smart_plus/adgroup/create/', { ...groupBody, request_id: '5002' })).data.adgroup_id).toBe(adgroupId);
    const adBody = { advertiser_id: ALICE_US, adgroup_id: adgroupId, ad_name: 'SP ad 2', request_id: '77', creative_list: [{ creative_info: creativeInfo }] };
    const a = await api.post<Rec>('/smart_plus/ad/create/', adBody);
    const b = await api.post<Rec>('/smart_plus/ad/create/', adBody);
    expectOk(a);
    expectOk(b);
    expect(b.data.smart_plus_ad_id).not.toBe(a.data.smart_plus_ad_id);
  });

  it('ad/create returns the ad with smart_plus_ad_id and one material per creative; ad/get sees it; page_size ≤ 100', async () => {
    const { ad, adgroupId } = await createChain();
    expect(ad).toMatchObject({ ad_name: 'SP ad', adgroup_id: adgroupId, operation_status: 'ENABLE' });
    const materials = ad.creative_list as Array<Rec>;
    expect(materials).toHaveLength(2);
    expect(materials[1]).toMatchObject({ material_operation_status: 'ENABLE', creative_info: { video_info: { video_id: 'v2' } } });
    const got = await api.get<ListData>('/smart_plus/ad/get/', { advertiser_id: ALICE_US, filtering: { adgroup_ids: [adgroupId] } });
    expect(got.data.list.map((x) => x.smart_plus_ad_id)).toEqual([ad.smart_plus_ad_id]);
    expectOk(await api.get('/smart_plus/ad/get/', { advertiser_id: ALICE_US, page_size: 100 }));
    expectError(await api.get('/smart_plus/ad/get/', { advertiser_id: ALICE_US, page_size: 101 }), 40002, 'page_size');
    expectError(await api.post('/smart_plus/ad/create/', { advertiser_id: ALICE_US, adgroup_id: adgroupId, ad_name: 'x', creative_list: [{}] }), 40002, 'creative_info');
  });

  it('updates are stored and visible to reads', async () => {
    const { campaignId, adgroupId, ad } = await createChain();
    expect((await api.post<Rec>('/smart_plus/campaign/update/', { advertiser_id: ALICE_US, campaign_id: campaignId, campaign_name: 'SP v2', budget: 250 })).data).toMatchObject({ campaign_name: 'SP v2', budget: 250 });
    expect((await api.post<Rec>('/smart_plus/adgroup/update/', { advertiser_id: ALICE_US, adgroup_id: adgroupId, adgroup_name: 'G v2' })).data).toMatchObject({ adgroup_name: 'G v2', campaign_name: 'SP v2' });
    expect((await api.post<Rec>('/smart_plus/ad/update/', { advertiser_id: ALICE_US, smart_plus_ad_id: ad.smart_plus_ad_id, ad_name: 'A v2' })).data).toMatchObject({ ad_name: 'A v2', adgroup_name: 'G v2' });
    const groups = await api.get<ListData>('/smart_plus/adgroup/get/', { advertiser_id: ALICE_US, filtering: { campaign_ids: [campaignId] } });
    expect(groups.data.list.map((g) => g.adgroup_name)).toEqual(['G v2']);
  });

  it('status updates: campaign/adgroup answer campaign_list/adgroup_list + error_list; ads echo ids and status', async () => {
    const { campaignId, adgroupId, ad } = await createChain();
    const c = await api.post('/smart_plus/campaign/status/update/', { advertiser_id: ALICE_US, campaign_ids: [campaignId, '1830000000099999999'], operation_status: 'DISABLE' });
    expectOk(c);
    expect(c.data).toEqual({ campaign_list: [{ campaign_id: campaignId, status: 'DISABLE' }], error_list: [{ campaign_id: '1830000000099999999', error_message: expect.stringContaining('does not exist') }] });
    const g = await api.post('/smart_plus/adgroup/status/update/', { advertiser_id: ALICE_US, adgroup_ids: [adgroupId], operation_status: 'DISABLE' });
    expect(g.data).toEqual({ adgroup_list: [{ adgroup_id: adgroupId, status: 'DISABLE' }], error_list: [] });
    const a = await api.post('/smart_plus/ad/status/update/', { advertiser_id: ALICE_US, smart_plus_ad_ids: [ad.smart_plus_ad_id], operation_status: 'DELETE' });
    expect(a.data).toEqual({ smart_plus_ad_ids: [ad.smart_plus_ad_id], status: 'DELETE' });
    const got = await api.get<ListData>('/smart_plus/ad/get/', { advertiser_id: ALICE_US, filtering: { adgroup_ids: [adgroupId] } });
    expect(got.data.list).toEqual([]);
  });

  it('material status, appeal and review info', async () => {
    const { ad } = await createChain();
    const adId = ad.smart_plus_ad_id as string;
    const [m1] = (ad.creative_list as Array<{ ad_material_id: string }>).map((m) => m.ad_material_id);
    const ms = await api.post('/smart_plus/ad/material_status/update/', { advertiser_id: ALICE_US, smart_plus_ad_id: adId, ad_material_ids: [m1], operation_status: 'DISABLE' });
    expect(ms.data).toEqual({ smart_plus_ad_id: adId, ad_material_ids: [m1], operation_status: 'DISABLE' });
    const read = await api.get<ListData>('/smart_plus/ad/get/', { advertiser_id: ALICE_US, filtering: { smart_plus_ad_ids: [adId] } });
    expect((read.data.list[0]!.creative_list as Rec[])[0]).toMatchObject({ ad_material_id: m1, material_operation_status: 'DISABLE' });

    // Seeded "Smart+ Ad 2" has one rejected material.
    const all = await api.get<ListData>('/smart_plus/ad/get/', { advertiser_id: ALICE_US, page_size: 10 });
    const seededAd = all.data.list.find((x) => x.ad_name === 'Smart+ Ad 2')!.smart_plus_ad_id as string;
    const review = await api.get<{ smart_plus_ad_review_infos: Rec[]; material_review_infos: Rec[] }>('/smart_plus/ad/review_info/', { advertiser_id: ALICE_US, smart_plus_ad_ids: [seededAd, adId] });
    expectOk(review);
    expect(review.data.smart_plus_ad_review_infos.map((r) => [r.smart_plus_ad_id, r.review_status, r.appeal_status])).toEqual([
      [seededAd, 'PART_AVAILABLE', 'NOT_APPEALED'],
      [adId, 'ALL_AVAILABLE', 'NOT_APPEALED'],
    ]);
    expect((review.data.smart_plus_ad_review_infos[0]!.reject_info as Rec[])[0]).toHaveProperty('reasons');
    expect(review.data.material_review_infos).toHaveLength(4);

    const appeal = await api.post('/smart_plus/ad/appeal/', { advertiser_id: ALICE_US, smart_plus_ad_id: seededAd, appeal_reason: 'The claim is accurate.' });
    expectOk(appeal);
    expect(appeal.data).toEqual({});
    const after = await api.get<{ smart_plus_ad_review_infos: Rec[] }>('/smart_plus/ad/review_info/', { advertiser_id: ALICE_US, smart_plus_ad_ids: [seededAd] });
    expect(after.data.smart_plus_ad_review_infos[0]!.appeal_status).toBe('APPEALING');

    const rejected = review.data.material_review_infos.find((m) => m.review_status === 'UNAVAILABLE')!.ad_material_id as string;
    const mr = await api.get<{ material_review_infos: Rec[] }>('/smart_plus/material/review_info/', { advertiser_id: ALICE_US, ad_material_ids: [rejected] });
    expect(mr.data.material_review_infos).toEqual([{ ad_material_id: rejected, smart_plus_ad_id: seededAd, review_status: 'UNAVAILABLE', reject_info: [expect.objectContaining({ suggestion: expect.any(String) })] }]);
    expect((mr.data.material_review_infos[0]!.reject_info as Array<{ reasons: string[] }>)[0]!.reasons.length).toBeGreaterThan(0);
    expectError(await api.get('/smart_plus/material/review_info/', { advertiser_id: ALICE_US, ad_material_ids: ['1869999999999999999'] }), 40007);
  });
});
