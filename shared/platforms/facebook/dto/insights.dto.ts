import { z } from '../../../infra/zod-openapi';
import { GraphId, accountQuery, commaList, pagingQuery } from './common.dto';
import { FILTER_FIELDS, filteringQuery } from './filtering.dto';

export const INSIGHTS_LEVELS = ['account', 'campaign', 'adset', 'ad'] as const;

/** Insights fields the gateway accepts (docs/platforms/facebook.md §3 Insights; a subset of Meta's list). */
export const INSIGHTS_FIELDS = [
  'account_id', 'account_name', 'account_currency', 'campaign_id', 'campaign_name', 'adset_id', 'adset_name', 'ad_id', 'ad_name',
  'objective', 'optimization_goal', 'buying_type', 'impressions', 'reach', 'frequency', 'clicks', 'unique_clicks',
  'inline_link_clicks', 'inline_link_click_ctr', 'cost_per_inline_link_click', 'spend', 'social_spend', 'cpc', 'cpm', 'cpp',
  'ctr', 'unique_ctr', 'actions', 'action_values', 'cost_per_action_type', 'conversions', 'conversion_values',
  'cost_per_conversion', 'purchase_roas', 'outbound_clicks', 'video_play_actions', 'quality_ranking',
  'engagement_rate_ranking', 'conversion_rate_ranking', 'attribution_setting', 'date_start', 'date_stop',
] as const;

export const DEFAULT_INSIGHTS_FIELDS = ['impressions', 'reach', 'clicks', 'spend', 'cpc', 'cpm', 'ctr', 'actions'];

export const BREAKDOWNS = [
  'age', 'gender', 'country', 'region', 'dma', 'publisher_platform', 'platform_position', 'device_platform', 'impression_device',
  'hourly_stats_aggregated_by_advertiser_time_zone', 'frequency_value',
] as const;

export const ACTION_BREAKDOWNS = [
  'action_type', 'action_device', 'action_destination', 'action_target_id', 'action_reaction', 'action_video_sound',
  'action_video_type', 'action_carousel_card_id', 'action_carousel_card_name', 'action_canvas_component_name',
] as const;

export const ATTRIBUTION_WINDOWS = ['1d_click', '7d_click', '28d_click', '1d_view', '7d_view', '28d_view', 'dda', 'default'] as const;

export const DATE_PRESETS = [
  'today', 'yesterday', 'this_month', 'last_month', 'this_quarter', 'maximum', 'data_maximum', 'last_3d', 'last_7d', 'last_14d',
  'last_28d', 'last_30d', 'last_90d', 'last_week_mon_sun', 'last_week_sun_sat', 'last_quarter', 'last_year',
  'this_week_mon_today', 'this_week_sun_today', 'this_year',
] as const;

export { FILTER_OPERATORS } from './filtering.dto';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD').refine((s) => !Number.isNaN(Date.parse(s)), 'not a date');

export const InsightsQueryObject = z
  .object({
    ...accountQuery,
    level: z.enum(INSIGHTS_LEVELS).default('account'),
    objectId: GraphId.optional().openapi({ description: 'Campaign, ad set or ad of the account to report on (default: the account)' }),
    fields: commaList([...INSIGHTS_FIELDS] as [string, ...string[]]).optional().openapi({ type: 'string', description: 'Comma list of insights fields' }),
    datePreset: z.enum(DATE_PRESETS).optional(),
    since: Day.optional(),
    until: Day.optional(),
    timeIncrement: z
      .string()
      .regex(/^([1-9]|[1-8]\d|90|monthly|all_days)$/, '1–90, monthly or all_days')
      .optional(),
    breakdowns: commaList([...BREAKDOWNS] as [string, ...string[]]).optional().openapi({ type: 'string' }),
    actionBreakdowns: commaList([...ACTION_BREAKDOWNS] as [string, ...string[]]).optional().openapi({ type: 'string' }),
    actionAttributionWindows: commaList([...ATTRIBUTION_WINDOWS] as [string, ...string[]]).optional().openapi({ type: 'string' }),
    filtering: filteringQuery(FILTER_FIELDS.insights),
    sort: z.string().regex(/^[a-z_]+_(ascending|descending)$/).optional(),
    ...pagingQuery,
    reportRunId: GraphId.optional().openapi({ description: 'Continue paging the rows of an async report run returned earlier' }),
    async: z.enum(['true', 'false']).optional().openapi({ description: 'true forces an async report run' }),
  })
  .strict()
  .openapi('FacebookInsightsQuery');

/** Rules across fields; the route checks them after parsing (query schemas stay plain objects). */
export function insightsRangeIssues(q: { since?: string; until?: string; datePreset?: string }): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if ((q.since === undefined) !== (q.until === undefined)) out.push({ path: 'until', message: 'since and until go together' });
  if (q.since && q.datePreset) out.push({ path: 'datePreset', message: 'give datePreset or since+until, not both' });
  if (q.since && q.until && q.since > q.until) out.push({ path: 'since', message: 'since must be on or before until' });
  return out;
}

export const InsightsQueryDto = InsightsQueryObject.superRefine((q, ctx) => {
  for (const i of insightsRangeIssues(q)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});
export type InsightsQuery = z.infer<typeof InsightsQueryObject>;
