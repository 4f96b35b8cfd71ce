/**
 * GET list endpoints for regular and Smart+ objects (docs/platforms/tiktok.md §3, §7). Smart+ objects live in their
 * own stores and are listed only by the /smart_plus/ endpoints (ASSUMED: the regular get endpoints
 * would also show upgraded Smart+ creatives; this simulator keeps the two apart).
 */
import type express from 'express';
import { op, type SimDeps } from '../ctx';
import { listObjects, ADGROUP_SECONDARY, AD_SECONDARY, CAMPAIGN_SECONDARY, type ListSpec } from '../list';
import type { Entity } from '../store';

export function readRoutes(r: express.Router, deps: SimDeps): void {
  const s = deps.state;
  const adsOfCampaign = (store: typeof s.ads, groups: typeof s.adgroups) => (id: string): Entity[] =>
    groups.children(id).flatMap((g) => [...store.children(g.id)]);

  const campaign: ListSpec = {
    kind: 'campaign', store: s.campaigns, ownIds: 'campaign_ids', nameKey: 'campaign_name', parents: {},
    otherKeys: ['objective_type', 'optimization_goal', 'campaign_type', 'buying_types', 'campaign_system_origins', 'is_smart_performance_campaign', 'campaign_automation_type', 'creative_campaign_type', 'split_test_enabled', 'sales_destination'],
    secondary: CAMPAIGN_SECONDARY, maxPageSize: 1000,
  };
  const adgroup: ListSpec = {
    kind: 'adgroup', store: s.adgroups, ownIds: 'adgroup_ids', nameKey: 'adgroup_name',
    parents: { campaign_ids: (id) => s.adgroups.children(id) },
    otherKeys: ['objective_type', 'buying_types', 'optimization_goal', 'promotion_type', 'bid_strategy', 'billing_events', 'creative_material_mode', 'split_test_enabled'],
    secondary: ADGROUP_SECONDARY, maxPageSize: 1000,
  };
  const ad: ListSpec = {
    kind: 'ad', store: s.ads, ownIds: 'ad_ids', nameKey: 'ad_name',
    parents: { adgroup_ids: (id) => s.ads.children(id), campaign_ids: adsOfCampaign(s.ads, s.adgroups) },
    otherKeys: ['ad_ids_v2', 'objective_type', 'buying_types', 'optimization_goal', 'creative_material_mode', 'destination', 'modified_after'],
    secondary: AD_SECONDARY, maxPageSize: 1000,
  };
  const spCampaign: ListSpec = {
    kind: 'spCampaign', store: s.spCampaigns, ownIds: 'campaign_ids', nameKey: 'campaign_name', parents: {},
    otherKeys: ['objective_type'], secondary: CAMPAIGN_SECONDARY, maxPageSize: 1000,
  };
  // Smart+ filter keys as the official SDK models them (tiktok-business-api-sdk-official
  // src/model/FilteringSmartPlusAdgroupGet.js, FilteringSmartPlusAdGet.js); Smart+ ad/get has no name filter.
  const spAdgroup: ListSpec = {
    kind: 'spAdgroup', store: s.spAdgroups, ownIds: 'adgroup_ids', nameKey: 'adgroup_name',
    parents: { campaign_ids: (id) => s.spAdgroups.children(id) },
    otherKeys: ['objective_type', 'optimization_goal', 'promotion_type'], secondary: ADGROUP_SECONDARY, maxPageSize: 1000,
  };
  const spAd: ListSpec = {
    kind: 'spAd', store: s.spAds as unknown as ListSpec['store'], ownIds: 'smart_plus_ad_ids',
    parents: { adgroup_ids: (id) => s.spAds.children(id), campaign_ids: adsOfCampaign(s.spAds, s.spAdgroups) },
    otherKeys: ['objective_type', 'optimization_goal', 'modified_after'], secondary: AD_SECONDARY, maxPageSize: 100,
  };

  r.get('/campaign/get/', op(deps, true, (ctx) => listObjects(ctx, campaign)));
  r.get('/adgroup/get/', op(deps, true, (ctx) => listObjects(ctx, adgroup)));
  r.get('/ad/get/', op(deps, true, (ctx) => listObjects(ctx, ad)));
  r.get('/smart_plus/campaign/get/', op(deps, true, (ctx) => listObjects(ctx, spCampaign)));
  r.get('/smart_plus/adgroup/get/', op(deps, true, (ctx) => listObjects(ctx, spAdgroup)));
  r.get('/smart_plus/ad/get/', op(deps, true, (ctx) => listObjects(ctx, spAd)));
}
