import { CreateSocialCampaignDto, StatusUpdateDto } from '../../../shared/platforms/facebook/dto/campaign.dto';
import { CreateAdCloneDto, CreateSocialAds, PreviewAdcreativeDto } from '../../../shared/platforms/facebook/dto/ad.dto';
import { CreateLookalikeAudienceDto, EstimateAudienceDto, TargetingSearchDto } from '../../../shared/platforms/facebook/dto/audience.dto';
import { CreateCustomConversionDto, PixelStatsQuery } from '../../../shared/platforms/facebook/dto/pixel.dto';
import { CreateLeadFormDto } from '../../../shared/platforms/facebook/dto/lead-form.dto';
import { createCampaignCall, statusUpdateCall } from '../../../shared/platforms/facebook/operations/campaigns';
import { cloneAdCall, copyName, createAdCall, createCreativeCall, previewCall } from '../../../shared/platforms/facebook/operations/ads';
import { createLookalikeCall, estimateCall, targetingSearchCall } from '../../../shared/platforms/facebook/operations/audiences';
import { createCustomConversionCall, datasetQualityCall, pixelStatsCall } from '../../../shared/platforms/facebook/operations/pixels';
import { createLeadFormCall, toLeadFormList } from '../../../shared/platforms/facebook/operations/lead-forms';
import { toGatewayList } from '../../../shared/platforms/facebook/operations/graph-call';

const ACCT = '100000000000001';
const issues = (r: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('campaign creation', () => {
  const base = { adAccountId: `act_${ACCT}`, name: 'Spring', special_ad_categories: [] as string[] };

  it('maps the objective segment to OUTCOME_*, starts PAUSED and sends special_ad_categories as JSON text', () => {
    const dto = CreateSocialCampaignDto.parse({ ...base, is_adset_budget_sharing_enabled: false });
    expect(createCampaignCall(ACCT, 'lead', dto)).toEqual({
      method: 'POST',
      path: `act_${ACCT}/campaigns`,
      params: { name: 'Spring', objective: 'OUTCOME_LEADS', status: 'PAUSED', special_ad_categories: '[]', is_adset_budget_sharing_enabled: 'false' },
    });
    expect(createCampaignCall(ACCT, 'sales', dto).params.objective).toBe('OUTCOME_SALES');
  });

  it('sends budgets as minor-unit strings and leaves out budget sharing under a campaign budget', () => {
    const dto = CreateSocialCampaignDto.parse({ ...base, daily_budget: 1500, bid_strategy: 'COST_CAP', status: 'ACTIVE', special_ad_categories: ['HOUSING'], special_ad_category_country: ['US'] });
    expect(createCampaignCall(ACCT, 'traffic', dto).params).toEqual({
      name: 'Spring', objective: 'OUTCOME_TRAFFIC', status: 'ACTIVE', special_ad_categories: '["HOUSING"]',
      special_ad_category_country: '["US"]', daily_budget: '1500', bid_strategy: 'COST_CAP',
    });
  });

  it.each([
    [{ ...base }, 'is_adset_budget_sharing_enabled: required (true or false) when the campaign has no daily_budget or lifetime_budget'],
    [{ ...base, daily_budget: 100, lifetime_budget: 100 }, 'lifetime_budget: set either daily_budget or lifetime_budget, not both'],
    [{ ...base, daily_budget: '12.50' }, 'daily_budget'],
    [{ ...base, daily_budget: 0 }, 'daily_budget'],
    [{ ...base, lifetime_budget: 5000 }, 'stop_time: required with lifetime_budget'],
    [{ name: 'x', adAccountId: ACCT, is_adset_budget_sharing_enabled: true }, 'special_ad_categories: Required'],
    [{ ...base, special_ad_categories: ['FOO'] }, 'special_ad_categories.0'],
    [{ ...base, is_adset_budget_sharing_enabled: true, bid_strategy: 'COST_CAP' }, 'bid_strategy: a campaign bid strategy needs a campaign budget'],
    [{ ...base, is_adset_budget_sharing_enabled: true, objective: 'OUTCOME_LEADS' }, "Unrecognized key(s) in object: 'objective'"],
  ])('rejects %j', (body, expected) => {
    expect(issues(CreateSocialCampaignDto.safeParse(body)).join(' | ')).toContain(expected);
  });

  it('status update posts status to the object', () => {
    const dto = StatusUpdateDto.parse({ adAccountId: ACCT, status: 'ARCHIVED' });
    expect(statusUpdateCall('120000000000001', dto)).toEqual({ method: 'POST', path: '120000000000001', params: { status: 'ARCHIVED' } });
    expect(StatusUpdateDto.safeParse({ adAccountId: ACCT, status: 'ENABLE' }).success).toBe(false);
  });
});

describe('ads, copies and previews', () => {
  it('an ad with an existing creative needs no creative call', () => {
    const dto = CreateSocialAds.parse({ adAccountId: ACCT, name: 'Ad 1', adset_id: '555', creative: { creative_id: '777' } });
    expect(createCreativeCall(ACCT, dto)).toBeUndefined();
    expect(createAdCall(ACCT, dto, '777')).toEqual({
      method: 'POST', path: `act_${ACCT}/ads`, params: { name: 'Ad 1', adset_id: '555', creative: '{"creative_id":"777"}', status: 'PAUSED' },
    });
  });

  it('an inline story spec becomes a creative first', () => {
    const spec = { page_id: '200000000000001', link_data: { link: 'https://example.test/', message: 'Hi', call_to_action: { type: 'LEARN_MORE' } } };
    const dto = CreateSocialAds.parse({ adAccountId: ACCT, name: 'Ad 2', adset_id: '555', creative: { object_story_spec: spec } });
    const call = createCreativeCall(ACCT, dto)!;
    expect(call.path).toBe(`act_${ACCT}/adcreatives`);
    expect(JSON.parse(call.params.object_story_spec!)).toEqual(spec);
    expect(call.params.name).toBe('Ad 2 creative');
    expect(CreateSocialAds.safeParse({ adAccountId: ACCT, name: 'x', adset_id: '1', creative: { creative_id: '1', object_story_id: '1_2' } }).success).toBe(false);
  });

  it('clone posts to /{ad}/copies with rename options and a PAUSED default', () => {
    const dto = CreateAdCloneDto.parse({ adAccountId: ACCT, rename_suffix: ' (B)' });
    expect(cloneAdCall('999', dto)).toEqual({ method: 'POST', path: '999/copies', params: { status_option: 'PAUSED', rename_options: '{"rename_suffix":" (B)"}' } });
    expect(copyName('Ad', dto)).toBe('Ad (B)');
    expect(copyName('Ad', CreateAdCloneDto.parse({ adAccountId: ACCT }))).toBe('Ad - Copy');
  });

  it('previews: existing creative → /{id}/previews; spec → generatepreviews', () => {
    const byId = PreviewAdcreativeDto.parse({ adAccountId: ACCT, ad_format: 'MOBILE_FEED_STANDARD', creative_id: '42' });
    expect(previewCall(ACCT, byId)).toEqual({ method: 'GET', path: '42/previews', params: { ad_format: 'MOBILE_FEED_STANDARD' } });
    const spec = PreviewAdcreativeDto.parse({ adAccountId: ACCT, ad_format: 'DESKTOP_FEED_STANDARD', creative: { object_story_id: '1_2' } });
    expect(previewCall(ACCT, spec)).toEqual({ method: 'GET', path: `act_${ACCT}/generatepreviews`, params: { ad_format: 'DESKTOP_FEED_STANDARD', creative: '{"object_story_id":"1_2"}' } });
    expect(PreviewAdcreativeDto.safeParse({ adAccountId: ACCT, ad_format: 'DESKTOP_FEED_STANDARD' }).success).toBe(false);
  });
});

describe('audiences and targeting', () => {
  it('lookalike → customaudiences with subtype LOOKALIKE', () => {
    const dto = CreateLookalikeAudienceDto.parse({ adAccountId: ACCT, name: 'LAL', origin_audience_id: '55', lookalike_spec: { ratio: 0.02, country: 'US' } });
    expect(createLookalikeCall(ACCT, dto)).toEqual({
      method: 'POST', path: `act_${ACCT}/customaudiences`,
      params: { name: 'LAL', subtype: 'LOOKALIKE', origin_audience_id: '55', lookalike_spec: '{"ratio":0.02,"country":"US","type":"custom_ratio"}' },
    });
    expect(CreateLookalikeAudienceDto.safeParse({ ...dto, lookalike_spec: { ratio: 0.5, country: 'US' } }).success).toBe(false);
    expect(CreateLookalikeAudienceDto.safeParse({ ...dto, lookalike_spec: { ratio: 0.05 } }).success).toBe(false);
  });

  it('estimate: reachestimate by default, delivery_estimate with an optimization goal', () => {
    const targeting_spec = { geo_locations: { countries: ['US'] }, age_min: 20 };
    expect(estimateCall(ACCT, EstimateAudienceDto.parse({ adAccountId: ACCT, targeting_spec }))).toEqual({
      method: 'GET', path: `act_${ACCT}/reachestimate`, params: { targeting_spec: JSON.stringify(targeting_spec) },
    });
    expect(estimateCall(ACCT, EstimateAudienceDto.parse({ adAccountId: ACCT, targeting_spec, optimization_goal: 'REACH' })).path).toBe(`act_${ACCT}/delivery_estimate`);
    expect(EstimateAudienceDto.safeParse({ adAccountId: ACCT, targeting_spec: { age_min: 20 } }).success).toBe(false);
  });

  it('targeting search: typed → /search, untyped → account targetingsearch', () => {
    expect(targetingSearchCall(ACCT, TargetingSearchDto.parse({ adAccountId: ACCT, q: 'movie', type: 'adinterest', limit: 5 }))).toEqual({
      method: 'GET', path: 'search', params: { type: 'adinterest', q: 'movie', limit: '5' },
    });
    expect(targetingSearchCall(ACCT, TargetingSearchDto.parse({ adAccountId: ACCT, q: 'movie' })).path).toBe(`act_${ACCT}/targetingsearch`);
    expect(TargetingSearchDto.safeParse({ adAccountId: ACCT }).success).toBe(false);
  });
});

describe('pixels, custom conversions, lead forms', () => {
  it('pixel stats send unix times; dataset quality is a root path with the pixel as dataset_id', () => {
    const q = PixelStatsQuery.parse({ adAccountId: ACCT, startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' });
    expect(pixelStatsCall('9', q)).toEqual({ method: 'GET', path: '9/stats', params: { aggregation: 'event', start_time: '1767225600', end_time: '1767312000' } });
    const dq = datasetQualityCall('9');
    expect(dq.path).toBe('dataset_quality');
    expect(dq.params.dataset_id).toBe('9');
    expect(dq.params.fields).toMatch(/^web\{event_name,event_match_quality\{composite_score/);
  });

  it('custom conversion rule travels as a JSON string; malformed rules are refused', () => {
    const dto = CreateCustomConversionDto.parse({
      adAccountId: ACCT, name: 'Thanks', event_source_id: '9', custom_event_type: 'PURCHASE', rule: { url: { i_contains: 'thank-you' } },
    });
    expect(createCustomConversionCall(ACCT, dto).params).toEqual({
      name: 'Thanks', event_source_id: '9', custom_event_type: 'PURCHASE', rule: '{"url":{"i_contains":"thank-you"}}',
    });
    expect(CreateCustomConversionDto.safeParse({ ...dto, rule: {} }).success).toBe(false);
    expect(CreateCustomConversionDto.safeParse({ ...dto, rule: { url: { i_contains: 'a', eq: 'b' } } }).success).toBe(false);
    expect(CreateCustomConversionDto.safeParse({ ...dto, rule: { and: [{ url: { eq: 'a' } }, { event: { eq: 'Purchase' } }] } }).success).toBe(true);
  });

  it('lead form create posts questions and privacy policy as JSON to the page edge', () => {
    const dto = CreateLeadFormDto.parse({
      adAccountId: ACCT, pageId: '200', name: 'Form', questions: [{ type: 'FULL_NAME' }, { type: 'EMAIL' }], privacy_policy: { url: 'https://example.test/p' },
    });
    expect(createLeadFormCall(dto)).toEqual({
      method: 'POST', path: '200/leadgen_forms',
      params: { name: 'Form', questions: '[{"type":"FULL_NAME"},{"type":"EMAIL"}]', privacy_policy: '{"url":"https://example.test/p"}' },
    });
    expect(CreateLeadFormDto.safeParse({ ...dto, questions: [{ type: 'CUSTOM' }] }).success).toBe(false);
  });

  it('lead form list keeps exactly the six fields and the cursors', () => {
    const out = toLeadFormList({
      data: [{ id: '1', name: 'F', status: 'ACTIVE', locale: 'EN_US', leads_count: 3, created_time: 't', questions: [] }],
      paging: { cursors: { before: 'b', after: 'a' }, next: 'https://graph…&access_token=secret' },
    });
    expect(out).toEqual({ data: [{ id: '1', name: 'F', status: 'ACTIVE', locale: 'EN_US', leads_count: 3, created_time: 't' }], paging: { cursors: { before: 'b', after: 'a' } } });
  });

  it('lists never pass on Graph paging URLs (they carry the token)', () => {
    const out = toGatewayList({ data: [{ id: '1' }], paging: { cursors: { before: 'b', after: 'a' }, next: 'https://x/?access_token=EAA' } });
    expect(JSON.stringify(out)).not.toContain('access_token');
    expect(out.paging).toEqual({ cursors: { before: 'b', after: 'a' }, hasNext: true, hasPrevious: false });
    expect(toGatewayList({ data: [] }).paging.cursors).toEqual({ before: null, after: null });
  });
});
