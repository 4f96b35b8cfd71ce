import { OBJECTIVES, type CreateSocialCampaign, type ObjectiveSegment, type StatusUpdate } from '../dto/campaign.dto';
import { act, post, type GraphCall } from './graph-call';

/**
 * `POST /act_{id}/campaigns` (docs/platforms/facebook.md §3 Campaigns). `special_ad_categories` is always sent (Meta
 * requires it, `[]` when none applies); without a campaign budget Meta needs
 * `is_adset_budget_sharing_enabled`.
 */
export function createCampaignCall(accountId: string, objective: ObjectiveSegment, b: CreateSocialCampaign): GraphCall {
  const cbo = Boolean(b.daily_budget || b.lifetime_budget);
  return post(`${act(accountId)}/campaigns`, {
    name: b.name,
    objective: OBJECTIVES[objective],
    status: b.status,
    special_ad_categories: b.special_ad_categories,
    special_ad_category_country: b.special_ad_category_country,
    daily_budget: b.daily_budget,
    lifetime_budget: b.lifetime_budget,
    spend_cap: b.spend_cap,
    bid_strategy: b.bid_strategy,
    buying_type: b.buying_type,
    is_adset_budget_sharing_enabled: cbo ? undefined : b.is_adset_budget_sharing_enabled,
    start_time: b.start_time,
    stop_time: b.stop_time,
    promoted_object: b.promoted_object,
  });
}

/** `POST /{id} status=…` (campaigns, ad sets, ads alike). */
export function statusUpdateCall(objectId: string, b: Pick<StatusUpdate, 'status'>): GraphCall {
  return post(objectId, { status: b.status });
}
