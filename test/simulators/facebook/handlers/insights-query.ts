import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import { type Filter, matches, parseFiltering } from '../graph/filtering';
import { json, oneOf, str } from '../graph/request';
import { listKey } from '../model/store';
import type { GNode } from '../model/types';

export type Level = 'account' | 'campaign' | 'adset' | 'ad';
const LEVELS: readonly Level[] = ['account', 'campaign', 'adset', 'ad'];
const NODE_LEVEL: Partial<Record<GNode['type'], Level>> = { adaccount: 'account', campaign: 'campaign', adset: 'adset', ad: 'ad' };

export const DATE_PRESETS = [
  'today', 'yesterday', 'this_month', 'last_month', 'this_quarter', 'maximum', 'data_maximum', 'last_3d', 'last_7d',
  'last_14d', 'last_28d', 'last_30d', 'last_90d', 'last_week_mon_sun', 'last_week_sun_sat', 'last_quarter',
  'last_year', 'this_week_mon_today', 'this_week_sun_today', 'this_year',
] as const;

/** Breakdown values the simulator splits rows by (cardinality drives the sync size check). */
export const BREAKDOWN_VALUES: Record<string, string[]> = {
  age: ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'],
  gender: ['female', 'male', 'unknown'],
  country: ['US', 'GB', 'DE', 'FR'],
  region: ['California', 'New York', 'England', 'Berlin'],
  dma: ['New York', 'Los Angeles', 'Chicago'],
  publisher_platform: ['facebook', 'instagram', 'audience_network', 'messenger'],
  platform_position: ['feed', 'story', 'reels', 'right_hand_column'],
  device_platform: ['mobile_app', 'mobile_web', 'desktop'],
  impression_device: ['iphone', 'android_smartphone', 'desktop', 'ipad'],
  hourly_stats_aggregated_by_advertiser_time_zone: Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00:00 - ${String(h).padStart(2, '0')}:59:59`),
  frequency_value: ['1', '2', '3', '4', '5', '6-10', '11+'],
};

export const INSIGHTS_FIELDS = [
  'account_id', 'account_name', 'account_currency', 'campaign_id', 'campaign_name', 'adset_id', 'adset_name', 'ad_id',
  'ad_name', 'objective', 'optimization_goal', 'buying_type', 'impressions', 'reach', 'frequency', 'clicks',
  'unique_clicks', 'inline_link_clicks', 'inline_link_click_ctr', 'cost_per_inline_link_click', 'spend', 'social_spend',
  'cpc', 'cpm', 'cpp', 'ctr', 'unique_ctr', 'actions', 'action_values', 'cost_per_action_type', 'conversions',
  'conversion_values', 'cost_per_conversion', 'purchase_roas', 'outbound_clicks', 'video_play_actions',
  'quality_ranking', 'engagement_rate_ranking', 'conversion_rate_ranking', 'attribution_setting', 'date_start',
  'date_stop', 'created_time', 'updated_time',
] as const;
/** ASSUMED default when `fields` is absent. */
const DEFAULT_FIELDS = ['impressions', 'spend'];

export interface Period {
  since: string;
  until: string;
}

export interface InsightsQuery {
  level: Level;
  fields: string[];
  breakdowns: string[];
  periods: Period[];
  /** Rows per child: periods × breakdown combinations. */
  combos: number;
  filters: Filter[];
  /** The object asked about. */
  nodeId: string;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function presetRange(preset: string, now = Date.now()): Period {
  const today = Math.floor(now / DAY) * DAY;
  const d = new Date(today);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const dow = d.getUTCDay();
  const back = (n: number): Period => ({ since: iso(today - n * DAY), until: iso(today - DAY) });
  const q = Math.floor(m / 3) * 3;
  switch (preset) {
    case 'today':
      return { since: iso(today), until: iso(today) };
    case 'yesterday':
      return back(1);
    case 'this_month':
      return { since: iso(Date.UTC(y, m, 1)), until: iso(today) };
    case 'last_month':
      return { since: iso(Date.UTC(y, m - 1, 1)), until: iso(Date.UTC(y, m, 0)) };
    case 'this_quarter':
      return { since: iso(Date.UTC(y, q, 1)), until: iso(today) };
    case 'last_quarter':
      return { since: iso(Date.UTC(y, q - 3, 1)), until: iso(Date.UTC(y, q, 0)) };
    case 'this_year':
      return { since: iso(Date.UTC(y, 0, 1)), until: iso(today) };
    case 'last_year':
      return { since: iso(Date.UTC(y - 1, 0, 1)), until: iso(Date.UTC(y - 1, 11, 31)) };
    case 'this_week_mon_today':
      return { since: iso(today - ((dow + 6) % 7) * DAY), until: iso(today) };
    case 'this_week_sun_today':
      return { since: iso(today - dow * DAY), until: iso(today) };
    case 'last_week_mon_sun': {
      const mon = today - ((dow + 6) % 7) * DAY - 7 * DAY;
      return { since: iso(mon), until: iso(mon + 6 * DAY) };
    }
    case 'last_week_sun_sat': {
      const sun = today - dow * DAY - 7 * DAY;
      return { since: iso(sun), until: iso(sun + 6 * DAY) };
    }
    case 'maximum':
    case 'data_maximum':
      return { since: iso(Date.UTC(y - 3, m, 1)), until: iso(today) };
    default: {
      const n = Number(/^last_(\d+)d$/.exec(preset)?.[1] ?? 30);
      return back(n);
    }
  }
}

function checkRange(r: unknown, name: string): Period {
  const o = r as Partial<Period> | undefined;
  const ok = (s: unknown) => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));
  if (!o || !ok(o.since) || !ok(o.until)) throw errors.paramInvalid(name, 'must be {"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}');
  if (o.since! > o.until!) throw errors.paramInvalid(name, 'since must be on or before until');
  return { since: o.since!, until: o.until! };
}

function split(range: Period, inc: string): Period[] {
  const start = Date.parse(range.since);
  const end = Date.parse(range.until);
  if (inc === 'all_days') return [range];
  const out: Period[] = [];
  if (inc === 'monthly') {
    let cur = start;
    while (cur <= end) {
      const d = new Date(cur);
      const monthEnd = Math.min(end, Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
      out.push({ since: iso(cur), until: iso(monthEnd) });
      cur = monthEnd + DAY;
    }
    return out;
  }
  const step = Number(inc);
  for (let cur = start; cur <= end; cur += step * DAY) out.push({ since: iso(cur), until: iso(Math.min(end, cur + (step - 1) * DAY)) });
  return out;
}

function listParam(params: Record<string, unknown>, name: string): string[] {
  const raw = params[name];
  if (raw === undefined || raw === '') return [];
  if (Array.isArray(raw)) return raw.map(String);
  const s = String(raw).trim();
  if (s.startsWith('[')) return (json<unknown[]>(params, name) ?? []).map(String);
  return s.split(',').map((x) => x.trim()).filter(Boolean);
}

export function parseInsightsQuery(ctx: Ctx, node: GNode): InsightsQuery {
  const p = ctx.req.params;
  const own = NODE_LEVEL[node.type] ?? 'account';
  let level = oneOf(p, 'level', LEVELS) ?? own;
  if (LEVELS.indexOf(level) < LEVELS.indexOf(own)) level = own;
  const fields = listParam(p, 'fields');
  for (const f of fields) if (!(INSIGHTS_FIELDS as readonly string[]).includes(f)) throw errors.insightsField(f);
  const breakdowns = listParam(p, 'breakdowns');
  breakdowns.forEach((b, i) => {
    if (!BREAKDOWN_VALUES[b]) throw errors.paramEnum(`breakdowns[${i}]`, Object.keys(BREAKDOWN_VALUES));
  });
  const inc = str(p, 'time_increment') ?? 'all_days';
  if (inc !== 'all_days' && inc !== 'monthly' && !(/^\d+$/.test(inc) && Number(inc) >= 1 && Number(inc) <= 90)) {
    throw errors.paramInvalid('time_increment', 'must be an integer between 1 and 90, monthly or all_days');
  }
  let ranges: Period[];
  const tr = json<unknown>(p, 'time_range');
  const trs = json<unknown>(p, 'time_ranges');
  if (Array.isArray(trs)) ranges = trs.map((r, i) => checkRange(r, `time_ranges[${i}]`));
  else if (tr !== undefined) ranges = [checkRange(tr, 'time_range')];
  else ranges = [presetRange(oneOf(p, 'date_preset', DATE_PRESETS) ?? 'last_30d')];
  const periods = ranges.flatMap((r) => split(r, inc));
  const combos = periods.length * breakdowns.reduce((n, b) => n * BREAKDOWN_VALUES[b]!.length, 1);
  return {
    level,
    fields: fields.length ? fields : DEFAULT_FIELDS,
    breakdowns,
    periods,
    combos,
    filters: parseFiltering(p),
    nodeId: node.id,
  };
}

/** The objects rows are made of: only seeded ones have delivery (no delivery → no rows, as on Meta). */
export interface Children {
  count: number;
  at(i: number): GNode;
}

export function childrenOf(ctx: Ctx, node: GNode, q: InsightsQuery): Children {
  const own = NODE_LEVEL[node.type] ?? 'account';
  let items: GNode[];
  let count: number;
  if (q.level === own) {
    items = [node];
    count = node.seeded ? 1 : 0;
  } else {
    const edge = q.level === 'campaign' ? 'campaigns' : q.level === 'adset' ? 'adsets' : 'ads';
    const key = node.type === 'adaccount' ? listKey.account(node.acct!, edge) : listKey.node(node.id, edge);
    const list = ctx.state.store.list(key);
    items = list.items;
    count = list.seededCount;
  }
  if (q.filters.length) {
    const kept = items.slice(0, count).filter((n) => matches(ctx.state, n, q.filters));
    return { count: kept.length, at: (i) => kept[i]! };
  }
  return { count, at: (i) => items[i]! };
}
