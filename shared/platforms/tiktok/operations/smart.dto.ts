import { z } from '../../../infra/zod-openapi';
import { adAccountId, credentialQuery, dateTime, id, ids, jsonObjectParam, listParam, money, operationStatus, page, pageSize, scheduleEndRule } from './common.dto';
import { objectName } from '../../core/create-lookup';

/* Upgraded Smart+ ("automated") DTOs (docs/platforms/tiktok.md §7). camelCase here; the operations send TikTok's names. */

const readDto = (name: string, maxPage: number) =>
  z
    .object({
      adAccountId,
      ...credentialQuery,
      filter: jsonObjectParam('TikTok `filtering`').optional(),
      fields: listParam('TikTok record fields').optional(),
      page,
      pageSize: pageSize(maxPage),
    })
    .strict()
    .openapi(name);

export const ReadAutomatedCampaignDto = readDto('ReadAutomatedCampaignDto', 1000);
export const ReadAutomatedAdGroupDto = readDto('ReadAutomatedAdGroupDto', 1000);
export const ReadAutomatedAdDto = readDto('ReadAutomatedAdDto', 100);

const statusDto = (name: string) =>
  z.object({ adAccountId, ids: ids(20).openapi({ description: '1–20 ids' }), status: operationStatus }).strict().openapi(name);

export const StatusAutomatedCampaignDto = statusDto('StatusAutomatedCampaignDto');
export const StatusAutomatedAdGroupDto = statusDto('StatusAutomatedAdGroupDto');
export const StatusAutomatedAdDto = statusDto('StatusAutomatedAdDto');

const atLeastOneChange = (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if (Object.keys(v).filter((k) => k !== 'adAccountId' && v[k] !== undefined).length === 0) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: 'nothing to update' });
  }
};

export const CreateAutomatedCampaignDto = z
  .object({
    adAccountId,
    campaignName: z.string().min(1).max(512),
    objectiveType: z.enum(['APP_PROMOTION', 'WEB_CONVERSIONS', 'LEAD_GENERATION']),
    appPromotionType: z.string().min(1).optional(),
    salesDestination: z.enum(['TIKTOK_SHOP', 'WEBSITE', 'APP', 'WEB_AND_APP']).optional(),
    budgetOptimizeOn: z.boolean().optional(),
    budgetMode: z.enum(['BUDGET_MODE_DYNAMIC_DAILY_BUDGET', 'BUDGET_MODE_TOTAL', 'BUDGET_MODE_INFINITE', 'BUDGET_MODE_DAY']).optional(),
    budget: money.optional(),
    operationStatus: z.enum(['ENABLE', 'DISABLE']).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.objectiveType === 'APP_PROMOTION' && !v.appPromotionType) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['appPromotionType'], message: 'required with APP_PROMOTION' });
    }
  })
  .openapi('CreateAutomatedCampaignDto');

export const UpdateAutomatedCampaignDto = z
  .object({ adAccountId, campaignName: z.string().min(1).max(512).optional(), budget: money.optional(), poNumber: z.string().max(100).optional() })
  .strict()
  .superRefine(atLeastOneChange)
  .openapi('UpdateAutomatedCampaignDto');

export const TargetingSpecDto = z
  .object({
    locationIds: z.array(id).min(1),
    ageGroups: z.array(z.string().regex(/^AGE_\d+_\d+$/)).optional(),
    gender: z.enum(['GENDER_UNLIMITED', 'GENDER_MALE', 'GENDER_FEMALE']).optional(),
    languages: z.array(z.string()).optional(),
    audienceIds: z.array(id).optional(),
    excludedAudienceIds: z.array(id).optional(),
    interestCategoryIds: z.array(id).optional(),
    operatingSystems: z.array(z.string()).optional(),
  })
  .strict()
  .openapi('AutomatedTargetingSpecDto');

export const CreateAutomatedAdGroupDto = z
  .object({
    adAccountId,
    campaignId: id,
    adgroupName: z.string().min(1).max(512),
    promotionType: z.string().min(1),
    billingEvent: z.enum(['CPC', 'CPM', 'CPV', 'OCPM', 'OCPC', 'GD']),
    optimizationGoal: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
    optimizationEvent: z.string().min(1).optional(),
    pixelId: id.optional(),
    scheduleType: z.enum(['SCHEDULE_FROM_NOW', 'SCHEDULE_START_END']),
    scheduleStartTime: dateTime,
    scheduleEndTime: dateTime.optional(),
    budgetMode: z.string().regex(/^BUDGET_MODE_[A-Z_]+$/).optional(),
    budget: money.optional(),
    bidType: z.enum(['BID_TYPE_NO_BID', 'BID_TYPE_CUSTOM', 'BID_TYPE_MAX_CONVERSION']).optional(),
    bidPrice: money.optional(),
    targetingSpec: TargetingSpecDto,
    operationStatus: z.enum(['ENABLE', 'DISABLE']).optional(),
  })
  .strict()
  .superRefine(scheduleEndRule)
  .openapi('CreateAutomatedAdGroupDto');

export const UpdateAutomatedAdGroupDto = z
  .object({
    adAccountId,
    adgroupName: z.string().min(1).max(512).optional(),
    budget: money.optional(),
    scheduleEndTime: dateTime.optional(),
    bidPrice: money.optional(),
    optimizationEvent: z.string().min(1).optional(),
    targetingSpec: TargetingSpecDto.optional(),
  })
  .strict()
  .superRefine(atLeastOneChange)
  .openapi('UpdateAutomatedAdGroupDto');

export const AutomatedCreativeDto = z
  .object({
    creativeInfo: z
      .object({
        adFormat: z.enum(['SINGLE_VIDEO', 'SINGLE_IMAGE', 'CAROUSEL_ADS']),
        identityType: z.enum(['CUSTOMIZED_USER', 'AUTH_CODE', 'TT_USER', 'BC_AUTH_TT']),
        identityId: z.string().min(1),
        videoInfo: z.object({ videoId: z.string().min(1) }).strict().optional(),
        imageInfo: z.array(z.object({ webUri: z.string().min(1) }).strict()).min(1).optional(),
        tiktokItemId: z.string().min(1).optional(),
      })
      .strict()
      .refine((c) => c.videoInfo || c.imageInfo || c.tiktokItemId, { message: 'give videoInfo, imageInfo or tiktokItemId' }),
  })
  .strict()
  .openapi('AutomatedCreativeDto');

const adCopy = {
  adTextList: z.array(z.object({ adText: z.string().min(1).max(1000) }).strict()).min(1).max(5).optional(),
  callToActionList: z.array(z.object({ callToAction: z.string().regex(/^[A-Z][A-Z0-9_]*$/) }).strict()).min(1).max(3).optional(),
  landingPageUrlList: z.array(z.object({ landingPageUrl: z.string().url() }).strict()).min(1).max(1).optional(),
  adConfiguration: z.record(z.unknown()).optional().openapi({ description: 'TikTok ad_configuration (keys in camelCase)' }),
};

export const CreateAutomatedAdDto = z
  .object({
    adAccountId,
    adgroupId: id,
    adName: objectName(512),
    creativeList: z.array(AutomatedCreativeDto).min(1).max(31),
    ...adCopy,
    operationStatus: z.enum(['ENABLE', 'DISABLE']).optional(),
  })
  .strict()
  .openapi('CreateAutomatedAdDto');

export const UpdateAutomatedAdDto = z
  .object({ adAccountId, adName: z.string().min(1).max(512).optional(), ...adCopy })
  .strict()
  .superRefine(atLeastOneChange)
  .openapi('UpdateAutomatedAdDto');

export const UpdateAutomatedAdMaterialStatusDto = z
  .object({ adAccountId, smartPlusAdId: id, adMaterialIds: ids(20), status: z.enum(['ENABLE', 'DISABLE']) })
  .strict()
  .openapi('UpdateAutomatedAdMaterialStatusDto');

export const CreateAutomatedAdAppealDto = z
  .object({
    adAccountId,
    appealReason: z.string().min(1).max(512).optional(),
    // The attachment shape is not in the facts: ASSUMED a list of uploaded file ids / URLs.
    attachmentList: z.array(z.string().min(1)).max(10).optional(),
  })
  .strict()
  .openapi('CreateAutomatedAdAppealDto');

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ReadAutomatedAdReviewInfoDto = z
  .object({
    adAccountId,
    ...credentialQuery,
    smartPlusAdIds: listParam('1–100 Smart+ ad ids'),
    lang: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/).optional(),
    includeRejectInfo: bool.optional(),
    includeViolationFrame: bool.optional(),
  })
  .strict()
  .openapi('ReadAutomatedAdReviewInfoDto');

export const ReadAutomatedMaterialReviewInfoDto = z
  .object({ adAccountId, ...credentialQuery, adMaterialIds: listParam('1–100 ad material ids') })
  .strict()
  .openapi('ReadAutomatedMaterialReviewInfoDto');

export type SmartStatus = z.infer<typeof StatusAutomatedCampaignDto>;
export type MaterialStatus = z.infer<typeof UpdateAutomatedAdMaterialStatusDto>;
export type AdAppeal = z.infer<typeof CreateAutomatedAdAppealDto>;
export type AdReviewInfo = z.infer<typeof ReadAutomatedAdReviewInfoDto>;
export type MaterialReviewInfo = z.infer<typeof ReadAutomatedMaterialReviewInfoDto>;
