/**
 * The simulator's field catalog: which resources can be queried, which resources each one
 * implicitly joins (attributed resources), and how each attribute is read from the seeded data.
 * Metrics and segments are generic and handled by the evaluator.
 */
import { budgetOf, budgetsOf, type AccountData, type AdGroup, type AdGroupAd, type Asset, type Budget, type Campaign, type Criterion, type Customer, type GoogleState } from '../state';
import { DAY_OF_WEEK } from '../dates';
import { INT64_METRICS, METRIC_NAMES } from '../metrics';

export type FieldType = 'INT64' | 'INT32' | 'DOUBLE' | 'STRING' | 'ENUM' | 'BOOLEAN' | 'DATE' | 'RESOURCE_NAME' | 'STRING_LIST';

export interface RowCtx {
  customer: Customer;
  campaign?: Campaign;
  adGroup?: AdGroup;
  ad?: AdGroupAd;
  criterion?: Criterion;
  asset?: Asset;
  budget?: Budget;
  client?: { customer: Customer; level: number };
}

export interface FieldDef {
  name: string;
  /** The resource the field belongs to, or 'metrics' / 'segments'. */
  resource: string;
  type: FieldType;
  enumValues?: readonly string[];
  get?: (ctx: RowCtx) => unknown;
}

export interface ResourceDef {
  name: string;
  attributed: string[];
  metrics: boolean;
  /** Base rows of the resource in one account, in a stable order. */
  rows(state: GoogleState, acct: AccountData, customer: Customer): readonly unknown[];
  ctx(item: unknown, state: GoogleState, acct: AccountData, customer: Customer): RowCtx;
  /** Entity the metrics stream is keyed on, with its daily impression scale. */
  metricsOf?(ctx: RowCtx): { id: string; scale: number; from: number } | undefined;
}

const E = {
  customerStatus: ['ENABLED', 'CANCELED', 'SUSPENDED', 'CLOSED'],
  status: ['ENABLED', 'PAUSED', 'REMOVED'],
  servingStatus: ['SERVING', 'NONE', 'ENDED', 'PENDING', 'SUSPENDED'],
  primaryStatus: ['ELIGIBLE', 'PAUSED', 'REMOVED', 'ENDED', 'PENDING', 'MISCONFIGURED', 'LIMITED', 'LEARNING', 'NOT_ELIGIBLE'],
  channel: ['SEARCH', 'DISPLAY', 'SHOPPING', 'HOTEL', 'VIDEO', 'MULTI_CHANNEL', 'LOCAL', 'SMART', 'PERFORMANCE_MAX', 'LOCAL_SERVICES', 'TRAVEL', 'DEMAND_GEN'],
  bidding: ['COMMISSION', 'ENHANCED_CPC', 'INVALID', 'MANUAL_CPA', 'MANUAL_CPC', 'MANUAL_CPM', 'MANUAL_CPV', 'MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'PAGE_ONE_PROMOTED', 'PERCENT_CPC', 'TARGET_CPA', 'TARGET_CPM', 'TARGET_IMPRESSION_SHARE', 'TARGET_OUTRANK_SHARE', 'TARGET_ROAS', 'TARGET_SPEND'],
  adGroupType: ['SEARCH_STANDARD', 'DISPLAY_STANDARD', 'SHOPPING_PRODUCT_ADS', 'HOTEL_ADS', 'SHOPPING_SMART_ADS', 'VIDEO_BUMPER', 'VIDEO_TRUE_VIEW_IN_STREAM', 'VIDEO_TRUE_VIEW_IN_DISPLAY', 'VIDEO_NON_SKIPPABLE_IN_STREAM', 'SEARCH_DYNAMIC_ADS', 'SHOPPING_COMPARISON_LISTING_ADS', 'PROMOTED_HOTEL_ADS', 'VIDEO_RESPONSIVE', 'VIDEO_EFFICIENT_REACH', 'SMART_CAMPAIGN_ADS', 'TRAVEL_ADS'],
  adType: ['TEXT_AD', 'EXPANDED_TEXT_AD', 'EXPANDED_DYNAMIC_SEARCH_AD', 'HOTEL_AD', 'SHOPPING_SMART_AD', 'SHOPPING_PRODUCT_AD', 'VIDEO_AD', 'IMAGE_AD', 'RESPONSIVE_SEARCH_AD', 'LEGACY_RESPONSIVE_DISPLAY_AD', 'APP_AD', 'LEGACY_APP_INSTALL_AD', 'RESPONSIVE_DISPLAY_AD', 'LOCAL_AD', 'HTML5_UPLOAD_AD', 'DYNAMIC_HTML5_AD', 'APP_ENGAGEMENT_AD', 'SHOPPING_COMPARISON_LISTING_AD', 'VIDEO_BUMPER_AD', 'VIDEO_NON_SKIPPABLE_IN_STREAM_AD', 'VIDEO_TRUEVIEW_IN_STREAM_AD', 'VIDEO_RESPONSIVE_AD', 'SMART_CAMPAIGN_AD', 'CALL_AD', 'APP_PRE_REGISTRATION_AD', 'IN_FEED_VIDEO_AD', 'DEMAND_GEN_MULTI_ASSET_AD', 'DEMAND_GEN_CAROUSEL_AD', 'TRAVEL_AD', 'DEMAND_GEN_VIDEO_RESPONSIVE_AD', 'DEMAND_GEN_PRODUCT_AD'],
  adStrength: ['PENDING', 'NO_ADS', 'POOR', 'AVERAGE', 'GOOD', 'EXCELLENT'],
  criterionType: ['KEYWORD', 'PLACEMENT', 'MOBILE_APP_CATEGORY', 'MOBILE_APPLICATION', 'DEVICE', 'LOCATION', 'LISTING_GROUP', 'AGE_RANGE', 'GENDER', 'INCOME_RANGE', 'PARENTAL_STATUS', 'YOUTUBE_VIDEO', 'YOUTUBE_CHANNEL', 'USER_LIST', 'PROXIMITY', 'TOPIC', 'LISTING_SCOPE', 'LANGUAGE', 'IP_BLOCK', 'CONTENT_LABEL', 'CARRIER', 'USER_INTEREST', 'WEBPAGE', 'AUDIENCE'],
  matchType: ['EXACT', 'PHRASE', 'BROAD'],
  assetType: ['YOUTUBE_VIDEO', 'MEDIA_BUNDLE', 'IMAGE', 'TEXT', 'LEAD_FORM', 'BOOK_ON_GOOGLE', 'PROMOTION', 'CALLOUT', 'STRUCTURED_SNIPPET', 'SITELINK', 'PAGE_FEED', 'DYNAMIC_EDUCATION', 'MOBILE_APP', 'HOTEL_CALLOUT', 'CALL', 'PRICE', 'CALL_TO_ACTION', 'DYNAMIC_REAL_ESTATE', 'DYNAMIC_CUSTOM', 'DYNAMIC_HOTELS_AND_RENTALS', 'DYNAMIC_FLIGHTS', 'DYNAMIC_TRAVEL', 'DYNAMIC_LOCAL', 'DYNAMIC_JOBS', 'LOCATION', 'HOTEL_PROPERTY', 'DEMAND_GEN_CAROUSEL_CARD', 'BUSINESS_MESSAGE'],
  device: ['MOBILE', 'TABLET', 'DESKTOP', 'CONNECTED_TV', 'OTHER'],
} as const;

const cn = (c: Customer) => `customers/${c.id}`;
const fields = new Map<string, FieldDef>();
type Spec = [name: string, type: FieldType, get?: (ctx: RowCtx) => unknown, enumValues?: readonly string[]];
function def(resource: string, list: Spec[]) {
  for (const [n, type, get, enumValues] of list) fields.set(`${resource}.${n}`, { name: `${resource}.${n}`, resource, type, get, enumValues });
}

const customerFields = (pick: (ctx: RowCtx) => Customer): Spec[] => [
  ['id', 'INT64', (x) => pick(x).id],
  ['descriptive_name', 'STRING', (x) => pick(x).descriptiveName],
  ['currency_code', 'STRING', (x) => pick(x).currencyCode],
  ['time_zone', 'STRING', (x) => pick(x).timeZone],
  ['manager', 'BOOLEAN', (x) => pick(x).manager],
  ['test_account', 'BOOLEAN', (x) => pick(x).testAccount],
  ['status', 'ENUM', (x) => pick(x).status, E.customerStatus],
];

def('customer', [
  ['resource_name', 'RESOURCE_NAME', (x) => cn(x.customer)],
  ...customerFields((x) => x.customer),
  ['auto_tagging_enabled', 'BOOLEAN', (x) => x.customer.autoTaggingEnabled],
]);

def('customer_client', [
  ['resource_name', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/customerClients/${x.client!.customer.id}`],
  ['client_customer', 'RESOURCE_NAME', (x) => cn(x.client!.customer)],
  ['level', 'INT64', (x) => x.client!.level],
  ['hidden', 'BOOLEAN', (x) => x.client!.customer.hidden],
  ...customerFields((x) => x.client!.customer),
]);

const camp = (x: RowCtx) => x.campaign!;
const campaignBase: Spec[] = [
  ['resource_name', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/campaigns/${camp(x).id}`],
  ['id', 'INT64', (x) => camp(x).id],
  ['name', 'STRING', (x) => camp(x).name],
  ['status', 'ENUM', (x) => camp(x).status, E.status],
  ['serving_status', 'ENUM', (x) => (camp(x).status === 'ENABLED' ? 'SERVING' : 'NONE'), E.servingStatus],
  ['primary_status', 'ENUM', (x) => ({ ENABLED: 'ELIGIBLE', PAUSED: 'PAUSED', REMOVED: 'REMOVED' })[camp(x).status], E.primaryStatus],
  ['advertising_channel_type', 'ENUM', (x) => camp(x).advertisingChannelType, E.channel],
  ['bidding_strategy_type', 'ENUM', (x) => camp(x).biddingStrategyType, E.bidding],
  ['campaign_budget', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/campaignBudgets/${camp(x).budgetId}`],
];
// v23 renamed start_date/end_date to start_date_time/end_date_time (docs/platforms/google.md §6); both kept, filtered by version.
def('campaign', [
  ...campaignBase,
  ['start_date', 'DATE', (x) => camp(x).startDate],
  ['end_date', 'DATE', (x) => camp(x).endDate],
  ['start_date_time', 'STRING', (x) => `${camp(x).startDate} 00:00:00`],
  ['end_date_time', 'STRING', (x) => (camp(x).endDate ? `${camp(x).endDate} 23:59:59` : undefined)],
]);

// CampaignBudget (https://developers.google.com/google-ads/api/fields/v23/campaign_budget): amount_micros is int64.
const bud = (x: RowCtx) => x.budget!;
def('campaign_budget', [
  ['resource_name', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/campaignBudgets/${bud(x).id}`],
  ['id', 'INT64', (x) => bud(x).id],
  ['name', 'STRING', (x) => bud(x).name],
  ['amount_micros', 'INT64', (x) => String(bud(x).amountMicros)],
  ['status', 'ENUM', (x) => bud(x).status, ['ENABLED', 'REMOVED']],
  ['explicitly_shared', 'BOOLEAN', (x) => bud(x).explicitlyShared],
  ['period', 'ENUM', () => 'DAILY', ['DAILY', 'CUSTOM_PERIOD']],
  ['delivery_method', 'ENUM', () => 'STANDARD', ['STANDARD', 'ACCELERATED']],
]);

const ag = (x: RowCtx) => x.adGroup!;
def('ad_group', [
  ['resource_name', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/adGroups/${ag(x).id}`],
  ['id', 'INT64', (x) => ag(x).id],
  ['name', 'STRING', (x) => ag(x).name],
  ['status', 'ENUM', (x) => ag(x).status, E.status],
  ['type', 'ENUM', (x) => ag(x).type, E.adGroupType],
  ['campaign', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/campaigns/${ag(x).campaignId}`],
  ['cpc_bid_micros', 'INT64', (x) => ag(x).cpcBidMicros],
]);

const ad = (x: RowCtx) => x.ad!;
def('ad_group_ad', [
  ['resource_name', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/adGroupAds/${ad(x).adGroupId}~${ad(x).adId}`],
  ['status', 'ENUM', (x) => ad(x).status, E.status],
  ['ad_group', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/adGroups/${ad(x).adGroupId}`],
  ['ad_strength', 'ENUM', (x) => ad(x).adStrength, E.adStrength],
  ['ad.resource_name', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/ads/${ad(x).adId}`],
  ['ad.id', 'INT64', (x) => ad(x).adId],
  ['ad.name', 'STRING', (x) => ad(x).name],
  ['ad.type', 'ENUM', (x) => ad(x).type, E.adType],
  ['ad.final_urls', 'STRING_LIST', (x) => ad(x).finalUrls],
]);

const cr = (x: RowCtx) => x.criterion!;
def('ad_group_criterion', [
  ['resource_name', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/adGroupCriteria/${cr(x).adGroupId}~${cr(x).criterionId}`],
  ['criterion_id', 'INT64', (x) => cr(x).criterionId],
  ['type', 'ENUM', (x) => cr(x).type, E.criterionType],
  ['status', 'ENUM', (x) => cr(x).status, E.status],
  ['negative', 'BOOLEAN', (x) => cr(x).negative],
  ['ad_group', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/adGroups/${cr(x).adGroupId}`],
  ['keyword.text', 'STRING', (x) => cr(x).keywordText],
  ['keyword.match_type', 'ENUM', (x) => cr(x).matchType, E.matchType],
  ['quality_info.quality_score', 'INT32', (x) => cr(x).qualityScore],
  ['cpc_bid_micros', 'INT64', (x) => cr(x).cpcBidMicros],
]);

def('keyword_view', [
  ['resource_name', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/keywordViews/${cr(x).adGroupId}~${cr(x).criterionId}`],
]);

const as = (x: RowCtx) => x.asset!;
def('asset', [
  ['resource_name', 'RESOURCE_NAME', (x) => `${cn(x.customer)}/assets/${as(x).id}`],
  ['id', 'INT64', (x) => as(x).id],
  ['name', 'STRING', (x) => as(x).name],
  ['type', 'ENUM', (x) => as(x).type, E.assetType],
  ['text_asset.text', 'STRING', (x) => as(x).text],
  ['final_urls', 'STRING_LIST', (x) => as(x).finalUrls],
]);

for (const m of METRIC_NAMES) fields.set(`metrics.${m}`, { name: `metrics.${m}`, resource: 'metrics', type: INT64_METRICS.has(m) ? 'INT64' : 'DOUBLE' });
for (const [n, type, values] of [
  ['date', 'DATE'],
  ['week', 'DATE'],
  ['month', 'DATE'],
  ['quarter', 'DATE'],
  ['year', 'INT32'],
  ['day_of_week', 'ENUM', DAY_OF_WEEK],
  ['device', 'ENUM', E.device],
] as Array<[name: string, type: FieldType, values?: readonly string[]]>) {
  fields.set(`segments.${n}`, { name: `segments.${n}`, resource: 'segments', type, enumValues: values });
}

export const CORE_DATE_SEGMENTS = new Set(['segments.date', 'segments.week', 'segments.month', 'segments.quarter', 'segments.year']);

/** Fields of a version: v23+ has start_date_time/end_date_time; earlier versions have start_date/end_date. */
export function fieldFor(name: string, version: number): FieldDef | undefined {
  if (version >= 23 && (name === 'campaign.start_date' || name === 'campaign.end_date')) return undefined;
  if (version < 23 && (name === 'campaign.start_date_time' || name === 'campaign.end_date_time')) return undefined;
  return fields.get(name);
}

const withCampaign = (acct: AccountData, campaignId: string) => acct.campaignById.get(campaignId);

export const RESOURCES: Record<string, ResourceDef> = {
  customer: {
    name: 'customer',
    attributed: [],
    metrics: true,
    rows: (_s, _a, c) => [{ customer: c }],
    ctx: (item) => item as RowCtx,
    metricsOf: (x) => ({ id: `cu${x.customer.id}`, scale: 6000, from: Number.NEGATIVE_INFINITY }),
  },
  customer_client: {
    name: 'customer_client',
    attributed: ['customer'],
    metrics: false,
    rows: (s, _a, c) => s.hierarchy(c.id).map((client) => ({ customer: c, client })),
    ctx: (item) => item as RowCtx,
  },
  campaign: {
    name: 'campaign',
    attributed: ['campaign_budget', 'customer'],
    metrics: true,
    rows: (_s, a) => a.campaigns,
    ctx: (item, _s, a, c) => ({ customer: c, campaign: item as Campaign, budget: budgetOf(a, (item as Campaign).budgetId) }),
    metricsOf: (x) => ({ id: `ca${x.campaign!.id}`, scale: 1500, from: x.campaign!.metricsFrom }),
  },
  campaign_budget: {
    name: 'campaign_budget',
    attributed: ['customer'],
    metrics: false,
    rows: (_s, a) => budgetsOf(a),
    ctx: (item, _s, _a, c) => ({ customer: c, budget: item as Budget }),
  },
  ad_group: {
    name: 'ad_group',
    attributed: ['campaign', 'customer'],
    metrics: true,
    rows: (_s, a) => a.adGroups,
    ctx: (item, _s, a, c) => {
      const adGroup = item as AdGroup;
      return { customer: c, adGroup, campaign: withCampaign(a, adGroup.campaignId) };
    },
    metricsOf: (x) => ({ id: `ag${x.adGroup!.id}`, scale: 600, from: x.adGroup!.metricsFrom }),
  },
  ad_group_ad: {
    name: 'ad_group_ad',
    attributed: ['ad_group', 'campaign', 'customer'],
    metrics: true,
    rows: (_s, a) => a.ads,
    ctx: (item, _s, a, c) => {
      const x = item as AdGroupAd;
      return { customer: c, ad: x, adGroup: a.adGroupById.get(x.adGroupId), campaign: withCampaign(a, x.campaignId) };
    },
    metricsOf: (x) => ({ id: `ad${x.ad!.adId}`, scale: 300, from: x.ad!.metricsFrom }),
  },
  ad_group_criterion: {
    name: 'ad_group_criterion',
    attributed: ['ad_group', 'campaign', 'customer'],
    // ASSUMED: metrics for keywords are read FROM keyword_view; ad_group_criterion rejects metrics here.
    metrics: false,
    rows: (_s, a) => a.criteria,
    ctx: (item, _s, a, c) => {
      const x = item as Criterion;
      return { customer: c, criterion: x, adGroup: a.adGroupById.get(x.adGroupId), campaign: withCampaign(a, x.campaignId) };
    },
  },
  keyword_view: {
    name: 'keyword_view',
    attributed: ['ad_group_criterion', 'ad_group', 'campaign', 'customer'],
    metrics: true,
    // keyword_view holds positive keywords only.
    rows: (_s, a) => a.criteria,
    ctx: (item, _s, a, c) => {
      const x = item as Criterion;
      return { customer: c, criterion: x, adGroup: a.adGroupById.get(x.adGroupId), campaign: withCampaign(a, x.campaignId) };
    },
    metricsOf: (x) => ({ id: `kw${x.criterion!.criterionId}`, scale: 150, from: x.criterion!.metricsFrom }),
  },
  asset: {
    name: 'asset',
    attributed: ['customer'],
    metrics: false,
    rows: (_s, a) => a.assets,
    ctx: (item, _s, _a, c) => ({ customer: c, asset: item as Asset }),
  },
};

/** keyword_view excludes negative and non-keyword criteria. */
export function baseRowIncluded(resource: string, ctx: RowCtx): boolean {
  if (resource === 'keyword_view') return ctx.criterion!.type === 'KEYWORD' && !ctx.criterion!.negative;
  return true;
}

/** 'ad_group_ad.ad.final_urls' → ['adGroupAd','ad','finalUrls']. */
export function jsonPath(name: string): string[] {
  return name.split('.').map((p) => p.replace(/_([a-z0-9])/g, (_m, ch: string) => ch.toUpperCase()));
}
