import type { CreateAdSet } from '../dto/adset.dto';
import { act, post, type GraphCall } from './graph-call';

/**
 * `POST /act_{id}/adsets` (https://developers.facebook.com/docs/marketing-api/reference/ad-account/adsets/#Creating).
 * Money is minor units, objects are JSON text inside the form field, times pass through as ISO 8601.
 */
export function createAdSetCall(accountId: string, b: CreateAdSet): GraphCall {
  return post(`${act(accountId)}/adsets`, {
    name: b.name,
    campaign_id: b.campaign_id,
    status: b.status,
    optimization_goal: b.optimization_goal,
    billing_event: b.billing_event,
    bid_strategy: b.bid_strategy,
    bid_amount: b.bid_amount,
    daily_budget: b.daily_budget,
    lifetime_budget: b.lifetime_budget,
    start_time: b.start_time,
    end_time: b.end_time,
    targeting: b.targeting,
    promoted_object: b.promoted_object,
    destination_type: b.destination_type,
  });
}

/** `POST /{id}` with only the fields given: Graph updates campaigns, ad sets and ads in place and answers `{success}`. */
export const updateObjectCall = (objectId: string, fields: Record<string, unknown>): GraphCall => post(objectId, fields);
