import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import { pageOffsets } from '../graph/paging';
import { project } from '../graph/project';
import type { GNode } from '../model/types';
import { selection } from './common';
import { BREAKDOWN_VALUES, childrenOf, parseInsightsQuery, type InsightsQuery } from './insights-query';

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const fixed = (n: number, d = 6) => n.toFixed(d);

/** Row i of the result: child × period × breakdown combination, all metrics as strings (docs/platforms/facebook.md §3). */
function buildRow(ctx: Ctx, q: InsightsQuery, child: GNode, i: number): Record<string, unknown> {
  const periodsCount = q.periods.length;
  const period = q.periods[i % periodsCount]!;
  let rest = Math.floor(i / periodsCount);
  const bd: Record<string, string> = {};
  for (let b = q.breakdowns.length - 1; b >= 0; b--) {
    const vals = BREAKDOWN_VALUES[q.breakdowns[b]!]!;
    bd[q.breakdowns[b]!] = vals[rest % vals.length]!;
    rest = Math.floor(rest / vals.length);
  }
  const days = (Date.parse(period.until) - Date.parse(period.since)) / 86_400_000 + 1;
  const h = hash(`${child.id}|${period.since}|${period.until}|${Object.values(bd).join('|')}`);
  const impressions = Math.round((200 + (h % 1800)) * days);
  const reach = Math.max(1, Math.round(impressions / (1.1 + ((h >>> 8) % 90) / 100)));
  const clicks = Math.round(impressions * (0.005 + ((h >>> 4) % 40) / 1000));
  const spend = Math.round(impressions * (0.4 + ((h >>> 12) % 80) / 100)) / 100;
  const leads = Math.round(clicks * 0.1);
  const purchases = Math.round(clicks * 0.03);
  const links = Math.round(clicks * 0.8);
  const d = child.data;
  const store = ctx.state.store;
  const campaignId = child.type === 'campaign' ? child.id : d.campaign_id;
  const adsetId = child.type === 'adset' ? child.id : d.adset_id;
  const adId = child.type === 'ad' ? child.id : undefined;
  const nameOf = (id: unknown) => (id ? store.get(String(id))?.data.name : undefined);
  // computed per requested field only: rows are built on the hot path of large reports
  const value = (f: string): unknown => {
    switch (f) {
      case 'account_id': return child.acct;
      case 'account_name': return store.get(`act_${child.acct}`)?.data.name;
      case 'account_currency': return store.get(`act_${child.acct}`)?.data.currency;
      case 'campaign_id': return campaignId;
      case 'adset_id': return adsetId;
      case 'ad_id': return adId;
      case 'campaign_name': return nameOf(campaignId);
      case 'adset_name': return nameOf(adsetId);
      case 'ad_name': return nameOf(adId);
      case 'objective': return store.get(String(campaignId ?? ''))?.data.objective;
      case 'optimization_goal': return adsetId ? store.get(String(adsetId))?.data.optimization_goal : undefined;
      case 'buying_type': return 'AUCTION';
      case 'impressions': return String(impressions);
      case 'reach': return String(reach);
      case 'frequency': return fixed(impressions / reach);
      case 'clicks': return String(clicks);
      case 'unique_clicks': return String(Math.round(clicks * 0.9));
      case 'inline_link_clicks': return String(links);
      case 'inline_link_click_ctr': return fixed((links / impressions) * 100);
      case 'cost_per_inline_link_click': return links ? fixed(spend / links) : undefined;
      case 'spend': return spend.toFixed(2);
      case 'social_spend': return '0';
      case 'cpc': return clicks ? fixed(spend / clicks) : undefined;
      case 'cpm': return fixed((spend / impressions) * 1000);
      case 'cpp': return fixed((spend / reach) * 1000);
      case 'ctr': return fixed((clicks / impressions) * 100);
      case 'unique_ctr': return fixed(((clicks * 0.9) / reach) * 100);
      case 'actions':
      case 'conversions':
        return [
          { action_type: 'link_click', value: String(links) },
          { action_type: 'lead', value: String(leads) },
          { action_type: 'offsite_conversion.fb_pixel_purchase', value: String(purchases) },
        ];
      case 'action_values':
      case 'conversion_values':
        return [{ action_type: 'offsite_conversion.fb_pixel_purchase', value: (purchases * 42.5).toFixed(2) }];
      case 'cost_per_action_type':
      case 'cost_per_conversion':
        return leads ? [{ action_type: 'lead', value: fixed(spend / leads) }] : [];
      case 'outbound_clicks': return [{ action_type: 'outbound_click', value: String(Math.round(clicks * 0.7)) }];
      case 'video_play_actions': return [{ action_type: 'video_view', value: String(Math.round(impressions * 0.2)) }];
      case 'purchase_roas': return spend ? [{ action_type: 'omni_purchase', value: fixed((purchases * 42.5) / spend) }] : [];
      case 'quality_ranking':
      case 'conversion_rate_ranking': return 'AVERAGE';
      case 'engagement_rate_ranking': return 'ABOVE_AVERAGE_35';
      case 'attribution_setting': return '7d_click_1d_view';
      case 'created_time': return d.created_time ? String(d.created_time).slice(0, 10) : undefined;
      case 'updated_time': return d.updated_time ? String(d.updated_time).slice(0, 10) : undefined;
      default: return undefined;
    }
  };
  const row: Record<string, unknown> = {};
  for (const f of q.fields) {
    if (f === 'date_start' || f === 'date_stop') continue;
    const v = value(f);
    if (v !== undefined) row[f] = v;
  }
  row.date_start = period.since;
  row.date_stop = period.until;
  Object.assign(row, bd);
  return row;
}

function pageRows(ctx: Ctx, node: GNode, q: InsightsQuery): unknown {
  const children = childrenOf(ctx, node, q);
  const total = children.count * q.combos;
  const { from, to, paging } = pageOffsets(ctx.req, total, ctx.state.tunables.maxPageSize);
  const data: unknown[] = [];
  for (let i = from; i < to; i++) data.push(buildRow(ctx, q, children.at(Math.floor(i / q.combos)), i % q.combos));
  return paging ? { data, paging } : { data };
}

/** `GET /{act|campaign|adset|ad}/insights` (synchronous; large requests get code 1, HTTP 500). */
export function syncInsights(ctx: Ctx, node: GNode): unknown {
  const q = parseInsightsQuery(ctx, node);
  const t = ctx.state.tunables;
  if (q.breakdowns.length > t.syncInsightsMaxBreakdowns) throw errors.reduceData();
  if (childrenOf(ctx, node, q).count * q.combos > t.syncInsightsRowLimit) throw errors.reduceData();
  return pageRows(ctx, node, q);
}

/** `POST /{object}/insights` → `{report_run_id}`; the run completes after a few polls. */
export function startReportRun(ctx: Ctx, node: GNode): unknown {
  const q = parseInsightsQuery(ctx, node);
  const store = ctx.state.store;
  const fail = ctx.state.tunables.failNextReportRun;
  ctx.state.tunables.failNextReportRun = false;
  const first = q.periods[0]!;
  const last = q.periods[q.periods.length - 1]!;
  const run = store.add(
    'reportrun',
    store.newId('reportrun'),
    {
      account_id: node.acct,
      date_start: first.since,
      date_stop: last.until,
      time_ref: Math.floor(Date.now() / 1000),
      is_bookmarked: false,
      emails: [],
      friendly_name: '',
    },
    { acct: node.acct, owner: node.id },
  );
  run.data._query = q;
  run.data._polls = 0;
  run.data._fail = fail;
  return { report_run_id: run.id };
}

function refreshRun(ctx: Ctx, run: GNode): void {
  const d = run.data;
  const polls = (d._polls as number) + 1;
  d._polls = polls;
  const needed = Math.max(1, ctx.state.tunables.asyncPollsToComplete);
  const done = polls >= needed;
  if (done && d._fail) {
    Object.assign(d, {
      async_status: 'Job Failed', async_percent_completion: 0, is_running: false,
      error_code: -2, error_subcode: 2490547, error_message: 'Async job failed',
      error_user_title: 'Report failed', error_user_msg: 'The report could not be completed. Try a smaller request.',
    });
    return;
  }
  const pct = done ? 100 : Math.floor(((polls - 1) / needed) * 100);
  Object.assign(d, {
    async_status: done ? 'Job Completed' : polls === 1 ? 'Job Not Started' : pct > 0 ? 'Job Running' : 'Job Started',
    async_percent_completion: pct,
    is_running: !done,
    time_completed: done ? (d.time_completed ?? Math.floor(Date.now() / 1000)) : undefined,
  });
}

const RUN_DEFAULT_FIELDS = ['id', 'account_id', 'async_status', 'async_percent_completion', 'date_start', 'date_stop', 'time_ref', 'time_completed', 'is_running'];

/** `GET /{report_run_id}`: every poll advances the run (ASSUMED: all status fields by default). */
export function getReportRun(ctx: Ctx, run: GNode): unknown {
  refreshRun(ctx, run);
  const sel = selection(ctx, run.data.async_status === 'Job Failed' ? [...RUN_DEFAULT_FIELDS, 'error_code', 'error_subcode', 'error_message', 'error_user_title', 'error_user_msg'] : RUN_DEFAULT_FIELDS);
  return project(ctx.state, run, sel, { unixTimes: false });
}

/** `GET /{report_run_id}/insights`: the rows, paged; only once the run completed. */
export function reportRunInsights(ctx: Ctx, run: GNode): unknown {
  if (run.data.async_status !== 'Job Completed') {
    // ASSUMED wording for reading an unfinished run
    throw errors.invalidParameter('Report Not Ready', 'The report run is not complete yet; poll its async_status first.', 1504040);
  }
  const q = run.data._query as InsightsQuery;
  const node = ctx.state.store.get(q.nodeId)!;
  return pageRows(ctx, node, q);
}

