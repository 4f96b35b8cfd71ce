import { AppError } from '../../../errors/app-error';

/**
 * Readable fields per Graph object (docs/platforms/facebook.md §3), and the default set the gateway asks for when the
 * caller names none (Graph itself returns only `id` without `fields=`). Unknown names are refused
 * with 400 before any platform call.
 */
export type GraphObject =
  | 'adaccount'
  | 'campaign'
  | 'adset'
  | 'ad'
  | 'adcreative'
  | 'page'
  | 'business'
  | 'productcatalog'
  | 'savedaudience'
  | 'customaudience'
  | 'adspixel'
  | 'customconversion'
  | 'leadgenform';

const STATUS = ['status', 'configured_status', 'effective_status'];

export const ALLOWED_FIELDS: Record<GraphObject, readonly string[]> = {
  adaccount: [
    'id', 'account_id', 'name', 'business', 'owner', 'created_time', 'age', 'account_status', 'disable_reason', 'user_tasks',
    'capabilities', 'currency', 'timezone_id', 'timezone_name', 'timezone_offset_hours_utc', 'amount_spent', 'balance',
    'spend_cap', 'min_daily_budget', 'funding_source_details', 'is_prepay_account',
  ],
  campaign: [
    'id', 'account_id', 'name', 'objective', ...STATUS, 'daily_budget', 'lifetime_budget', 'budget_remaining', 'spend_cap',
    'bid_strategy', 'buying_type', 'special_ad_categories', 'special_ad_category_country', 'start_time', 'stop_time',
    'created_time', 'updated_time', 'issues_info', 'promoted_object', 'is_adset_budget_sharing_enabled',
  ],
  adset: [
    'id', 'account_id', 'campaign_id', 'campaign', 'name', ...STATUS, 'daily_budget', 'lifetime_budget', 'budget_remaining',
    'bid_amount', 'bid_strategy', 'billing_event', 'optimization_goal', 'targeting', 'promoted_object', 'destination_type',
    'start_time', 'end_time', 'created_time', 'updated_time', 'issues_info', 'dsa_beneficiary', 'dsa_payor',
  ],
  ad: [
    'id', 'account_id', 'name', 'adset_id', 'campaign_id', 'adset', 'campaign', 'creative', ...STATUS, 'created_time',
    'updated_time', 'ad_review_feedback', 'issues_info', 'preview_shareable_link',
  ],
  adcreative: [
    'id', 'account_id', 'name', 'status', 'object_story_spec', 'object_story_id', 'body', 'title', 'image_url', 'image_hash',
    'thumbnail_url', 'call_to_action_type', 'object_type', 'link_url', 'effective_object_story_id',
  ],
  // Page node fields only (facebook-nodejs-business-sdk src/objects/page.js): tasks, is_promotable
  // and is_place are not fields of a Page, and asking for one is Graph error 100.
  page: ['id', 'name', 'category', 'category_list', 'link', 'fan_count'],
  business: ['id', 'name', 'created_time', 'verification_status', 'primary_page', 'timezone_id', 'vertical', 'link'],
  productcatalog: ['id', 'name', 'vertical', 'product_count', 'feed_count', 'business'],
  savedaudience: [
    'id', 'account', 'name', 'description', 'targeting', 'approximate_count_lower_bound', 'approximate_count_upper_bound',
    'run_status', 'sentence_lines', 'time_created', 'time_updated',
  ],
  customaudience: [
    'id', 'account_id', 'name', 'description', 'subtype', 'approximate_count_lower_bound', 'approximate_count_upper_bound',
    'delivery_status', 'operation_status', 'lookalike_spec', 'rule', 'time_created', 'time_updated', 'customer_file_source',
    'retention_days',
  ],
  adspixel: [
    'id', 'name', 'code', 'creation_time', 'last_fired_time', 'is_unavailable', 'owner_business', 'owner_ad_account',
    'enable_automatic_matching',
  ],
  customconversion: [
    'id', 'account_id', 'name', 'description', 'custom_event_type', 'rule', 'pixel', 'creation_time', 'last_fired_time',
    'is_archived', 'default_conversion_value', 'event_source_type', 'action_source_type',
  ],
  leadgenform: [
    'id', 'name', 'status', 'locale', 'leads_count', 'created_time', 'questions', 'privacy_policy_url', 'follow_up_action_url',
    'page_id', 'thank_you_page', 'context_card', 'is_optimized_for_quality',
  ],
};

export const DEFAULT_FIELDS: Record<GraphObject, readonly string[]> = {
  adaccount: ['id', 'account_id', 'name', 'account_status', 'currency', 'timezone_name', 'amount_spent', 'business'],
  campaign: [
    'id', 'account_id', 'name', 'objective', 'status', 'effective_status', 'daily_budget', 'lifetime_budget', 'bid_strategy',
    'special_ad_categories', 'start_time', 'stop_time', 'created_time', 'updated_time',
  ],
  adset: [
    'id', 'account_id', 'campaign_id', 'name', 'status', 'effective_status', 'daily_budget', 'lifetime_budget',
    'billing_event', 'optimization_goal', 'bid_strategy', 'targeting', 'start_time', 'end_time', 'created_time', 'updated_time',
  ],
  ad: ['id', 'account_id', 'name', 'adset_id', 'campaign_id', 'creative', 'status', 'effective_status', 'created_time', 'updated_time'],
  adcreative: ['id', 'account_id', 'name', 'status', 'object_story_spec', 'object_story_id', 'body', 'title', 'image_url', 'thumbnail_url', 'call_to_action_type'],
  page: ['id', 'name', 'category', 'category_list', 'link'],
  business: ['id', 'name', 'created_time', 'verification_status', 'vertical', 'link'],
  productcatalog: ['id', 'name', 'vertical', 'product_count', 'feed_count'],
  savedaudience: ['id', 'name', 'description', 'targeting', 'approximate_count_lower_bound', 'approximate_count_upper_bound', 'run_status', 'time_created', 'time_updated'],
  customaudience: [
    'id', 'account_id', 'name', 'description', 'subtype', 'approximate_count_lower_bound', 'approximate_count_upper_bound',
    'delivery_status', 'operation_status', 'time_created',
  ],
  adspixel: ['id', 'name', 'creation_time', 'last_fired_time', 'is_unavailable', 'owner_ad_account'],
  customconversion: ['id', 'account_id', 'name', 'custom_event_type', 'rule', 'pixel', 'creation_time', 'last_fired_time', 'is_archived'],
  leadgenform: ['id', 'name', 'status', 'locale', 'leads_count', 'created_time'],
};

/** Splits `a,b{c,d},e` at top-level commas. */
function topLevel(raw: string): string[] | null {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of raw) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (depth < 0) return null;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (depth !== 0) return null;
  out.push(cur.trim());
  return out;
}

const NESTED = /^([a-z_]+)(\{[a-z0-9_,{}]+\})?$/;

/**
 * The `fields=` value to send for a caller's comma list (nested `creative{id,name}` allowed on a
 * known top-level field), or the object's defaults. `must` fields are always added (the gateway
 * needs `account_id` to check ownership).
 */
export function resolveFields(object: GraphObject, raw: string | undefined, must: string[] = [], param = 'query.fields'): string {
  const allowed = ALLOWED_FIELDS[object];
  let parts: string[];
  if (raw === undefined || raw.trim() === '') parts = [...DEFAULT_FIELDS[object]];
  else {
    const split = topLevel(raw.replace(/\s+/g, ''));
    if (!split || split.some((p) => !p)) {
      throw new AppError('VALIDATION_FAILED', 'Invalid fields list', { details: [{ path: param, message: 'expected a comma-separated list of field names' }] });
    }
    const unknown: string[] = [];
    for (const p of split) {
      const m = NESTED.exec(p);
      if (!m || !allowed.includes(m[1]!)) unknown.push(p);
    }
    if (unknown.length) {
      throw new AppError('VALIDATION_FAILED', `Unknown ${object} field(s): ${unknown.join(', ')}`, {
        details: [{ path: param, message: `unknown field(s) ${unknown.join(', ')}; allowed: ${allowed.join(', ')}` }],
      });
    }
    parts = split;
  }
  const names = new Set(parts.map((p) => NESTED.exec(p)?.[1] ?? p));
  for (const m of must) if (!names.has(m)) parts.push(m);
  return parts.join(',');
}
