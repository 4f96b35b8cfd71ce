import type { GNode, NodeType } from './types';

/**
 * Readable fields per node type (docs/platforms/facebook.md §3; extra real fields we model are listed too).
 * Fields listed but absent on an object are simply omitted, as Graph omits null fields.
 * Internal names in error messages (AdCampaignGroup etc.) are ASSUMED from public client logs.
 */
export interface TypeSchema {
  graphName: string;
  fields: readonly string[];
  /** Fields whose value is `{id}` of another node; nested selections project that node. */
  refs?: Record<string, true>;
}

const STATUS_FIELDS = ['status', 'configured_status', 'effective_status'] as const;

export const SCHEMA: Record<NodeType, TypeSchema> = {
  user: { graphName: 'User', fields: ['id', 'name', 'first_name', 'last_name', 'email'] },
  adaccount: {
    graphName: 'AdAccount',
    fields: [
      'id', 'account_id', 'name', 'business', 'owner', 'created_time', 'age', 'account_status', 'disable_reason',
      'user_tasks', 'capabilities', 'currency', 'timezone_id', 'timezone_name', 'timezone_offset_hours_utc',
      'amount_spent', 'balance', 'spend_cap', 'min_daily_budget', 'funding_source_details', 'is_prepay_account',
      'business_name', 'end_advertiser', 'media_agency',
    ],
    refs: { business: true },
  },
  campaign: {
    graphName: 'AdCampaignGroup',
    fields: [
      'id', 'account_id', 'name', 'objective', ...STATUS_FIELDS, 'daily_budget', 'lifetime_budget', 'budget_remaining',
      'spend_cap', 'bid_strategy', 'buying_type', 'special_ad_categories', 'special_ad_category_country', 'start_time',
      'stop_time', 'created_time', 'updated_time', 'issues_info', 'promoted_object', 'is_adset_budget_sharing_enabled',
      'source_campaign_id',
    ],
  },
  adset: {
    graphName: 'AdCampaign',
    fields: [
      'id', 'account_id', 'campaign_id', 'campaign', 'name', ...STATUS_FIELDS, 'daily_budget', 'lifetime_budget',
      'budget_remaining', 'bid_amount', 'bid_strategy', 'billing_event', 'optimization_goal', 'targeting',
      'promoted_object', 'destination_type', 'start_time', 'end_time', 'created_time', 'updated_time', 'issues_info',
      'dsa_beneficiary', 'dsa_payor', 'source_adset_id',
    ],
    refs: { campaign: true },
  },
  ad: {
    graphName: 'Adgroup',
    fields: [
      'id', 'account_id', 'name', 'adset_id', 'campaign_id', 'adset', 'campaign', 'creative', ...STATUS_FIELDS,
      'created_time', 'updated_time', 'ad_review_feedback', 'issues_info', 'preview_shareable_link', 'source_ad_id',
    ],
    refs: { adset: true, campaign: true, creative: true },
  },
  adcreative: {
    graphName: 'AdCreative',
    fields: [
      'id', 'account_id', 'name', 'status', 'object_story_spec', 'object_story_id', 'body', 'title', 'image_url',
      'image_hash', 'thumbnail_url', 'call_to_action_type', 'object_type', 'link_url', 'effective_object_story_id',
    ],
  },
  customaudience: {
    graphName: 'CustomAudience',
    fields: [
      'id', 'account_id', 'name', 'description', 'subtype', 'approximate_count_lower_bound',
      'approximate_count_upper_bound', 'delivery_status', 'operation_status', 'lookalike_spec', 'rule',
      'time_created', 'time_updated', 'customer_file_source', 'retention_days', 'origin_audience_id',
    ],
  },
  savedaudience: {
    graphName: 'SavedAudience',
    fields: [
      'id', 'account', 'name', 'description', 'targeting', 'approximate_count_lower_bound',
      'approximate_count_upper_bound', 'run_status', 'sentence_lines', 'time_created', 'time_updated',
    ],
  },
  adspixel: {
    graphName: 'AdsPixel',
    fields: [
      'id', 'name', 'code', 'creation_time', 'last_fired_time', 'is_unavailable', 'owner_business',
      'owner_ad_account', 'enable_automatic_matching', 'data_use_setting',
    ],
    refs: { owner_ad_account: true, owner_business: true },
  },
  customconversion: {
    graphName: 'CustomConversion',
    fields: [
      'id', 'account_id', 'name', 'description', 'custom_event_type', 'rule', 'pixel', 'creation_time',
      'last_fired_time', 'is_archived', 'default_conversion_value', 'event_source_type', 'action_source_type',
    ],
    refs: { pixel: true },
  },
  page: {
    graphName: 'Page',
    // Page node fields (facebook-nodejs-business-sdk src/objects/page.js Fields): no tasks,
    // is_promotable or is_place; `tasks` is a field of the /{user}/accounts edge only (listPages).
    fields: ['id', 'name', 'access_token', 'category', 'category_list', 'link', 'fan_count'],
  },
  leadgenform: {
    graphName: 'LeadgenForm',
    fields: [
      'id', 'name', 'status', 'locale', 'leads_count', 'created_time', 'questions', 'privacy_policy_url',
      'follow_up_action_url', 'page_id', 'thank_you_page', 'context_card', 'is_optimized_for_quality', 'page',
    ],
  },
  lead: {
    graphName: 'UserLeadGenInfo',
    fields: ['id', 'created_time', 'ad_id', 'adset_id', 'campaign_id', 'form_id', 'field_data', 'is_organic', 'platform'],
  },
  business: {
    graphName: 'Business',
    fields: ['id', 'name', 'created_time', 'verification_status', 'primary_page', 'timezone_id', 'vertical', 'link'],
    refs: { primary_page: true },
  },
  productcatalog: {
    graphName: 'ProductCatalog',
    fields: ['id', 'name', 'vertical', 'product_count', 'feed_count', 'business'],
    refs: { business: true },
  },
  reportrun: {
    graphName: 'AdReportRun',
    fields: [
      'id', 'account_id', 'async_status', 'async_percent_completion', 'date_start', 'date_stop', 'time_ref',
      'time_completed', 'is_running', 'error_code', 'error_message', 'error_subcode', 'error_user_title',
      'error_user_msg', 'schedule_id', 'is_bookmarked', 'emails', 'friendly_name',
    ],
  },
};

export function graphName(node: GNode): string {
  return SCHEMA[node.type].graphName;
}
