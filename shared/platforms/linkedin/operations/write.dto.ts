import { z } from '../../../infra/zod-openapi';
import { CAMPAIGN_TYPES } from './read.dto';
import { bodyAdAccountId as adAccountId, bodyEntityId, money, name, runSchedule } from './common.dto';

/* Body DTOs of the LinkedIn writes. Fields are LinkedIn's own names (docs/platforms/linkedin.md). */

/** New objects start as DRAFT unless asked otherwise: nothing spends until someone activates it. */
const createStatus = z.enum(['ACTIVE', 'PAUSED', 'DRAFT']).default('DRAFT');

export const CreateCampaignGroupDto = z
  .object({
    adAccountId,
    name,
    status: createStatus,
    runSchedule,
    totalBudget: money.optional(),
  })
  .strict()
  .openapi('CreateLinkedinCampaignGroupDto');

export const OBJECTIVES = ['BRAND_AWARENESS', 'WEBSITE_VISITS', 'ENGAGEMENT', 'VIDEO_VIEWS', 'LEAD_GENERATION', 'WEBSITE_CONVERSIONS', 'JOB_APPLICANTS'] as const;

export const CreateCampaignDto = z
  .object({
    adAccountId,
    campaignGroupId: bodyEntityId('group', 'Campaign group'),
    name,
    status: createStatus,
    type: z.enum(CAMPAIGN_TYPES),
    objectiveType: z.enum(OBJECTIVES).optional(),
    format: z.string().regex(/^[A-Z_]{1,40}$/).optional(),
    costType: z.enum(['CPM', 'CPC', 'CPV']),
    unitCost: money,
    dailyBudget: money.optional(),
    totalBudget: money.optional(),
    runSchedule,
    locale: z.object({ country: z.string().regex(/^[A-Z]{2}$/), language: z.string().regex(/^[a-z]{2}$/) }).strict(),
    targetingCriteria: z
      .object({ include: z.record(z.unknown()), exclude: z.record(z.unknown()).optional() })
      .strict()
      .openapi({ description: "LinkedIn's targetingCriteria, passed as is", example: { include: { and: [{ or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } }] } } }),
    offsiteDeliveryEnabled: z.boolean().optional(),
    audienceExpansionEnabled: z.boolean().optional(),
    creativeSelection: z.enum(['OPTIMIZED', 'ROUND_ROBIN']).optional(),
    optimizationTargetType: z.string().regex(/^[A-Z_]{1,40}$/).optional(),
    politicalIntent: z.string().regex(/^[A-Z_]{1,40}$/).optional(),
  })
  .strict()
  .openapi('CreateLinkedinCampaignDto');

/** Status changes a caller may ask for; DRAFT cannot be returned to, COMPLETED and REMOVED are LinkedIn's. */
export const StatusChangeDto = z
  .object({ adAccountId, status: z.enum(['ACTIVE', 'PAUSED', 'ARCHIVED', 'CANCELED', 'PENDING_DELETION']) })
  .strict()
  .openapi('UpdateLinkedinStatusDto');

/**
 * A budget change: LinkedIn's money fields of the object, set by PARTIAL_UPDATE. A campaign has a
 * daily and a total budget, a campaign group a total budget only.
 */
export const CampaignBudgetDto = z
  .object({ adAccountId, dailyBudget: money.optional(), totalBudget: money.optional() })
  .strict()
  .refine((b) => b.dailyBudget !== undefined || b.totalBudget !== undefined, { message: 'give dailyBudget, totalBudget or both', path: ['dailyBudget'] })
  .openapi('UpdateLinkedinCampaignBudgetDto');

export const GroupBudgetDto = z.object({ adAccountId, totalBudget: money }).strict().openapi('UpdateLinkedinCampaignGroupBudgetDto');

export type CreateCampaignGroup = z.infer<typeof CreateCampaignGroupDto>;
export type CreateCampaign = z.infer<typeof CreateCampaignDto>;
export type StatusChange = z.infer<typeof StatusChangeDto>;
