/*
 * What each object level of TikTok's get endpoints accepts (docs/platforms/tiktok.md §3): the record fields `fields`
 * may name and the `filtering` keys. Smart+ levels (docs/platforms/tiktok.md §7) list only what the facts give.
 */

export const ASSET_LEVELS = ['campaign', 'adgroup', 'ad'] as const;
export type AssetLevel = (typeof ASSET_LEVELS)[number];

const CREATION = ['creation_filter_start_time', 'creation_filter_end_time'];

const CAMPAIGN_FIELDS = [
  'advertiser_id', 'campaign_id', 'campaign_name', 'create_time', 'modify_time',
  'objective_type', 'objective', 'campaign_type', 'campaign_automation_type', 'is_smart_performance_campaign',
  'is_search_campaign', 'is_new_structure',
  'budget', 'budget_mode', 'budget_optimize_on',
  'operation_status', 'secondary_status',
  'bid_type', 'deep_bid_type', 'roas_bid', 'optimization_goal',
  'app_id', 'app_promotion_type', 'sales_destination', 'campaign_product_source', 'catalog_enabled',
  'special_industries', 'rf_campaign_type', 'po_number', 'postback_window_mode', 'disable_skan_campaign', 'rta_id',
];

const ADGROUP_FIELDS = [
  'advertiser_id', 'campaign_id', 'campaign_name', 'adgroup_id', 'adgroup_name', 'create_time', 'modify_time',
  'promotion_type', 'operation_status', 'secondary_status',
  'placement_type', 'placements',
  'location_ids', 'languages', 'gender', 'age_groups', 'audience_ids', 'excluded_audience_ids',
  'interest_category_ids', 'interest_keyword_ids', 'actions', 'operating_systems',
  'budget_mode', 'budget', 'schedule_type', 'schedule_start_time', 'schedule_end_time', 'dayparting',
  'optimization_goal', 'billing_event', 'bid_type', 'bid_price', 'conversion_bid_price', 'deep_bid_type', 'pacing',
  'pixel_id', 'optimization_event', 'app_id', 'identity_id', 'identity_type',
  'comment_disabled', 'video_download_disabled', 'share_disabled', 'creative_material_mode',
  'click_attribution_window', 'view_attribution_window', 'is_hfss', 'is_new_structure', 'skip_learning_phase',
];

const AD_FIELDS = [
  'advertiser_id', 'campaign_id', 'campaign_name', 'adgroup_id', 'adgroup_name', 'ad_id', 'ad_name',
  'create_time', 'modify_time', 'operation_status', 'secondary_status',
  'identity_type', 'identity_id', 'identity_authorized_bc_id', 'ad_format', 'video_id', 'image_ids', 'music_id', 'tiktok_item_id',
  'ad_text', 'ad_texts', 'call_to_action', 'call_to_action_id', 'card_id', 'landing_page_url', 'display_name',
  'app_name', 'deeplink', 'deeplink_type', 'utm_params',
  'tracking_pixel_id', 'impression_tracking_url', 'click_tracking_url', 'is_aco', 'is_new_structure',
  'creative_authorized', 'dark_post_status', 'optimization_event',
];

export interface LevelSpec {
  /** Path below the versioned API base. */
  path: string;
  idField: string;
  /** null: the facts do not list the fields, so `fields` is passed through for TikTok to check. */
  fields: ReadonlySet<string> | null;
  filterKeys: ReadonlySet<string>;
  maxPageSize: number;
}

const set = (xs: string[]) => new Set(xs);

export const LEVELS: Record<AssetLevel, LevelSpec> = {
  campaign: {
    path: 'campaign/get/',
    idField: 'campaign_id',
    fields: set(CAMPAIGN_FIELDS),
    filterKeys: set([
      'campaign_ids', 'campaign_name', 'primary_status', 'secondary_status', 'objective_type', 'optimization_goal',
      'campaign_type', 'buying_types', 'campaign_system_origins', 'is_smart_performance_campaign',
      'campaign_automation_type', 'creative_campaign_type', 'split_test_enabled', 'sales_destination', ...CREATION,
    ]),
    maxPageSize: 1000,
  },
  adgroup: {
    path: 'adgroup/get/',
    idField: 'adgroup_id',
    fields: set(ADGROUP_FIELDS),
    filterKeys: set([
      'campaign_ids', 'adgroup_ids', 'adgroup_name', 'primary_status', 'secondary_status', 'objective_type',
      'buying_types', 'optimization_goal', 'promotion_type', 'bid_strategy', 'billing_events',
      'creative_material_mode', 'split_test_enabled', ...CREATION,
    ]),
    maxPageSize: 1000,
  },
  ad: {
    path: 'ad/get/',
    idField: 'ad_id',
    fields: set(AD_FIELDS),
    filterKeys: set([
      'campaign_ids', 'adgroup_ids', 'ad_ids', 'ad_ids_v2', 'ad_name', 'primary_status', 'secondary_status',
      'objective_type', 'buying_types', 'optimization_goal', 'creative_material_mode', 'destination',
      'modified_after', ...CREATION,
    ]),
    maxPageSize: 1000,
  },
};

export const SMART_LEVELS = ['campaign', 'adgroup', 'ad'] as const;
export type SmartLevel = (typeof SMART_LEVELS)[number];

export const SMART_GET: Record<SmartLevel, LevelSpec> = {
  campaign: {
    path: 'smart_plus/campaign/get/',
    idField: 'campaign_id',
    fields: set([...CAMPAIGN_FIELDS, 'smart_plus_adgroup_mode']),
    filterKeys: set(['campaign_ids', 'campaign_name', 'objective_type', 'primary_status', 'secondary_status', ...CREATION]),
    maxPageSize: 1000,
  },
  // Smart+ filter keys from tiktok-business-api-sdk-official src/model/FilteringSmartPlusAdgroupGet.js
  // and FilteringSmartPlusAdGet.js; Smart+ ad/get has no name filter.
  adgroup: {
    path: 'smart_plus/adgroup/get/',
    idField: 'adgroup_id',
    fields: null,
    filterKeys: set(['campaign_ids', 'adgroup_ids', 'adgroup_name', 'objective_type', 'optimization_goal', 'promotion_type', 'primary_status', 'secondary_status', ...CREATION]),
    maxPageSize: 1000,
  },
  ad: {
    path: 'smart_plus/ad/get/',
    idField: 'smart_plus_ad_id',
    fields: null,
    filterKeys: set(['smart_plus_ad_ids', 'campaign_ids', 'adgroup_ids', 'objective_type', 'optimization_goal', 'modified_after', 'primary_status', 'secondary_status', ...CREATION]),
    maxPageSize: 100,
  },
};

/** Filter keys whose value TikTok requires to be an array. */
const ARRAY_KEYS = /(_ids|_ids_v2|buying_types|billing_events|campaign_system_origins)$/;
const TIME_KEYS = new Set([...CREATION, 'modified_after']);
export const MAX_FILTER_IDS = 100;

export function isArrayFilterKey(k: string): boolean {
  return ARRAY_KEYS.test(k);
}

export function isTimeFilterKey(k: string): boolean {
  return TIME_KEYS.has(k);
}
