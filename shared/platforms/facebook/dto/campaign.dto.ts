import { z } from '../../../infra/zod-openapi';
import { AdAccountId, MinorUnits, Timestamp } from './common.dto';
import { objectName } from '../../core/create-lookup';

/** Path segment → Meta objective (docs/api-conventions.md §6). */
export const OBJECTIVES = {
  lead: 'OUTCOME_LEADS',
  awareness: 'OUTCOME_AWARENESS',
  traffic: 'OUTCOME_TRAFFIC',
  engagement: 'OUTCOME_ENGAGEMENT',
  sales: 'OUTCOME_SALES',
} as const;
export type ObjectiveSegment = keyof typeof OBJECTIVES;

export const SPECIAL_AD_CATEGORIES = [
  'CREDIT', 'EMPLOYMENT', 'FINANCIAL_PRODUCTS_SERVICES', 'HOUSING', 'ISSUES_ELECTIONS_POLITICS', 'ONLINE_GAMBLING_AND_GAMING', 'NONE',
] as const;
export const BID_STRATEGIES = ['LOWEST_COST_WITHOUT_CAP', 'LOWEST_COST_WITH_BID_CAP', 'COST_CAP', 'LOWEST_COST_WITH_MIN_ROAS'] as const;

export const ObjectiveParams = z.object({
  objective: z.enum(Object.keys(OBJECTIVES) as [ObjectiveSegment, ...ObjectiveSegment[]]).openapi({ description: 'lead, awareness, traffic, engagement, sales → OUTCOME_*' }),
});

const campaignFields = {
  adAccountId: AdAccountId,
  name: objectName(400),
  status: z.enum(['ACTIVE', 'PAUSED']).default('PAUSED').openapi({ description: 'New campaigns start PAUSED unless asked otherwise' }),
  special_ad_categories: z
    .array(z.enum(SPECIAL_AD_CATEGORIES))
    .max(7)
    .openapi({ description: 'Required by Meta; [] (or ["NONE"]) when none applies' }),
  special_ad_category_country: z.array(z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2')).max(250).optional(),
  daily_budget: MinorUnits.optional(),
  lifetime_budget: MinorUnits.optional(),
  spend_cap: MinorUnits.optional(),
  bid_strategy: z.enum(BID_STRATEGIES).optional(),
  buying_type: z.enum(['AUCTION', 'RESERVED']).optional(),
  is_adset_budget_sharing_enabled: z
    .boolean()
    .optional()
    .openapi({ description: 'Required when the campaign has no budget of its own (ad sets carry the budgets)' }),
  start_time: Timestamp.optional(),
  stop_time: Timestamp.optional(),
  promoted_object: z.record(z.unknown()).optional(),
};
const CampaignFields = z.object(campaignFields);

function checkCampaign(b: z.infer<typeof CampaignFields>, ctx: z.RefinementCtx): void {
  if (b.daily_budget && b.lifetime_budget) {
    ctx.addIssue({ code: 'custom', path: ['lifetime_budget'], message: 'set either daily_budget or lifetime_budget, not both' });
  }
  const cbo = Boolean(b.daily_budget || b.lifetime_budget);
  if (!cbo && b.is_adset_budget_sharing_enabled === undefined) {
    ctx.addIssue({ code: 'custom', path: ['is_adset_budget_sharing_enabled'], message: 'required (true or false) when the campaign has no daily_budget or lifetime_budget' });
  }
  if (cbo && b.is_adset_budget_sharing_enabled !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['is_adset_budget_sharing_enabled'], message: 'only applies to campaigns without a campaign budget' });
  }
  if (!cbo && b.bid_strategy) {
    ctx.addIssue({ code: 'custom', path: ['bid_strategy'], message: 'a campaign bid strategy needs a campaign budget (daily_budget or lifetime_budget); otherwise set it on the ad sets' });
  }
  if (b.lifetime_budget && !b.stop_time) {
    ctx.addIssue({ code: 'custom', path: ['stop_time'], message: 'required with lifetime_budget' });
  }
  if (b.start_time && b.stop_time && Date.parse(b.stop_time) <= Date.parse(b.start_time)) {
    ctx.addIssue({ code: 'custom', path: ['stop_time'], message: 'must be after start_time' });
  }
  if (b.special_ad_categories.includes('NONE') && b.special_ad_categories.length > 1) {
    ctx.addIssue({ code: 'custom', path: ['special_ad_categories'], message: 'NONE cannot be combined with other categories' });
  }
}

/** Body of `POST /facebook/campaigns/{objective}` (the objective is in the path). */
export const CreateSocialCampaignDto = CampaignFields.strict().superRefine(checkCampaign).openapi('CreateSocialCampaignDto');

// Meta's names, and the short names of the older path form (`sales`), which execute callers still send.
const META_OBJECTIVES = [...Object.values(OBJECTIVES), ...Object.keys(OBJECTIVES)] as [string, ...string[]];
/** Body of `POST /facebook/campaigns`: the same campaign with Meta's own `objective`. */
export const CreateCampaignDto = z
  .object({ objective: z.enum(META_OBJECTIVES).openapi({ description: "Meta's objective", example: 'OUTCOME_TRAFFIC' }), ...campaignFields })
  .strict()
  .superRefine(checkCampaign)
  // TikTok's campaign body is registered as CreateCampaignDto: one name for two schemas merges them.
  .openapi('FacebookCreateCampaignDto');

/** `OUTCOME_LEADS` → `lead` (the form the write job is stored with, whichever URL it came by). */
export const objectiveSegment = (metaObjective: string): ObjectiveSegment =>
  (Object.keys(OBJECTIVES) as ObjectiveSegment[]).find((k) => OBJECTIVES[k] === metaObjective || k === metaObjective)!;
export type CreateSocialCampaign = z.infer<typeof CreateSocialCampaignDto>;

export const AD_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED'] as const;

export const StatusUpdateDto = z
  .object({ adAccountId: AdAccountId, status: z.enum(AD_STATUSES) })
  .strict()
  .openapi('StatusUpdateDto');
export type StatusUpdate = z.infer<typeof StatusUpdateDto>;
