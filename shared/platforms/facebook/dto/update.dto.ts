import { z } from '../../../infra/zod-openapi';
import { AdAccountId, GraphId, MinorUnits, Timestamp } from './common.dto';
import { BID_STRATEGIES } from './campaign.dto';
import { TargetingDto, checkBudgetBidSchedule } from './adset.dto';

const name = z.string().trim().min(1).max(400);
const budgets = { daily_budget: MinorUnits.optional(), lifetime_budget: MinorUnits.optional() };

/** What `PATCH /facebook/{level}/{id}` may change per level, Meta's field names (adAccountId aside). */
export const UPDATE_FIELDS = {
  campaign: z.object({ name: name.optional(), ...budgets, spend_cap: MinorUnits.optional(), bid_strategy: z.enum(BID_STRATEGIES).optional(), start_time: Timestamp.optional(), stop_time: Timestamp.optional() }),
  adset: z.object({
    name: name.optional(), ...budgets, bid_strategy: z.enum(BID_STRATEGIES).optional(), bid_amount: MinorUnits.optional(),
    start_time: Timestamp.optional(), end_time: Timestamp.optional(), targeting: TargetingDto.optional(),
  }),
  ad: z.object({ name: name.optional(), creative: z.object({ creative_id: GraphId }).strict().optional().openapi({ description: 'An existing creative of the same account' }) }),
} as const;
export type UpdateLevel = keyof typeof UPDATE_FIELDS;

const atLeastOne = (b: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if (Object.keys(b).every((k) => k === 'adAccountId' || b[k] === undefined)) ctx.addIssue({ code: 'custom', path: [], message: 'give at least one field to change' });
};

/** Body of a PATCH: the level's fields, at least one of them, with the same budget, bid and schedule rules as a create. */
export const updateBody = (level: UpdateLevel, schemaName: string) =>
  (UPDATE_FIELDS[level] as z.AnyZodObject)
    .extend({ adAccountId: AdAccountId })
    .strict()
    .superRefine((b: Record<string, unknown>, ctx) => {
      atLeastOne(b, ctx);
      const s = b as Record<string, string | undefined>;
      checkBudgetBidSchedule({ ...s, end_time: s.end_time ?? s.stop_time }, ctx);
    })
    .openapi(schemaName);

/** The fields a PATCH changes, without the account and the undefined ones (what the job stores and sends). */
export function changedFields(b: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(b).filter(([k, v]) => k !== 'adAccountId' && v !== undefined));
}
