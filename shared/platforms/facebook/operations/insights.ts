import { isAppError } from '../../../errors/app-error';
import { DEFAULT_INSIGHTS_FIELDS, type InsightsQuery } from '../dto/insights.dto';
import { act, get, post, pageParams, type GraphCall } from './graph-call';

/** The Graph parameters of an insights request (docs/platforms/facebook.md §3 Insights), sync or async alike. */
export function insightsParams(q: InsightsQuery): Record<string, unknown> {
  return {
    level: q.level,
    fields: (q.fields ?? DEFAULT_INSIGHTS_FIELDS).join(','),
    date_preset: q.since ? undefined : (q.datePreset ?? 'last_30d'),
    time_range: q.since && q.until ? { since: q.since, until: q.until } : undefined,
    time_increment: q.timeIncrement,
    breakdowns: q.breakdowns?.join(','),
    action_breakdowns: q.actionBreakdowns?.join(','),
    action_attribution_windows: q.actionAttributionWindows,
    filtering: q.filtering,
    sort: q.sort,
  };
}

const target = (accountId: string, q: InsightsQuery) => q.objectId ?? act(accountId);

export const syncInsightsCall = (accountId: string, q: InsightsQuery): GraphCall =>
  get(`${target(accountId, q)}/insights`, { ...insightsParams(q), ...pageParams(q) });

/** `POST /{object}/insights` with the same parameters → `{report_run_id}`. */
export const startReportRunCall = (accountId: string, q: InsightsQuery): GraphCall => post(`${target(accountId, q)}/insights`, insightsParams(q));

export const REPORT_RUN_FIELDS = 'id,account_id,async_status,async_percent_completion,error_code,error_subcode,error_message,error_user_title,error_user_msg';

export const reportRunStatusCall = (runId: string): GraphCall => get(runId, { fields: REPORT_RUN_FIELDS });

export const reportRunRowsCall = (runId: string, q: Pick<InsightsQuery, 'limit' | 'after' | 'before'>): GraphCall =>
  get(`${runId}/insights`, pageParams(q));

const DAY = 86_400_000;

/** Approximate days a date preset covers (only used to pick sync or async). */
const PRESET_DAYS: Record<string, number> = {
  today: 1, yesterday: 1, last_3d: 3, last_7d: 7, last_14d: 14, last_28d: 28, last_30d: 30, last_90d: 90,
  this_week_mon_today: 7, this_week_sun_today: 7, last_week_mon_sun: 7, last_week_sun_sat: 7,
  this_month: 31, last_month: 31, this_quarter: 92, last_quarter: 92, this_year: 366, last_year: 366,
  maximum: 37 * 30, data_maximum: 37 * 30,
};

export function rangeDays(q: Pick<InsightsQuery, 'since' | 'until' | 'datePreset'>): number {
  if (q.since && q.until) return Math.round((Date.parse(q.until) - Date.parse(q.since)) / DAY) + 1;
  return PRESET_DAYS[q.datePreset ?? 'last_30d'] ?? 30;
}

/** Large ranges go straight to an async report run; small ones are tried synchronously first. */
export function wantsAsync(q: InsightsQuery, syncMaxDays: number): boolean {
  return q.async === 'true' || rangeDays(q) > syncMaxDays;
}

/**
 * Meta's answers that mean "this is too big for a synchronous call": code 1 "Please reduce the
 * amount of data" and the sync timeouts 100/1504018 and 2/1504038 (docs/platforms/facebook.md §3, §5).
 */
export function isTooMuchData(err: unknown): boolean {
  if (!isAppError(err)) return false;
  return err.details.some((d) => {
    const x = d as { platform?: string; code?: number; subcode?: number; message?: string };
    if (x.platform !== 'facebook') return false;
    if (x.code === 1 && /reduce the amount of data/i.test(String(x.message ?? ''))) return true;
    return (x.code === 100 && x.subcode === 1504018) || (x.code === 2 && x.subcode === 1504038);
  });
}

export interface ReportRun {
  id?: string;
  account_id?: string;
  async_status?: string;
  async_percent_completion?: number;
  error_code?: number;
  error_subcode?: number;
  error_message?: string;
  error_user_msg?: string;
}

export type RunState = 'running' | 'completed' | 'failed';

export function runState(r: ReportRun): RunState {
  if (r.async_status === 'Job Completed' && (r.async_percent_completion ?? 100) >= 100) return 'completed';
  if (r.async_status === 'Job Failed' || r.async_status === 'Job Skipped') return 'failed';
  return 'running';
}
