import { z } from '../../../infra/zod-openapi';
import { adAccountId, credentialQuery, dateTime, id, ids, jsonObjectParam, listParam, money, operationStatus, page, pageSize, scheduleEndRule } from './common.dto';
import { ASSET_LEVELS } from './levels';
import { objectName } from '../../core/create-lookup';

/* DTOs of /api/v1/tiktok/assets (docs/api-conventions.md §7). Names are camelCase; operations map them to TikTok's wire names. */

export const ReadAssetsDto = z
  .object({
    adAccountId,
    ...credentialQuery,
    level: z.enum(ASSET_LEVELS).openapi({ description: 'Which TikTok endpoint: campaign/get, adgroup/get or ad/get' }),
    filter: jsonObjectParam('TikTok `filtering` keys allowed for the level').optional(),
    fields: listParam('TikTok record fields of the level').optional(),
    page,
    pageSize: pageSize(1000),
  })
  .strict()
  .openapi('ReadAssetsDto');

export const OBJECTIVES = [
  'APP_PROMOTION', 'WEB_CONVERSIONS', 'TRAFFIC', 'REACH', 'VIDEO_VIEWS', 'ENGAGEMENT', 'LEAD_GENERATION', 'PRODUCT_SALES', 'RF_REACH',
  'APP_INSTALL', 'CONVERSIONS', 'CATALOG_SALES', 'SHOP_PURCHASES',
] as const;
export const BUDGET_MODES = ['BUDGET_MODE_INFINITE', 'BUDGET_MODE_TOTAL', 'BUDGET_MODE_DAY', 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET'] as const;

const budgetRule = (v: { budgetMode?: string; budget?: number }, ctx: z.RefinementCtx) => {
  if (v.budgetMode && v.budgetMode !== 'BUDGET_MODE_INFINITE' && v.budget === undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['budget'], message: `required with ${v.budgetMode}` });
  }
};

export const CreateCampaignDto = z
  .object({
    campaignName: z.string().min(1).max(512),
    objectiveType: z.enum(OBJECTIVES),
    budgetMode: z.enum(BUDGET_MODES),
    budget: money.optional(),
    operationStatus: z.enum(['ENABLE', 'DISABLE']).optional(),
    budgetOptimizeOn: z.boolean().optional(),
    appPromotionType: z.string().min(1).optional(),
    salesDestination: z.enum(['TIKTOK_SHOP', 'WEBSITE', 'APP', 'WEB_AND_APP']).optional(),
    campaignType: z.enum(['REGULAR_CAMPAIGN', 'IOS14_CAMPAIGN']).optional(),
    specialIndustries: z.array(z.enum(['HOUSING', 'EMPLOYMENT', 'CREDIT'])).optional(),
    poNumber: z.string().max(100).optional(),
  })
  .strict()
  .superRefine(budgetRule)
  .openapi('CreateCampaignDto');

/** An ad group's audience fields (`AdgroupCreateBody.js`, `AdgroupUpdateBody.js`): the same in a create and an update. */
export const adgroupTargetingFields = {
  locationIds: z.array(id).min(1).optional(),
  languages: z.array(z.string()).optional(),
  gender: z.enum(['GENDER_UNLIMITED', 'GENDER_MALE', 'GENDER_FEMALE']).optional(),
  ageGroups: z.array(z.string().regex(/^AGE_\d+_\d+$/)).optional(),
  audienceIds: z.array(id).optional(),
  excludedAudienceIds: z.array(id).optional(),
  interestCategoryIds: z.array(id).optional(),
  operatingSystems: z.array(z.string()).optional(),
};

export const CreateAdGroupDto = z
  .object({
    campaignId: id.optional().openapi({ description: 'Required when the request has no campaign part' }),
    adgroupName: z.string().min(1).max(512),
    promotionType: z.string().min(1).optional(),
    placementType: z.enum(['PLACEMENT_TYPE_AUTOMATIC', 'PLACEMENT_TYPE_NORMAL']).optional(),
    placements: z.array(z.enum(['PLACEMENT_TIKTOK', 'PLACEMENT_PANGLE', 'PLACEMENT_GLOBAL_APP_BUNDLE'])).optional(),
    ...adgroupTargetingFields,
    budgetMode: z.enum(BUDGET_MODES),
    budget: money,
    scheduleType: z.enum(['SCHEDULE_FROM_NOW', 'SCHEDULE_START_END']),
    scheduleStartTime: dateTime,
    scheduleEndTime: dateTime.optional(),
    dayparting: z.string().regex(/^[01]{336}$/, '336 characters of 0/1').optional(),
    optimizationGoal: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
    optimizationEvent: z.string().min(1).optional(),
    billingEvent: z.enum(['CPC', 'CPM', 'CPV', 'OCPM', 'OCPC', 'GD']),
    bidType: z.enum(['BID_TYPE_NO_BID', 'BID_TYPE_CUSTOM', 'BID_TYPE_MAX_CONVERSION']).optional(),
    bidPrice: money.optional(),
    conversionBidPrice: money.optional(),
    pacing: z.enum(['PACING_MODE_SMOOTH', 'PACING_MODE_FAST']),
    pixelId: id.optional(),
    identityId: z.string().min(1).optional(),
    identityType: z.enum(['CUSTOMIZED_USER', 'AUTH_CODE', 'TT_USER', 'BC_AUTH_TT']).optional(),
    commentDisabled: z.boolean().optional(),
    videoDownloadDisabled: z.boolean().optional(),
    shareDisabled: z.boolean().optional(),
    operationStatus: z.enum(['ENABLE', 'DISABLE']).optional(),
  })
  .strict()
  .superRefine(scheduleEndRule)
  .openapi('CreateAdGroupDto');

export const UtmParamDto = z.object({ key: z.string().min(1).max(100), value: z.string().max(1000) }).strict().openapi('UtmParamDto');

// Disclaimer fields are not in docs/platforms/tiktok.md: names ASSUMED from TikTok's ad/create (disclaimer_type, _text, _clickable_texts).
export const DisclaimerTextDto = z.object({ text: z.string().min(1).max(500) }).strict().openapi('DisclaimerTextDto');
export const DisclaimerClickableTextDto = z
  .object({ text: z.string().min(1).max(500), url: z.string().url() })
  .strict()
  .openapi('DisclaimerClickableTextDto');

export const AdCreativeDto = z
  .object({
    adName: objectName(512),
    adFormat: z.enum(['SINGLE_VIDEO', 'SINGLE_IMAGE', 'CAROUSEL_ADS', 'CATALOG_CAROUSEL', 'LIVE_CONTENT']),
    identityType: z.enum(['CUSTOMIZED_USER', 'AUTH_CODE', 'TT_USER', 'BC_AUTH_TT']),
    identityId: z.string().min(1),
    adText: z.string().min(1).max(1000),
    videoId: z.string().min(1).optional(),
    imageIds: z.array(z.string().min(1)).min(1).optional(),
    tiktokItemId: z.string().min(1).optional(),
    musicId: z.string().min(1).optional(),
    callToAction: z.string().regex(/^[A-Z][A-Z0-9_]*$/).optional(),
    landingPageUrl: z.string().url().optional(),
    displayName: z.string().min(1).max(100).optional(),
    deeplink: z.string().min(1).optional(),
    trackingPixelId: id.optional(),
    impressionTrackingUrl: z.string().url().optional(),
    clickTrackingUrl: z.string().url().optional(),
    utmParams: z.array(UtmParamDto).max(20).optional(),
    disclaimerType: z.enum(['TEXT_LINK', 'TEXT_ONLY']).optional(),
    disclaimerText: DisclaimerTextDto.optional(),
    disclaimerClickableTexts: z.array(DisclaimerClickableTextDto).max(10).optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.adFormat === 'SINGLE_VIDEO' && !c.videoId && !c.tiktokItemId) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['videoId'], message: 'required for SINGLE_VIDEO (or tiktokItemId)' });
    }
    if ((c.adFormat === 'SINGLE_IMAGE' || c.adFormat === 'CAROUSEL_ADS') && !c.imageIds) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['imageIds'], message: `required for ${c.adFormat}` });
    }
  })
  .openapi('AdCreativeDto');

export const CreateAdDto = z
  .object({
    adgroupId: id.optional().openapi({ description: 'Required when the request has no adGroup part' }),
    creatives: z.array(AdCreativeDto).min(1).max(20),
  })
  .strict()
  .openapi('CreateAdDto');

export const CreateAssetsDto = z
  .object({ adAccountId, campaign: CreateCampaignDto.optional(), adGroup: CreateAdGroupDto.optional(), ad: CreateAdDto.optional() })
  .strict()
  .superRefine((v, ctx) => {
    const parts = [v.campaign, v.adGroup, v.ad].map((p) => p !== undefined);
    const first = parts.indexOf(true);
    const last = parts.lastIndexOf(true);
    if (first < 0) return ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: 'give at least one of campaign, adGroup, ad' });
    if (parts.slice(first, last + 1).includes(false)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['adGroup'], message: 'parts must be contiguous: campaign and ad need an adGroup between them' });
    }
    if (v.adGroup) {
      if (v.campaign && v.adGroup.campaignId) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['adGroup', 'campaignId'], message: 'must be absent: the ad group goes under the campaign created here' });
      if (!v.campaign && !v.adGroup.campaignId) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['adGroup', 'campaignId'], message: 'required when no campaign is created' });
    }
    if (v.ad) {
      if (v.adGroup && v.ad.adgroupId) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['ad', 'adgroupId'], message: 'must be absent: the ads go under the ad group created here' });
      if (!v.adGroup && !v.ad.adgroupId) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['ad', 'adgroupId'], message: 'required when no ad group is created' });
    }
  })
  .openapi('CreateAssetsDto');

export const UpdateAssetsStatusDto = z
  .object({
    adAccountId,
    level: z.enum(ASSET_LEVELS),
    ids: ids(20).openapi({ description: '1–20 ids of the level' }),
    status: operationStatus,
  })
  .strict()
  .openapi('UpdateAssetsStatusDto');

export type CreateAssets = z.infer<typeof CreateAssetsDto>;
export type CreateCampaign = z.infer<typeof CreateCampaignDto>;
export type CreateAdGroup = z.infer<typeof CreateAdGroupDto>;
export type CreateAd = z.infer<typeof CreateAdDto>;
export type UpdateAssetsStatus = z.infer<typeof UpdateAssetsStatusDto>;
