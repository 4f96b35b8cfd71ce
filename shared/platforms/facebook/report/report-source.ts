import { AppError } from '../../../errors/app-error';
import type { PlatformCaller } from '../../core/caller';
import { DecSum } from '../../core/decimal';
import type { Attribution, ReportRequest, ReportSource, SourceRow } from '../../core/report-source';
import type { InsightsQuery } from '../dto/insights.dto';
import { graphCaller } from '../operations/caller';
import { act, get, type GraphList } from '../operations/graph-call';
import { isTooMuchData, reportRunRowsCall, reportRunStatusCall, runState, startReportRunCall, syncInsightsCall, type ReportRun } from '../operations/insights';

/*
 * Meta's part of the cross-platform report (docs/reports.md): the account's `insights` edge with
 * the same parameters as GET /api/v1/facebook/insights; a range Meta refuses synchronously
 * ("reduce the amount of data") runs as an async report run (POST act_{id}/insights, then the run
 * is polled and its rows paged), as Meta documents for large requests.
 */

const ID_FIELDS: Record<ReportRequest['level'], string[]> = {
  account: ['account_id', 'account_name'],
  campaign: ['campaign_id', 'campaign_name'],
  adset: ['adset_id', 'adset_name', 'campaign_id'],
  ad: ['ad_id', 'ad_name', 'adset_id', 'campaign_id'],
};
const METRIC_FIELDS = ['account_currency', 'impressions', 'clicks', 'spend', 'reach', 'actions', 'action_values', 'attribution_setting'];
/** The action types counted as conversions (purchases and leads), and whose values are the conversion value. */
const CONVERSION_ACTIONS = new Set(['offsite_conversion.fb_pixel_purchase', 'lead']);
const PAGE = 500;
const POLL_MS = [100, 200, 400, 800, 1000];
const MAX_POLLS = 600;

type InsightRow = Record<string, unknown>;

export function facebookInsightsQuery(req: ReportRequest, page: { after?: string } = {}): InsightsQuery {
  return {
    level: req.level,
    fields: [...ID_FIELDS[req.level], ...METRIC_FIELDS],
    since: req.from,
    until: req.to,
    timeIncrement: req.granularity === 'day' ? '1' : 'all_days',
    limit: PAGE,
    after: page.after,
  } as InsightsQuery;
}

/** `7d_click_1d_view` → 7 click days, 1 view day. */
export function parseAttributionSetting(s: unknown): Attribution {
  const text = typeof s === 'string' ? s : '';
  const click = /(\d+)d_click/.exec(text);
  const view = /(\d+)d_view/.exec(text);
  return { clickDays: click ? Number(click[1]) : null, viewDays: view ? Number(view[1]) : null, source: 'account_default' };
}

/** An account has one or two settings over all its rows: each is parsed once, its rows share the result. */
const attributions = new Map<string, Attribution>();
const NO_SETTING = parseAttributionSetting(undefined);
function attributionOf(setting: unknown): Attribution {
  if (typeof setting !== 'string') return NO_SETTING;
  let a = attributions.get(setting);
  if (!a) {
    if (attributions.size >= 64) attributions.clear();
    attributions.set(setting, (a = parseAttributionSetting(setting)));
  }
  return a;
}

/** The exact sum of the conversion actions' values; null when Meta sent no list. */
function sumActions(list: unknown): string | null {
  if (!Array.isArray(list)) return null;
  const total = new DecSum();
  for (const a of list as Array<{ action_type?: string; value?: string }>) if (CONVERSION_ACTIONS.has(String(a.action_type)) && a.value) total.add(String(a.value));
  return total.text();
}

const text = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));
const count = (v: unknown): number => (v === undefined || v === null ? 0 : Number(v));

const ROW_FIELDS: Record<ReportRequest['level'], { id: string; name: string }> = {
  account: { id: 'account_id', name: 'account_name' },
  campaign: { id: 'campaign_id', name: 'campaign_name' },
  adset: { id: 'adset_id', name: 'adset_name' },
  ad: { id: 'ad_id', name: 'ad_name' },
};
const NO_PARENT: SourceRow['parent'] = {};

function parentOf(level: ReportRequest['level'], r: InsightRow): SourceRow['parent'] {
  if (level === 'adset') return { campaignId: text(r.campaign_id) ?? undefined };
  if (level === 'ad') return { campaignId: text(r.campaign_id) ?? undefined, adsetId: text(r.adset_id) ?? undefined };
  return NO_PARENT;
}

export function facebookRow(req: ReportRequest, r: InsightRow): SourceRow {
  const fields = ROW_FIELDS[req.level];
  const conversions = sumActions(r.actions);
  return {
    id: String(r[fields.id] ?? ''),
    name: text(r[fields.name]),
    parent: parentOf(req.level, r),
    date: req.granularity === 'day' ? String(r.date_start) : undefined,
    spend: String(r.spend ?? '0'),
    conversionValue: sumActions(r.action_values),
    impressions: count(r.impressions),
    clicks: count(r.clicks),
    conversions: conversions === null ? null : Number(conversions),
    reach: r.reach === undefined ? null : Number(r.reach),
    attribution: attributionOf(r.attribution_setting),
    raw: r,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pageAll(first: (after?: string) => Promise<GraphList<InsightRow>>): Promise<InsightRow[]> {
  const rows: InsightRow[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await first(after);
    rows.push(...(page.data ?? []));
    after = page.paging?.cursors?.after;
    if (!page.paging?.next || !after) return rows;
  }
}

async function asyncRun(caller: PlatformCaller, accountId: string, req: ReportRequest): Promise<InsightRow[]> {
  const graph = graphCaller(caller);
  const started = await graph.call<{ report_run_id: string }>(startReportRunCall(accountId, facebookInsightsQuery(req)), { kind: 'read' });
  for (let i = 0; i < MAX_POLLS; i++) {
    const run = await graph.call<ReportRun>(reportRunStatusCall(started.report_run_id), { kind: 'read' });
    const state = runState(run);
    if (state === 'completed') return pageAll((after) => graph.call(reportRunRowsCall(started.report_run_id, { limit: PAGE, after }), { kind: 'read' }));
    if (state === 'failed') {
      throw new AppError('PLATFORM_UNAVAILABLE', run.error_user_msg ?? run.error_message ?? 'Meta could not complete the insights report', {
        details: [{ platform: 'facebook', code: run.error_code, subcode: run.error_subcode, message: run.error_message ?? run.async_status, reportRunId: started.report_run_id }],
      });
    }
    await sleep(POLL_MS[Math.min(i, POLL_MS.length - 1)]!);
  }
  throw new AppError('PLATFORM_TIMEOUT', `Meta's insights report ${started.report_run_id} did not complete in time`);
}

export async function facebookInsightRows(caller: PlatformCaller, req: ReportRequest): Promise<InsightRow[]> {
  const accountId = caller.ref.platformAccountId!;
  const graph = graphCaller(caller);
  try {
    return await pageAll((after) => graph.call(syncInsightsCall(accountId, facebookInsightsQuery(req, { after })), { kind: 'read' }));
  } catch (err) {
    if (!isTooMuchData(err)) throw err;
    return asyncRun(caller, accountId, req);
  }
}

export const facebookReportSource: ReportSource = {
  // Meta restates insights for up to 28 days (its longest attribution window), docs/reports.md.
  restatementDays: 28,
  async rows(caller, req) {
    const raw = await facebookInsightRows(caller, req);
    const first = raw[0];
    return { rows: raw.map((r) => facebookRow(req, r)), account: { currency: text(first?.account_currency) } };
  },
  async facts(caller) {
    const a = await graphCaller(caller).call<{ name?: string; currency?: string; timezone_name?: string }>(
      get(act(caller.ref.platformAccountId!), { fields: 'name,currency,timezone_name' }),
      { kind: 'read' },
    );
    return { name: a.name ?? null, currency: a.currency ?? null, timezone: a.timezone_name ?? null };
  },
};
