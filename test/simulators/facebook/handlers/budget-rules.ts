import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import type { GNode } from '../model/types';

/**
 * Billing events per optimization goal for AUCTION ad sets: IMPRESSIONS always; a few goals also pay
 * per their own event. Sources in the README ("Ad sets").
 */
const OWN_EVENT = new Set(['LINK_CLICKS', 'THRUPLAY', 'APP_INSTALLS', 'POST_ENGAGEMENT', 'PAGE_LIKES']);

export function checkBillingEvent(goal: string, billing: string): void {
  if (billing === 'IMPRESSIONS' || (OWN_EVENT.has(goal) && billing === goal)) return;
  // wording and the absence of a subcode ASSUMED
  throw errors.invalidParameter('Invalid Billing Event', `The billing event ${billing} is not available for the optimization goal ${goal}.`, undefined, 'billing_event');
}

const money = (v: unknown) => Number(v ?? 0) > 0;

/**
 * An ad set update: no budget of its own under a campaign budget (1885621), no switch between daily
 * and lifetime budgets once published, and a lifetime budget keeps an end time (1885271).
 */
export function checkAdSetUpdate(ctx: Ctx, node: GNode, patch: Record<string, unknown>): void {
  if (node.type !== 'adset' && node.type !== 'campaign') return;
  const daily = money(patch.daily_budget);
  const lifetime = money(patch.lifetime_budget);
  if (node.type === 'adset' && (daily || lifetime)) {
    const campaign = ctx.state.store.get(String(node.data.campaign_id));
    if (campaign && (money(campaign.data.daily_budget) || money(campaign.data.lifetime_budget))) {
      throw errors.invalidParameter('Budget Already Set on Campaign', 'This campaign uses a campaign budget, so its ad sets cannot have their own budget.', 1885621, 'daily_budget');
    }
  }
  if ((daily && money(node.data.lifetime_budget)) || (lifetime && money(node.data.daily_budget))) {
    // wording and the absence of a subcode ASSUMED
    throw errors.invalidParameter('Budget Type Cannot Change', "You can't switch between a daily and a lifetime budget after publishing.", undefined, daily ? 'daily_budget' : 'lifetime_budget');
  }
  if (node.type === 'adset' && (lifetime || money(node.data.lifetime_budget)) && !(patch.end_time ?? node.data.end_time)) {
    throw errors.invalidParameter('End Time Required', 'Ad sets with a lifetime budget need an end time.', 1885271, 'end_time');
  }
}
