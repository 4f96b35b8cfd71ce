import { CreateAutomatedAdDto, CreateAutomatedCampaignDto, ReadAutomatedAdReviewInfoDto, UpdateAutomatedCampaignDto } from '../../../shared/platforms/tiktok/operations/smart.dto';
import {
  adReviewInfoCall, appealCall, materialReviewInfoCall, materialStatusCall, smartCreateCall, smartReadCall, smartStatusCall, smartUpdateCall,
} from '../../../shared/platforms/tiktok/operations/smart';

const ADV = '7000000000000000011';

describe('Smart+ requests', () => {
  it('create maps the DTO to smart_plus/campaign/create/ with request_id', () => {
    const dto = CreateAutomatedCampaignDto.parse({ adAccountId: ADV, campaignName: 'SP', objectiveType: 'WEB_CONVERSIONS', budget: 100 });
    expect(smartCreateCall('campaign', ADV, dto, '42')).toEqual({
      method: 'POST', path: 'smart_plus/campaign/create/', idempotent: true,
      body: { advertiser_id: ADV, campaign_name: 'SP', objective_type: 'WEB_CONVERSIONS', budget: 100, request_id: '42' },
    });
    expect(CreateAutomatedCampaignDto.safeParse({ adAccountId: ADV, campaignName: 'SP', objectiveType: 'APP_PROMOTION' }).success).toBe(false);
  });

  it('ad create sends creative_list with nested creative_info and no request_id (smart_plus/ad/create has none), never retried blindly', () => {
    const dto = CreateAutomatedAdDto.parse({
      adAccountId: ADV, adgroupId: '184', adName: 'A',
      creativeList: [{ creativeInfo: { adFormat: 'SINGLE_VIDEO', identityType: 'CUSTOMIZED_USER', identityId: '1', videoInfo: { videoId: 'v9' } } }],
      adTextList: [{ adText: 'Buy' }],
    });
    const c = smartCreateCall('ad', ADV, dto, '1');
    expect(c.idempotent).toBe(false);
    expect(c.body).toEqual({
      advertiser_id: ADV, adgroup_id: '184', ad_name: 'A',
      creative_list: [{ creative_info: { ad_format: 'SINGLE_VIDEO', identity_type: 'CUSTOMIZED_USER', identity_id: '1', video_info: { video_id: 'v9' } } }],
      ad_text_list: [{ ad_text: 'Buy' }],
    });
    expect(CreateAutomatedAdDto.safeParse({ ...dto, creativeList: [] }).success).toBe(false);
  });

  it('update names the object by the level’s id key', () => {
    expect(smartUpdateCall('ad', ADV, '185', { adAccountId: ADV, adName: 'B' }).body).toEqual({ advertiser_id: ADV, smart_plus_ad_id: '185', ad_name: 'B' });
    expect(smartUpdateCall('campaign', ADV, '183', { adAccountId: ADV, budget: 5 }).body).toEqual({ advertiser_id: ADV, campaign_id: '183', budget: 5 });
    expect(UpdateAutomatedCampaignDto.safeParse({ adAccountId: ADV }).success).toBe(false);
  });

  it.each([
    ['campaign', 'campaign_ids'],
    ['adgroup', 'adgroup_ids'],
    ['ad', 'smart_plus_ad_ids'],
  ] as const)('status of %s sends %s', (level, key) => {
    expect(smartStatusCall(level, ADV, { ids: ['1'], status: 'DELETE' })).toEqual({
      method: 'POST', path: `smart_plus/${level}/status/update/`, idempotent: true, body: { advertiser_id: ADV, [key]: ['1'], operation_status: 'DELETE' },
    });
  });

  it('reads check filter keys per level; ads page at most 100', () => {
    expect(smartReadCall('ad', ADV, { page: 1, pageSize: 100, filter: '{"smart_plus_ad_ids":["185"]}' }).query).toMatchObject({ filtering: { smart_plus_ad_ids: ['185'] } });
    expect(() => smartReadCall('ad', ADV, { page: 1, pageSize: 101 })).toThrow(/at most 100/);
    expect(() => smartReadCall('campaign', ADV, { page: 1, pageSize: 10, filter: '{"smart_plus_ad_ids":["1"]}' })).toThrow(/smart_plus_ad_ids/);
  });

  it('review, appeal and material calls', () => {
    const q = ReadAutomatedAdReviewInfoDto.parse({ adAccountId: ADV, smartPlusAdIds: '185,186', includeRejectInfo: 'true' });
    expect(adReviewInfoCall(ADV, q).query).toEqual({ advertiser_id: ADV, smart_plus_ad_ids: ['185', '186'], extra_info_setting: { include_reject_info: true } });
    expect(materialReviewInfoCall(ADV, { adAccountId: ADV, adMaterialIds: '["186"]' }).query).toEqual({ advertiser_id: ADV, ad_material_ids: ['186'] });
    expect(appealCall(ADV, '185', { appealReason: 'ok' })).toEqual({ method: 'POST', path: 'smart_plus/ad/appeal/', idempotent: false, body: { advertiser_id: ADV, smart_plus_ad_id: '185', appeal_reason: 'ok' } });
    expect(materialStatusCall(ADV, { smartPlusAdId: '185', adMaterialIds: ['186'], status: 'DISABLE' }).body).toEqual({ advertiser_id: ADV, smart_plus_ad_id: '185', ad_material_ids: ['186'], operation_status: 'DISABLE' });
  });
});
