/**
 * Which `billing_event` an AUCTION ad set may pay by for its `optimization_goal`.
 *
 * Source: "Optimization goal and billing events" in
 * https://developers.facebook.com/docs/marketing-api/bidding/overview/billing-events ("Once you select
 * optimization_goal, you have one or more billing_event options"): every goal is billed by
 * IMPRESSIONS; LINK_CLICKS can also pay per LINK_CLICKS and THRUPLAY per THRUPLAY; APP_INSTALLS can pay per
 * APP_INSTALLS (https://developers.facebook.com/docs/marketing-api/bidding/support, billing FAQ);
 * POST_ENGAGEMENT and PAGE_LIKES per their own event
 * (https://developers.facebook.com/ads/blog/post/2015/07/08/marketing-api-v2_4/). The goal and event
 * names are the enums of facebook-nodejs-business-sdk `src/objects/ad-set.js` (`OptimizationGoal`,
 * `BillingEvent`).
 */
const OWN_EVENT = new Set(['LINK_CLICKS', 'THRUPLAY', 'APP_INSTALLS', 'POST_ENGAGEMENT', 'PAGE_LIKES']);

export function allowedBillingEvents(goal: string): string[] {
  return OWN_EVENT.has(goal) ? ['IMPRESSIONS', goal] : ['IMPRESSIONS'];
}

export const billingEventAllowed = (goal: string, event: string) => allowedBillingEvents(goal).includes(event);
