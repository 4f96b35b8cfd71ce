/**
 * What each level of the assets and insights routes may read (docs/platforms/google.md §6). Allow-lists keep a user
 * from turning a typed route into free-form GAQL; the raw `/gaql` route is the free-form one.
 */

export const ASSET_LEVELS = ['campaign', 'ad_group', 'ad', 'keyword', 'asset'] as const;
export type AssetLevel = (typeof ASSET_LEVELS)[number];

export const INSIGHT_LEVELS = ['account', 'campaign', 'ad_group', 'ad', 'keyword'] as const;
export type InsightLevel = (typeof INSIGHT_LEVELS)[number];

export const ENTITY_STATUSES = ['ENABLED', 'PAUSED', 'REMOVED'] as const;

export interface LevelDef {
  /** FROM resource. */
  resource: string;
  /** The entity's id field, for `ids` filters and stable ordering. */
  idField: string;
  /** Status field for `statuses` filters; absent when the resource has none. */
  statusField?: string;
  /** Conditions every query of the level carries (as builder conditions). */
  fixedWhere?: Array<{ field: string; op: string; value?: string | string[] }>;
  defaultFields: readonly string[];
  allowedFields: readonly string[];
}

const CAMPAIGN_FIELDS = [
  'campaign.resource_name', 'campaign.id', 'campaign.name', 'campaign.status', 'campaign.serving_status',
  'campaign.primary_status', 'campaign.advertising_channel_type', 'campaign.bidding_strategy_type',
  'campaign.campaign_budget', 'campaign.start_date_time', 'campaign.end_date_time', 'campaign.labels',
];
const AD_GROUP_FIELDS = [
  'ad_group.resource_name', 'ad_group.id', 'ad_group.name', 'ad_group.status', 'ad_group.type', 'ad_group.campaign',
  'ad_group.cpc_bid_micros', 'ad_group.effective_target_cpa_micros',
];
const AD_FIELDS = [
  'ad_group_ad.resource_name', 'ad_group_ad.status', 'ad_group_ad.ad_group', 'ad_group_ad.ad_strength', 'ad_group_ad.ad.id',
  'ad_group_ad.ad.name', 'ad_group_ad.ad.type', 'ad_group_ad.ad.final_urls',
];
const KEYWORD_FIELDS = [
  'ad_group_criterion.resource_name', 'ad_group_criterion.criterion_id', 'ad_group_criterion.type', 'ad_group_criterion.status',
  'ad_group_criterion.negative', 'ad_group_criterion.ad_group', 'ad_group_criterion.keyword.text',
  'ad_group_criterion.keyword.match_type', 'ad_group_criterion.quality_info.quality_score', 'ad_group_criterion.cpc_bid_micros',
];
const ASSET_FIELDS = ['asset.resource_name', 'asset.id', 'asset.name', 'asset.type', 'asset.final_urls', 'asset.text_asset.text'];
const CUSTOMER_FIELDS = ['customer.id', 'customer.descriptive_name', 'customer.currency_code', 'customer.time_zone'];
const PARENT_IDS = { campaign: ['campaign.id', 'campaign.name'], adGroup: ['ad_group.id', 'ad_group.name'] };

const KEYWORD_ONLY = [{ field: 'ad_group_criterion.type', op: '=', value: 'KEYWORD' }];

export const ASSET_LEVEL_DEFS: Record<AssetLevel, LevelDef> = {
  campaign: {
    resource: 'campaign',
    idField: 'campaign.id',
    statusField: 'campaign.status',
    defaultFields: ['campaign.id', 'campaign.name', 'campaign.status', 'campaign.advertising_channel_type', 'campaign.bidding_strategy_type'],
    allowedFields: [...CAMPAIGN_FIELDS, ...CUSTOMER_FIELDS],
  },
  ad_group: {
    resource: 'ad_group',
    idField: 'ad_group.id',
    statusField: 'ad_group.status',
    defaultFields: ['ad_group.id', 'ad_group.name', 'ad_group.status', 'ad_group.type', 'campaign.id'],
    allowedFields: [...AD_GROUP_FIELDS, ...PARENT_IDS.campaign, 'campaign.status', ...CUSTOMER_FIELDS],
  },
  ad: {
    resource: 'ad_group_ad',
    idField: 'ad_group_ad.ad.id',
    statusField: 'ad_group_ad.status',
    defaultFields: ['ad_group_ad.ad.id', 'ad_group_ad.ad.name', 'ad_group_ad.ad.type', 'ad_group_ad.status', 'ad_group.id', 'campaign.id'],
    allowedFields: [...AD_FIELDS, ...PARENT_IDS.adGroup, ...PARENT_IDS.campaign, ...CUSTOMER_FIELDS],
  },
  keyword: {
    resource: 'ad_group_criterion',
    idField: 'ad_group_criterion.criterion_id',
    statusField: 'ad_group_criterion.status',
    fixedWhere: KEYWORD_ONLY,
    defaultFields: [
      'ad_group_criterion.criterion_id', 'ad_group_criterion.keyword.text', 'ad_group_criterion.keyword.match_type',
      'ad_group_criterion.status', 'ad_group_criterion.negative', 'ad_group.id', 'campaign.id',
    ],
    allowedFields: [...KEYWORD_FIELDS, ...PARENT_IDS.adGroup, ...PARENT_IDS.campaign, ...CUSTOMER_FIELDS],
  },
  asset: {
    resource: 'asset',
    idField: 'asset.id',
    defaultFields: ['asset.id', 'asset.name', 'asset.type'],
    allowedFields: [...ASSET_FIELDS, ...CUSTOMER_FIELDS],
  },
};

/** Metrics every insights level may select (docs/platforms/google.md §6); int64 ones come back as strings. */
export const INSIGHT_METRICS = [
  'impressions', 'clicks', 'interactions', 'engagements', 'view_through_conversions', 'cost_micros', 'ctr', 'average_cpc',
  'average_cpm', 'average_cost', 'conversions', 'conversions_value', 'all_conversions', 'cost_per_conversion',
  'value_per_conversion', 'interaction_rate', 'search_impression_share',
] as const;
export const DEFAULT_INSIGHT_METRICS = ['impressions', 'clicks', 'cost_micros', 'ctr', 'average_cpc', 'conversions'] as const;

/** Segments an insights query may break down by; core date segments need the date range it always has. */
export const INSIGHT_SEGMENTS = ['date', 'week', 'month', 'quarter', 'year', 'hour', 'day_of_week', 'device', 'ad_network_type'] as const;

export const INSIGHT_LEVEL_DEFS: Record<InsightLevel, LevelDef> = {
  account: {
    resource: 'customer',
    idField: 'customer.id',
    defaultFields: ['customer.id', 'customer.descriptive_name'],
    allowedFields: CUSTOMER_FIELDS,
  },
  campaign: {
    resource: 'campaign',
    idField: 'campaign.id',
    statusField: 'campaign.status',
    defaultFields: ['campaign.id', 'campaign.name'],
    allowedFields: CAMPAIGN_FIELDS,
  },
  ad_group: {
    resource: 'ad_group',
    idField: 'ad_group.id',
    statusField: 'ad_group.status',
    defaultFields: ['ad_group.id', 'ad_group.name', 'campaign.id'],
    allowedFields: [...AD_GROUP_FIELDS, ...PARENT_IDS.campaign],
  },
  ad: {
    resource: 'ad_group_ad',
    idField: 'ad_group_ad.ad.id',
    statusField: 'ad_group_ad.status',
    defaultFields: ['ad_group_ad.ad.id', 'ad_group.id', 'campaign.id'],
    allowedFields: [...AD_FIELDS, ...PARENT_IDS.adGroup, ...PARENT_IDS.campaign],
  },
  keyword: {
    // keyword_view only has resource_name; the keyword itself comes from the attributed criterion (docs/platforms/google.md §6).
    resource: 'keyword_view',
    idField: 'ad_group_criterion.criterion_id',
    statusField: 'ad_group_criterion.status',
    defaultFields: ['ad_group_criterion.criterion_id', 'ad_group_criterion.keyword.text', 'ad_group_criterion.keyword.match_type', 'ad_group.id', 'campaign.id'],
    allowedFields: ['keyword_view.resource_name', ...KEYWORD_FIELDS, ...PARENT_IDS.adGroup, ...PARENT_IDS.campaign],
  },
};

/** Field names that are not on the level's list, in input order. */
export function unknownFields(def: LevelDef, fields: readonly string[]): string[] {
  const allowed = new Set(def.allowedFields);
  return fields.filter((f) => !allowed.has(f));
}
