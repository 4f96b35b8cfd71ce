import { useWorld } from '../../world';
import { ALICE_US, BOB_BIKES, decoded, qs, uniq } from './fixtures';

describe('TikTok Smart+ (automated) routes', () => {
  const w = useWorld({ platform: 'tiktok', workers: true }, async (w) => {
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
    const bob = await w.userFor('bob-ext');
    await w.connect('tiktok', { adAccountId: BOB_BIKES, as: bob, simUser: 'bob', via: 'token' });
    return { bob };
  });

  const read = (segment: string, q: Record<string, unknown> = {}) => w.call('GET', `/api/v1/tiktok/smart/${segment}?${qs({ adAccountId: ALICE_US, ...q })}`);

  it('reads Smart+ campaigns, ad groups and ads from the /smart_plus/…/get/ endpoints with filtering passed through', async () => {
    const camps = await read('campaigns');
    expect(camps.status).toBe(200);
    expect(camps.body.data.page_info).toMatchObject({ page: 1, total_number: 1 });
    const campaign = camps.body.data.list[0];
    expect(campaign).toMatchObject({ campaign_id: expect.stringMatching(/^183/), campaign_automation_type: 'UPGRADED_SMART_PLUS', smart_plus_adgroup_mode: 'SINGLE' });
    const groups = await read('adgroups', { filter: { campaign_ids: [campaign.campaign_id] } });
    expect(groups.body.data.list).toHaveLength(1);
    const ads = await read('ads', { filter: { adgroup_ids: [groups.body.data.list[0].adgroup_id] }, fields: 'smart_plus_ad_id,ad_name,creative_list', pageSize: 100 });
    expect(ads.status).toBe(200);
    expect(ads.body.data.list).toHaveLength(2);
    expect(ads.body.data.list[0]).toEqual({ smart_plus_ad_id: expect.stringMatching(/^185/), ad_name: expect.any(String), creative_list: expect.any(Array) });
    const calls = await w.sim.calls('/smart_plus/');
    expect(calls.map((c) => c.path)).toEqual(['/open_api/v1.3/smart_plus/campaign/get/', '/open_api/v1.3/smart_plus/adgroup/get/', '/open_api/v1.3/smart_plus/ad/get/']);
    expect(decoded(calls[2]!.query)).toMatchObject({ fields: ['smart_plus_ad_id', 'ad_name', 'creative_list'], filtering: { adgroup_ids: [groups.body.data.list[0].adgroup_id] }, page_size: '100' });
  });

  it('refuses a Smart+ ad page over 100 and an unknown filter key before calling TikTok', async () => {
    expect((await read('ads', { pageSize: 101 })).status).toBe(400);
    expect((await read('campaigns', { filter: { ad_ids: ['1'] } })).status).toBe(400);
    expect((await read('ads', { filter: { ad_name: 'Smart+' } })).status).toBe(400);
    expect(await w.sim.calls('/open_api/')).toHaveLength(0);
  });

  it('creates, updates and changes the status of a campaign, ad group and ad', async () => {
    const campaignName = uniq('SP campaign');
    const c = await w.call('POST', '/api/v1/tiktok/smart/campaigns', { body: { adAccountId: ALICE_US, campaignName, objectiveType: 'WEB_CONVERSIONS', budget: 120, budgetMode: 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET' } });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ message: 'Smart+ campaign created', data: { campaign_id: expect.stringMatching(/^183/), campaign_name: campaignName, budget: 120 } });
    const campaignId = c.body.data.campaign_id;
    expect((await w.sim.calls('/smart_plus/campaign/create/'))[0]!.body).toEqual({
      advertiser_id: ALICE_US, campaign_name: campaignName, objective_type: 'WEB_CONVERSIONS', budget: 120, budget_mode: 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET', request_id: expect.stringMatching(/^\d+$/),
    });

    const u = await w.call('PATCH', `/api/v1/tiktok/smart/campaigns/${campaignId}`, { body: { adAccountId: ALICE_US, budget: 150 } });
    expect(u.status).toBe(200);
    expect(u.body.data).toMatchObject({ campaign_id: campaignId, budget: 150 });
    expect((await w.sim.calls('/smart_plus/campaign/update/'))[0]!.body).toEqual({ advertiser_id: ALICE_US, campaign_id: campaignId, budget: 150 });

    const g = await w.call('POST', '/api/v1/tiktok/smart/adgroups', { body: {
      adAccountId: ALICE_US, campaignId, adgroupName: uniq('SP group'), promotionType: 'WEBSITE', billingEvent: 'OCPM', optimizationGoal: 'CONVERT',
      scheduleType: 'SCHEDULE_FROM_NOW', scheduleStartTime: '2026-12-01 00:00:00', targetingSpec: { locationIds: ['6252001'], ageGroups: ['AGE_25_34'] },
    } });
    expect(g.status).toBe(200);
    const adgroupId = g.body.data.adgroup_id;
    expect((await w.sim.calls('/smart_plus/adgroup/create/'))[0]!.body).toMatchObject({ campaign_id: campaignId, targeting_spec: { location_ids: ['6252001'], age_groups: ['AGE_25_34'] } });
    const gu = await w.call('PATCH', `/api/v1/tiktok/smart/adgroups/${adgroupId}`, { body: { adAccountId: ALICE_US, adgroupName: 'Renamed group' } });
    expect(gu.body.data).toMatchObject({ adgroup_id: adgroupId, adgroup_name: 'Renamed group' });

    const a = await w.call('POST', '/api/v1/tiktok/smart/ads', { body: {
      adAccountId: ALICE_US, adgroupId, adName: uniq('SP ad'),
      creativeList: [{ creativeInfo: { adFormat: 'SINGLE_VIDEO', identityType: 'CUSTOMIZED_USER', identityId: '7000001', videoInfo: { videoId: 'v9' } } }],
      adTextList: [{ adText: 'Buy now' }], landingPageUrlList: [{ landingPageUrl: 'https://shop.example.com/' }],
    } });
    expect(a.status).toBe(200);
    const adId = a.body.data.smart_plus_ad_id;
    expect(a.body.data.creative_list).toHaveLength(1);
    expect((await w.sim.calls('/smart_plus/ad/create/'))[0]!.body).toMatchObject({
      adgroup_id: adgroupId, creative_list: [{ creative_info: { ad_format: 'SINGLE_VIDEO', video_info: { video_id: 'v9' } } }], ad_text_list: [{ ad_text: 'Buy now' }],
    });
    const au = await w.call('PATCH', `/api/v1/tiktok/smart/ads/${adId}`, { body: { adAccountId: ALICE_US, adName: 'Renamed ad' } });
    expect(au.body.data).toMatchObject({ smart_plus_ad_id: adId, ad_name: 'Renamed ad' });
    expect((await w.sim.calls('/smart_plus/ad/update/'))[0]!.body).toEqual({ advertiser_id: ALICE_US, smart_plus_ad_id: adId, ad_name: 'Renamed ad' });

    const as = await w.call('POST', '/api/v1/tiktok/smart/ads/status', { body: { adAccountId: ALICE_US, ids: [adId], status: 'DISABLE' } });
    expect(as.body.data).toEqual({ smart_plus_ad_ids: [adId], status: 'DISABLE' });
    const gs = await w.call('POST', '/api/v1/tiktok/smart/adgroups/status', { body: { adAccountId: ALICE_US, ids: [adgroupId], status: 'DISABLE' } });
    expect(gs.body.data).toEqual({ adgroup_list: [{ adgroup_id: adgroupId, status: 'DISABLE' }], error_list: [] });
    const cs = await w.call('POST', '/api/v1/tiktok/smart/campaigns/status', { body: { adAccountId: ALICE_US, ids: [campaignId], status: 'DELETE' } });
    expect(cs.body.data).toEqual({ campaign_list: [{ campaign_id: campaignId, status: 'DELETE' }], error_list: [] });
    expect((await w.sim.calls('/smart_plus/campaign/status/update/'))[0]!.body).toEqual({ advertiser_id: ALICE_US, campaign_ids: [campaignId], operation_status: 'DELETE' });
  });

  it.each([
    ['campaigns', 'campaign_id'],
    ['adgroups', 'adgroup_id'],
    ['ads', 'smart_plus_ad_id'],
  ])('Smart+ %s status with ids of another user answers 404 and changes nothing', async (segment, idField) => {
    const bobs = await w.call('GET', `/api/v1/tiktok/smart/${segment}?${qs({ adAccountId: BOB_BIKES })}`, { as: w.bob });
    const bobId = bobs.body.data.list[0][idField] as string;
    const r = await w.call('POST', `/api/v1/tiktok/smart/${segment}/status`, { body: { adAccountId: ALICE_US, ids: [bobId], status: 'DISABLE' } });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    const after = await w.call('GET', `/api/v1/tiktok/smart/${segment}?${qs({ adAccountId: BOB_BIKES })}`, { as: w.bob });
    expect(after.body.data.list[0]).toMatchObject({ [idField]: bobId, operation_status: 'ENABLE' });
  });

  it('PATCH with nothing to change answers 400', async () => {
    const r = await w.call('PATCH', '/api/v1/tiktok/smart/campaigns/1830000000000000001', { body: { adAccountId: ALICE_US } });
    expect(r.status).toBe(400);
  });

  describe('review surface', () => {
    let ads: Array<{ smart_plus_ad_id: string; ad_name: string; creative_list: Array<{ ad_material_id: string }> }>;
    beforeAll(async () => {
      // smart_plus/ad/get has no name filter (official spec): the seeded ads are picked by name here.
      const all = (await read('ads', { fields: 'smart_plus_ad_id,ad_name,creative_list', pageSize: 100 })).body.data.list as typeof ads;
      ads = all.filter((a) => a.ad_name.startsWith('Smart+ Ad'));
    });

    it('GET /smart/ads/review-info returns TikTok’s review infos for the ads', async () => {
      const ids = ads.map((a) => a.smart_plus_ad_id);
      const r = await w.call('GET', `/api/v1/tiktok/smart/ads/review-info?${qs({ adAccountId: ALICE_US, smartPlusAdIds: ids.join(','), includeRejectInfo: 'true' })}`);
      expect(r.status).toBe(200);
      expect(r.body.data.smart_plus_ad_review_infos.map((x: { review_status: string }) => x.review_status).sort()).toEqual(['ALL_AVAILABLE', 'PART_AVAILABLE']);
      const [call] = await w.sim.calls('/smart_plus/ad/review_info/');
      expect(decoded(call!.query)).toEqual({ advertiser_id: ALICE_US, smart_plus_ad_ids: ids, extra_info_setting: { include_reject_info: true } });
    });

    it('POST /smart/ads/material-status disables a material', async () => {
      const ad = ads[0]!;
      const material = ad.creative_list[0]!.ad_material_id;
      const r = await w.call('POST', '/api/v1/tiktok/smart/ads/material-status', { body: { adAccountId: ALICE_US, smartPlusAdId: ad.smart_plus_ad_id, adMaterialIds: [material], status: 'DISABLE' } });
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ smart_plus_ad_id: ad.smart_plus_ad_id, ad_material_ids: [material], operation_status: 'DISABLE' });
    });

    it('GET /smart/materials/review-info returns the materials’ review status', async () => {
      const materials = ads.flatMap((a) => a.creative_list.map((c) => c.ad_material_id));
      const r = await w.call('GET', `/api/v1/tiktok/smart/materials/review-info?${qs({ adAccountId: ALICE_US, adMaterialIds: JSON.stringify(materials) })}`);
      expect(r.status).toBe(200);
      expect(r.body.data.material_review_infos).toHaveLength(materials.length);
      expect(r.body.data.material_review_infos.some((m: { review_status: string }) => m.review_status === 'UNAVAILABLE')).toBe(true);
      expect(decoded((await w.sim.calls('/smart_plus/material/review_info/'))[0]!.query).ad_material_ids).toEqual(materials);
    });

    it('POST /smart/ads/{id}/appeal submits the appeal', async () => {
      const ad = ads[0]!;
      const r = await w.call('POST', `/api/v1/tiktok/smart/ads/${ad.smart_plus_ad_id}/appeal`, { body: { adAccountId: ALICE_US, appealReason: 'The claim is accurate.' } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ message: 'Smart+ ad appeal submitted', data: {} });
      expect((await w.sim.calls('/smart_plus/ad/appeal/'))[0]!.body).toEqual({ advertiser_id: ALICE_US, smart_plus_ad_id: ad.smart_plus_ad_id, appeal_reason: 'The claim is accurate.' });
      const info = await w.call('GET', `/api/v1/tiktok/smart/ads/review-info?${qs({ adAccountId: ALICE_US, smartPlusAdIds: ad.smart_plus_ad_id })}`);
      expect(info.body.data.smart_plus_ad_review_infos[0].appeal_status).toBe('APPEALING');
    });
  });
});
