import type { CreateLookalikeAudience, EstimateAudience, TargetingSearch } from '../dto/audience.dto';
import { act, get, post, type GraphCall } from './graph-call';

/** `POST /act_{id}/customaudiences` with subtype LOOKALIKE (docs/platforms/facebook.md §3 Audiences). */
export function createLookalikeCall(accountId: string, b: CreateLookalikeAudience): GraphCall {
  return post(`${act(accountId)}/customaudiences`, {
    name: b.name,
    description: b.description,
    subtype: 'LOOKALIKE',
    origin_audience_id: b.origin_audience_id,
    lookalike_spec: b.lookalike_spec,
  });
}

/**
 * With an optimization goal: `GET /act_{id}/delivery_estimate` (a `data` list with the daily
 * outcomes curve); otherwise `GET /act_{id}/reachestimate` (`data` is one object).
 */
export function estimateCall(accountId: string, b: EstimateAudience): GraphCall {
  if (b.optimization_goal) {
    return get(`${act(accountId)}/delivery_estimate`, { targeting_spec: b.targeting_spec, optimization_goal: b.optimization_goal });
  }
  return get(`${act(accountId)}/reachestimate`, { targeting_spec: b.targeting_spec });
}

/** Typed search runs on `/search`; without a type, the account-scoped `/act_{id}/targetingsearch`. */
export function targetingSearchCall(accountId: string, b: TargetingSearch): GraphCall {
  const paging = { limit: b.limit, after: b.after };
  if (!b.type) return get(`${act(accountId)}/targetingsearch`, { q: b.q, ...paging });
  return get('search', {
    type: b.type,
    q: b.q,
    interest_list: b.interest_list,
    location_types: b.location_types,
    country_code: b.country_code,
    class: b.class,
    ...paging,
  });
}
