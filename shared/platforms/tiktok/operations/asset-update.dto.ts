import { z } from '../../../infra/zod-openapi';
import { adAccountId, dateTime, id, money } from './common.dto';
import { ASSET_LEVELS, type AssetLevel } from './levels';
import { adgroupTargetingFields } from './assets.dto';

export const AssetUpdateParams = z.object({ level: z.enum(ASSET_LEVELS), id }).strict();

/** What campaign/update takes (tiktok-business-api-sdk-official `src/model/CampaignUpdateBody.js`). */
const CAMPAIGN = { campaignName: z.string().min(1).max(512).optional(), budget: money.optional(), poNumber: z.string().max(100).optional() };

/** adgroup/update's name, budget, schedule, bid and targeting fields (`AdgroupUpdateBody.js`); placements cannot change. */
const ADGROUP = {
  adgroupName: z.string().min(1).max(512).optional(),
  budget: money.optional(),
  scheduleType: z.enum(['SCHEDULE_FROM_NOW', 'SCHEDULE_START_END']).optional(),
  scheduleStartTime: dateTime.optional(),
  scheduleEndTime: dateTime.optional(),
  dayparting: z.string().regex(/^[01]{336}$/, '336 characters of 0/1').optional(),
  bidType: z.enum(['BID_TYPE_NO_BID', 'BID_TYPE_CUSTOM', 'BID_TYPE_MAX_CONVERSION']).optional(),
  bidPrice: money.optional(),
  conversionBidPrice: money.optional(),
  pacing: z.enum(['PACING_MODE_SMOOTH', 'PACING_MODE_FAST']).optional(),
  ...adgroupTargetingFields,
};

/** The creative fields of one ad in ad/update (`AdUpdateBody.js`, `AdupdateCreatives.js`), sent with patch_update. */
export const AdCreativePatchDto = z
  .object({
    adName: z.string().min(1).max(512).optional(),
    adText: z.string().min(1).max(1000).optional(),
    callToAction: z.string().regex(/^[A-Z][A-Z0-9_]*$/).optional(),
    landingPageUrl: z.string().url().optional(),
    displayName: z.string().min(1).max(100).optional(),
    videoId: z.string().min(1).optional(),
    imageIds: z.array(z.string().min(1)).min(1).optional(),
    identityType: z.enum(['CUSTOMIZED_USER', 'AUTH_CODE', 'TT_USER', 'BC_AUTH_TT']).optional(),
    identityId: z.string().min(1).optional(),
  })
  .strict()
  .openapi('TiktokAdCreativePatchDto');

const AD = { creative: AdCreativePatchDto.optional() };

export const LEVEL_FIELDS: Record<AssetLevel, readonly string[]> = {
  campaign: Object.keys(CAMPAIGN),
  adgroup: Object.keys(ADGROUP),
  ad: Object.keys(AD),
};

/** One body for the three levels (the level is in the path); fields of another level are refused by the route, naming them. */
export const UpdateAssetDto = z
  .object({ adAccountId, ...CAMPAIGN, ...ADGROUP, ...AD })
  .strict()
  .superRefine((b, ctx) => {
    if (Object.entries(b).every(([k, v]) => k === 'adAccountId' || v === undefined)) ctx.addIssue({ code: 'custom', path: [], message: 'give at least one field to change' });
    if (b.scheduleStartTime && b.scheduleEndTime && b.scheduleEndTime <= b.scheduleStartTime) {
      ctx.addIssue({ code: 'custom', path: ['scheduleEndTime'], message: 'must be after scheduleStartTime' });
    }
    if (b.creative && Object.values(b.creative).every((v) => v === undefined)) ctx.addIssue({ code: 'custom', path: ['creative'], message: 'give at least one creative field' });
  })
  .openapi('UpdateTiktokAssetDto', { description: 'campaign: campaignName, budget, poNumber. adgroup: name, budget, schedule, bid, pacing and targeting. ad: creative.' });
