import type { ZodTypeAny } from 'zod';
import { z } from '../../../infra/zod-openapi';
import type { GraphObject } from '../operations/fields';

/*
 * What the Meta reads answer, as Graph sends it (Marketing API reference,
 * https://developers.facebook.com/docs/marketing-api/reference/): the fields the gateway asks for
 * by default (DEFAULT_FIELDS), with Graph's types — ids, money (minor units) and counts of money
 * as strings, Graph times as `2026-01-31T10:00:00+0000`. Every field is optional because the
 * caller may name other `fields`; objects stay open to the extra fields asked for.
 */

const id = z.string().openapi({ example: '120210000000000001' });
const text = z.string();
const money = z.string().openapi({ description: 'Minor currency units as a string ("1000" = 10.00 in a 2-decimal currency)', example: '1000' });
const graphTime = z.string().openapi({ description: 'Graph time, e.g. 2026-01-31T10:00:00+0000', example: '2026-01-31T10:00:00+0000' });
const ref = z.object({ id }).passthrough();
const open = z.record(z.unknown());
const statusCode = z.object({ code: z.number().int(), description: z.string() }).partial().passthrough();

const SHAPES: Record<GraphObject, Record<string, ZodTypeAny>> = {
  adaccount: {
    id: z.string().openapi({ example: 'act_100000000000001' }),
    account_id: z.string().openapi({ example: '100000000000001' }),
    name: text,
    account_status: z.number().int().openapi({ description: '1 active, 2 disabled, 3 unsettled, 7 pending risk review, …', example: 1 }),
    currency: z.string().openapi({ example: 'USD' }),
    timezone_name: z.string().openapi({ example: 'America/Los_Angeles' }),
    amount_spent: money,
    business: z.object({ id, name: text }).partial().passthrough(),
  },
  campaign: {
    id, account_id: text, name: text, objective: z.string().openapi({ example: 'OUTCOME_TRAFFIC' }),
    status: z.string().openapi({ example: 'PAUSED' }), effective_status: z.string().openapi({ example: 'PAUSED' }),
    daily_budget: money, lifetime_budget: money, bid_strategy: text, special_ad_categories: z.array(z.string()),
    start_time: graphTime, stop_time: graphTime, created_time: graphTime, updated_time: graphTime,
  },
  adset: {
    id, account_id: text, campaign_id: text, name: text, status: text, effective_status: text, daily_budget: money, lifetime_budget: money,
    billing_event: z.string().openapi({ example: 'IMPRESSIONS' }), optimization_goal: z.string().openapi({ example: 'LINK_CLICKS' }), bid_strategy: text,
    targeting: open.openapi({ description: 'Meta targeting spec' }), start_time: graphTime, end_time: graphTime, created_time: graphTime, updated_time: graphTime,
  },
  ad: {
    id, account_id: text, name: text, adset_id: text, campaign_id: text, creative: ref, status: text, effective_status: text,
    created_time: graphTime, updated_time: graphTime,
  },
  adcreative: {
    id, account_id: text, name: text, status: text, object_story_spec: open, object_story_id: text, body: text, title: text,
    image_url: text, thumbnail_url: text, call_to_action_type: z.string().openapi({ example: 'LEARN_MORE' }),
  },
  page: { id, name: text, category: text, tasks: z.array(z.string()), is_promotable: z.boolean() },
  business: { id, name: text, created_time: graphTime, verification_status: text, vertical: text, link: text },
  productcatalog: { id, name: text, vertical: text, product_count: z.number().int(), feed_count: z.number().int() },
  savedaudience: {
    id, name: text, description: text, targeting: open, approximate_count_lower_bound: z.number().int(), approximate_count_upper_bound: z.number().int(),
    run_status: text, time_created: graphTime, time_updated: graphTime,
  },
  customaudience: {
    id, account_id: text, name: text, description: text, subtype: z.string().openapi({ example: 'LOOKALIKE' }),
    approximate_count_lower_bound: z.number().int(), approximate_count_upper_bound: z.number().int(),
    delivery_status: statusCode, operation_status: statusCode,
    time_created: z.number().int().openapi({ description: 'Unix seconds (custom audiences use epoch numbers)', example: 1767225600 }),
  },
  adspixel: {
    id, name: text, creation_time: graphTime, last_fired_time: graphTime, is_unavailable: z.boolean(),
    owner_ad_account: z.object({ id: text, account_id: text }).partial().passthrough(),
  },
  customconversion: {
    id, account_id: text, name: text, custom_event_type: z.string().openapi({ example: 'PURCHASE' }),
    rule: z.string().openapi({ description: 'The rule as a JSON string' }), pixel: ref, creation_time: graphTime, last_fired_time: graphTime, is_archived: z.boolean(),
  },
  leadgenform: { id, name: text, status: text, locale: text, leads_count: z.number().int(), created_time: graphTime },
};

const NAMES: Record<GraphObject, string> = {
  adaccount: 'AdAccount', campaign: 'Campaign', adset: 'AdSet', ad: 'Ad', adcreative: 'AdCreative', page: 'Page', business: 'Business',
  productcatalog: 'ProductCatalog', savedaudience: 'SavedAudience', customaudience: 'CustomAudience', adspixel: 'AdsPixel',
  customconversion: 'CustomConversion', leadgenform: 'LeadgenForm',
};

/** `{ data, paging }` with Graph's cursors only (Graph's next/previous URLs carry the token). */
export const GraphPaging = z
  .object({
    cursors: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
    hasNext: z.boolean().openapi({ description: 'Graph announced a next page (an empty page may still follow)' }),
    hasPrevious: z.boolean(),
  })
  .openapi('FacebookPaging');

const objects = new Map<GraphObject, ZodTypeAny>();
const lists = new Map<string, ZodTypeAny>();

/** One Graph object as the gateway returns it by default (named `Facebook<Object>`). */
export function graphObjectSchema(object: GraphObject): ZodTypeAny {
  let s = objects.get(object);
  if (!s) {
    const shape = SHAPES[object];
    s = z
      .object(shape)
      .partial()
      .extend({ id: shape.id! })
      .passthrough()
      // Open in the document too, so generated clients keep the extra `fields` a caller asks for.
      .openapi(`Facebook${NAMES[object]}`, { additionalProperties: true });
    objects.set(object, s);
  }
  return s;
}

/** A Graph list of some item schema, named `Facebook<Name>List`. */
export function graphListOf(item: ZodTypeAny, name: string): ZodTypeAny {
  let s = lists.get(name);
  if (!s) {
    s = z.object({ data: z.array(item), paging: GraphPaging }).openapi(`Facebook${name}List`);
    lists.set(name, s);
  }
  return s;
}

export const graphListSchema = (object: GraphObject) => graphListOf(graphObjectSchema(object), NAMES[object]);

/**
 * One insights row (`/insights`): Graph sends every metric as a decimal string in account currency, not
 * minor units. Only the fields asked for come back, except the row's period, which Graph always adds.
 */
export const InsightsRowDto = z
  .object({
    impressions: z.string().openapi({ example: '12034' }),
    reach: z.string(),
    clicks: z.string(),
    spend: z.string().openapi({ description: 'Amount spent in the account currency (a decimal string, e.g. "12.34")', example: '12.34' }),
    cpc: z.string(),
    cpm: z.string(),
    ctr: z.string(),
    actions: z.array(z.object({ action_type: z.string(), value: z.string() }).passthrough()),
    date_start: z.string().openapi({ example: '2026-01-01' }),
    date_stop: z.string().openapi({ example: '2026-01-31' }),
    account_id: z.string(),
    campaign_id: z.string(),
    adset_id: z.string(),
    ad_id: z.string(),
  })
  .partial()
  .required({ date_start: true, date_stop: true })
  .passthrough()
  .openapi('FacebookInsightsRow');

export const InsightsListDto = z
  .object({
    data: z.array(InsightsRowDto),
    paging: GraphPaging,
    reportRunId: z.string().optional().openapi({ description: 'Set when the rows come from an async report run; page on with it and `after`' }),
  })
  .openapi('FacebookInsightsList');

export const TargetingOptionDto = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.string().openapi({ example: 'interests' }),
    path: z.array(z.string()),
    audience_size_lower_bound: z.number().int(),
    audience_size_upper_bound: z.number().int(),
    description: z.string().nullable(),
  })
  .partial()
  .required({ id: true, name: true })
  .passthrough()
  .openapi('FacebookTargetingOption');

export const EstimateDto = z
  .object({
    data: z
      .union([
        z.object({ users_lower_bound: z.number().int(), users_upper_bound: z.number().int(), estimate_ready: z.boolean() }).partial().passthrough(),
        z.array(
          z
            .object({ estimate_mau_lower_bound: z.number().int(), estimate_mau_upper_bound: z.number().int(), estimate_dau: z.number().int(), estimate_ready: z.boolean(), daily_outcomes_curve: z.array(open) })
            .partial()
            .passthrough(),
        ),
      ])
      .openapi({ description: '`reachestimate`: one object; `delivery_estimate`: a list' }),
  })
  .openapi('FacebookEstimateDto');

export const PixelStatsDto = z
  .object({
    data: z.array(
      z
        .object({
          aggregation: z.string().openapi({ example: 'event' }),
          start_time: graphTime,
          data: z.array(z.object({ value: z.string(), count: z.number().int() }).passthrough()),
        })
        .passthrough(),
    ),
  })
  .openapi('FacebookPixelStatsDto');

const percentage = z.object({ percentage: z.number() }).passthrough();
export const DatasetQualityDto = z
  .object({
    web: z.array(
      z
        .object({
          event_name: z.string().openapi({ example: 'Purchase' }),
          event_match_quality: z
            .object({ composite_score: z.number(), match_key_feedback: z.array(z.object({ identifier: z.string(), coverage: percentage }).passthrough()), diagnostics: z.array(open) })
            .partial()
            .passthrough(),
          event_coverage: z.object({ percentage: z.number(), goal_percentage: z.number() }).partial().passthrough(),
          data_freshness: z.object({ upload_frequency: z.string() }).partial().passthrough(),
        })
        .partial()
        .passthrough(),
    ),
  })
  .openapi('FacebookDatasetQualityDto');
