import { AdCreativeDto, CreateAdGroupDto, CreateAssetsDto, CreateCampaignDto, UpdateAssetsStatusDto } from '../../../shared/platforms/tiktok/operations/assets.dto';
import { createAdGroupCall, createAdsCall, createCampaignCall, statusCall } from '../../../shared/platforms/tiktok/operations/assets-write';
import { snakeKeys } from '../../../shared/platforms/tiktok/operations/encoding';

const ADV = '7000000000000000011';

const campaign = CreateCampaignDto.parse({ campaignName: 'Spring', objectiveType: 'TRAFFIC', budgetMode: 'BUDGET_MODE_DAY', budget: 50 });
const adGroup = CreateAdGroupDto.parse({
  adgroupName: 'AG',
  budgetMode: 'BUDGET_MODE_DAY',
  budget: 20,
  scheduleType: 'SCHEDULE_FROM_NOW',
  scheduleStartTime: '2026-12-01 00:00:00',
  optimizationGoal: 'CLICK',
  billingEvent: 'CPC',
  pacing: 'PACING_MODE_SMOOTH',
  locationIds: ['6252001'],
});
const creative = AdCreativeDto.parse({
  adName: 'Ad 1',
  adFormat: 'SINGLE_VIDEO',
  identityType: 'CUSTOMIZED_USER',
  identityId: '7001',
  adText: 'Hi',
  videoId: 'v1',
  utmParams: [{ key: 'utm_source', value: 'tiktok' }],
  disclaimerType: 'TEXT_LINK',
  disclaimerText: { text: 'Terms apply' },
  disclaimerClickableTexts: [{ text: 'Terms', url: 'https://example.com/terms' }],
});

describe('CreateAssetsDto', () => {
  const issues = (body: unknown) => {
    const r = CreateAssetsDto.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts any contiguous run of parts', () => {
    expect(issues({ adAccountId: ADV, campaign })).toEqual([]);
    expect(issues({ adAccountId: ADV, campaign, adGroup, ad: { creatives: [creative] } })).toEqual([]);
    expect(issues({ adAccountId: ADV, adGroup: { ...adGroup, campaignId: '1' }, ad: { creatives: [creative] } })).toEqual([]);
    expect(issues({ adAccountId: ADV, ad: { adgroupId: '2', creatives: [creative] } })).toEqual([]);
  });

  it('refuses gaps, missing parents, parent ids that contradict the chain, and an empty request', () => {
    expect(issues({ adAccountId: ADV, campaign, ad: { adgroupId: '2', creatives: [creative] } }).join()).toMatch(/contiguous/);
    expect(issues({ adAccountId: ADV, adGroup })).toContain('adGroup.campaignId: required when no campaign is created');
    expect(issues({ adAccountId: ADV, campaign, adGroup: { ...adGroup, campaignId: '1' } }).join()).toMatch(/adGroup.campaignId: must be absent/);
    expect(issues({ adAccountId: ADV }).join()).toMatch(/at least one/);
    expect(issues({ adAccountId: ADV, campaign: { ...campaign, budget: undefined } })).toContain('campaign.budget: required with BUDGET_MODE_DAY');
    expect(issues({ adAccountId: ADV, campaign: { ...campaign, extra: 1 } }).join()).toMatch(/extra/);
  });
});

describe('create chain requests', () => {
  it('campaign/create carries TikTok names and the request_id', () => {
    expect(createCampaignCall(ADV, campaign, '123')).toEqual({
      method: 'POST',
      path: 'campaign/create/',
      body: { advertiser_id: ADV, campaign_name: 'Spring', objective_type: 'TRAFFIC', budget_mode: 'BUDGET_MODE_DAY', budget: 50, request_id: '123' },
      idempotent: true,
    });
  });

  it('adgroup/create goes under the given campaign', () => {
    const c = createAdGroupCall(ADV, adGroup, '180', '9');
    expect(c.path).toBe('adgroup/create/');
    expect(c.body).toMatchObject({ campaign_id: '180', adgroup_name: 'AG', schedule_start_time: '2026-12-01 00:00:00', location_ids: ['6252001'], billing_event: 'CPC', request_id: '9' });
  });

  it('ad/create sends creatives with UTM params and disclaimers in TikTok names, without request_id (ad/create has none), never retried blindly', () => {
    const c = createAdsCall(ADV, { creatives: [creative] }, '181');
    expect(c.idempotent).toBe(false);
    expect(c.body).toEqual({
      advertiser_id: ADV,
      adgroup_id: '181',
      creatives: [
        {
          ad_name: 'Ad 1', ad_format: 'SINGLE_VIDEO', identity_type: 'CUSTOMIZED_USER', identity_id: '7001', ad_text: 'Hi', video_id: 'v1',
          utm_params: [{ key: 'utm_source', value: 'tiktok' }],
          disclaimer_type: 'TEXT_LINK',
          disclaimer_text: { text: 'Terms apply' },
          disclaimer_clickable_texts: [{ text: 'Terms', url: 'https://example.com/terms' }],
        },
      ],
    });
  });

  it.each([
    ['campaign', 'campaign/status/update/', 'campaign_ids'],
    ['adgroup', 'adgroup/status/update/', 'adgroup_ids'],
    ['ad', 'ad/status/update/', 'ad_ids'],
  ] as const)('status of %s goes to %s with %s', (level, path, key) => {
    const dto = UpdateAssetsStatusDto.parse({ adAccountId: ADV, level, ids: ['1', '2', '1'], status: 'DISABLE' });
    expect(statusCall(ADV, dto)).toEqual({ method: 'POST', path, body: { advertiser_id: ADV, [key]: ['1', '2'], operation_status: 'DISABLE' }, idempotent: true });
  });

  it('status takes 1–20 ids and only ENABLE, DISABLE, DELETE', () => {
    expect(UpdateAssetsStatusDto.safeParse({ adAccountId: ADV, level: 'ad', ids: [], status: 'ENABLE' }).success).toBe(false);
    expect(UpdateAssetsStatusDto.safeParse({ adAccountId: ADV, level: 'ad', ids: Array(21).fill('1'), status: 'ENABLE' }).success).toBe(false);
    expect(UpdateAssetsStatusDto.safeParse({ adAccountId: ADV, level: 'ad', ids: ['1'], status: 'PAUSED' }).success).toBe(false);
  });

  it('snakeKeys converts nested keys and drops undefined', () => {
    expect(snakeKeys({ aB: { cDe: [{ fG: 1, h: undefined }] } })).toEqual({ a_b: { c_de: [{ f_g: 1 }] } });
  });
});
