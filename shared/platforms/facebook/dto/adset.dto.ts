import { z } from '../../../infra/zod-openapi';
import { AdAccountId, GraphId, MinorUnits, Timestamp } from './common.dto';
import { BID_STRATEGIES } from './campaign.dto';
import { objectName } from '../../core/create-lookup';
import { allowedBillingEvents, billingEventAllowed } from '../rules/billing-events';

/** Enums of facebook-nodejs-business-sdk `src/objects/ad-set.js` (`BillingEvent`, `OptimizationGoal`). */
export const BILLING_EVENTS = [
  'APP_INSTALLS', 'CLICKS', 'IMPRESSIONS', 'LINK_CLICKS', 'LISTING_INTERACTION', 'NONE', 'OFFER_CLAIMS', 'PAGE_LIKES', 'POST_ENGAGEMENT',
  'PURCHASE', 'THRUPLAY',
] as const;
export const OPTIMIZATION_GOALS = [
  'NONE', 'APP_INSTALLS', 'AD_RECALL_LIFT', 'ENGAGED_USERS', 'EVENT_RESPONSES', 'IMPRESSIONS', 'LEAD_GENERATION', 'QUALITY_LEAD',
  'LINK_CLICKS', 'OFFSITE_CONVERSIONS', 'PAGE_LIKES', 'POST_ENGAGEMENT', 'QUALITY_CALL', 'REACH', 'LANDING_PAGE_VIEWS',
  'VISIT_INSTAGRAM_PROFILE', 'VALUE', 'THRUPLAY', 'DERIVED_EVENTS', 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS', 'CONVERSATIONS',
  'IN_APP_VALUE', 'MESSAGING_PURCHASE_CONVERSION', 'SUBSCRIBERS', 'REMINDERS_SET', 'MEANINGFUL_CALL_ATTEMPT', 'PROFILE_VISIT',
  'PROFILE_AND_PAGE_ENGAGEMENT', 'ADVERTISER_SILOED_VALUE', 'AUTOMATIC_OBJECTIVE', 'MESSAGING_APPOINTMENT_CONVERSION',
] as const;

/** Meta's targeting spec, passed through; Graph refuses an audience without a location or a custom audience. */
export const TargetingDto = z
  .record(z.unknown())
  .refine((t) => t.geo_locations !== undefined || t.custom_audiences !== undefined, { message: 'needs geo_locations or custom_audiences' })
  .openapi('FacebookTargetingDto', { description: "Meta's targeting spec (geo_locations or custom_audiences required)", example: { geo_locations: { countries: ['US'] } } });

const adSetFields = {
  adAccountId: AdAccountId,
  name: objectName(400),
  campaign_id: GraphId.openapi({ description: 'A campaign of the same ad account' }),
  optimization_goal: z.enum(OPTIMIZATION_GOALS),
  billing_event: z.enum(BILLING_EVENTS).openapi({ description: 'Must be one the optimization_goal allows (IMPRESSIONS always is)' }),
  bid_strategy: z.enum(BID_STRATEGIES).optional(),
  bid_amount: MinorUnits.optional().openapi({ description: 'Bid cap or cost target in minor units; required by LOWEST_COST_WITH_BID_CAP and COST_CAP' }),
  daily_budget: MinorUnits.optional(),
  lifetime_budget: MinorUnits.optional().openapi({ description: 'Needs end_time' }),
  start_time: Timestamp.optional(),
  end_time: Timestamp.optional(),
  targeting: TargetingDto,
  promoted_object: z.record(z.unknown()).optional().openapi({ description: '`{page_id}` for leads, `{pixel_id, custom_event_type}` for sales' }),
  destination_type: z.string().regex(/^[A-Z_]{1,50}$/).optional(),
  status: z.enum(['ACTIVE', 'PAUSED']).default('PAUSED').openapi({ description: 'New ad sets start PAUSED unless asked otherwise' }),
};

type Bid = { bid_strategy?: string; bid_amount?: string };
type Budget = { daily_budget?: string; lifetime_budget?: string };
type Schedule = { start_time?: string; end_time?: string };

/** Rules shared by create and update: one budget kind, the bid an explicit strategy needs, a schedule in order. */
export function checkBudgetBidSchedule(b: Bid & Budget & Schedule, ctx: z.RefinementCtx): void {
  if (b.daily_budget && b.lifetime_budget) {
    ctx.addIssue({ code: 'custom', path: ['lifetime_budget'], message: 'set either daily_budget or lifetime_budget, not both' });
  }
  // https://developers.facebook.com/docs/marketing-api/validation/ ("bid_strategy on Ad Sets").
  if ((b.bid_strategy === 'LOWEST_COST_WITH_BID_CAP' || b.bid_strategy === 'COST_CAP') && !b.bid_amount) {
    ctx.addIssue({ code: 'custom', path: ['bid_amount'], message: `required with bid_strategy ${b.bid_strategy}` });
  }
  if (b.bid_strategy === 'LOWEST_COST_WITHOUT_CAP' && b.bid_amount) {
    ctx.addIssue({ code: 'custom', path: ['bid_amount'], message: 'must not be set with bid_strategy LOWEST_COST_WITHOUT_CAP' });
  }
  if (b.start_time && b.end_time && Date.parse(b.end_time) <= Date.parse(b.start_time)) {
    ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'must be after start_time' });
  }
}

export const CreateAdSetDto = z
  .object(adSetFields)
  .strict()
  .superRefine((b, ctx) => {
    checkBudgetBidSchedule(b, ctx);
    if (b.lifetime_budget && !b.end_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'required with lifetime_budget' });
    if (!billingEventAllowed(b.optimization_goal, b.billing_event)) {
      ctx.addIssue({
        code: 'custom',
        path: ['billing_event'],
        message: `optimization_goal ${b.optimization_goal} allows billing_event ${allowedBillingEvents(b.optimization_goal).join(' or ')}`,
      });
    }
  })
  .openapi('CreateAdSetDto');
export type CreateAdSet = z.infer<typeof CreateAdSetDto>;
