import type { PlatformCaller } from '../../core/caller';
import { formatDec, formatSmallDec, parseSmallDec, shiftDec } from '../../core/decimal';
import type { Attribution, ReportRequest, ReportSource, SourceRow } from '../../core/report-source';
import { insightsQuery, type InsightsInput } from '../operations/insights';
import { CUSTOMER_INFO_QUERY, customerInfoFrom } from '../operations/accounts';
import { rowsFromStream, searchStreamCall, type GoogleRow } from '../operations/search';

/*
 * Google's part of the cross-platform report (docs/reports.md): one searchStream per account with
 * the GAQL GET /api/v1/google/insights builds for the same level and range (`segments.date` for a
 * daily report). Ad groups are the report's `adset`. Dates are the customer's time zone; money is
 * `cost_micros`, divided exactly by 10^6.
 */

const LEVEL: Record<ReportRequest['level'], InsightsInput['level']> = { account: 'account', campaign: 'campaign', adset: 'ad_group', ad: 'ad' };
const EXTRA_FIELDS: Record<ReportRequest['level'], string[]> = {
  account: ['customer.currency_code', 'customer.time_zone'],
  campaign: [],
  adset: [],
  ad: ['ad_group_ad.ad.name'],
};
const METRICS = ['impressions', 'clicks', 'cost_micros', 'conversions', 'conversions_value'];

export function googleReportInput(req: ReportRequest): InsightsInput {
  return {
    level: LEVEL[req.level],
    metrics: METRICS,
    fields: EXTRA_FIELDS[req.level],
    segments: req.granularity === 'day' ? ['date'] : [],
    startDate: req.from,
    endDate: req.to,
  };
}

type Obj = Record<string, unknown>;
/** The value at a path of keys, each path split once (every row of a report reads the same few). */
function at(row: GoogleRow, keys: readonly string[]): unknown {
  let o: unknown = row;
  for (const k of keys) o = o && typeof o === 'object' ? (o as Obj)[k] : undefined;
  return o;
}
const path = (p: string): readonly string[] => p.split('.');
const str = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));

/** A double Google sends (conversions_value) as the decimal text it was written with. */
function doubleText(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  const s = String(v);
  return /e/i.test(s) ? Number(v).toFixed(6) : s;
}

/** `cost_micros` in the account currency, exactly: a safe integer in float arithmetic, BigInt past that. */
function microsText(micros: string): string {
  const units = parseSmallDec(micros);
  return (units?.scale === 0 ? formatSmallDec({ units: units.units, scale: 6 }) : undefined) ?? formatDec(shiftDec(micros, 6));
}

const ID_PATH: Record<ReportRequest['level'], [readonly string[], readonly string[]]> = {
  account: [path('customer.id'), path('customer.descriptiveName')],
  campaign: [path('campaign.id'), path('campaign.name')],
  adset: [path('adGroup.id'), path('adGroup.name')],
  ad: [path('adGroupAd.ad.id'), path('adGroupAd.ad.name')],
};
const NO_PARENT: SourceRow['parent'] = {};
// Google's default conversion windows: 30 days after a click, 1 day after a view (docs/reports.md).
const ATTRIBUTION: Attribution = { clickDays: 30, viewDays: 1, source: 'account_default' };

function parentOf(level: ReportRequest['level'], r: GoogleRow): SourceRow['parent'] {
  if (level === 'adset') return { campaignId: str((r.campaign as Obj | undefined)?.id) };
  if (level === 'ad') return { campaignId: str((r.campaign as Obj | undefined)?.id), adsetId: str((r.adGroup as Obj | undefined)?.id) };
  return NO_PARENT;
}

export function googleRow(req: ReportRequest, r: GoogleRow): SourceRow {
  const [idPath, namePath] = ID_PATH[req.level];
  const m = (r.metrics ?? {}) as Obj;
  return {
    id: str(at(r, idPath)) ?? '',
    name: str(at(r, namePath)) ?? null,
    parent: parentOf(req.level, r),
    date: req.granularity === 'day' ? str((r.segments as Obj | undefined)?.date) : undefined,
    spend: microsText(str(m.costMicros) ?? '0'),
    conversionValue: doubleText(m.conversionsValue) ?? '0',
    impressions: Number(m.impressions ?? 0),
    clicks: Number(m.clicks ?? 0),
    conversions: m.conversions === undefined ? 0 : Number(m.conversions),
    // Google reports no reach at these levels.
    reach: null,
    attribution: ATTRIBUTION,
    raw: r,
  };
}

/** A report asks every Google account the same query: it is built and checked once, not per account. */
const queries = new Map<string, string>();
function reportQuery(req: ReportRequest): string {
  const key = `${req.level}|${req.granularity}|${req.from}|${req.to}`;
  let query = queries.get(key);
  if (query === undefined) {
    if (queries.size >= 64) queries.clear();
    queries.set(key, (query = insightsQuery(googleReportInput(req)).query));
  }
  return query;
}

export async function googleReportRows(caller: PlatformCaller, req: ReportRequest): Promise<GoogleRow[]> {
  const id = caller.ref.platformAccountId!;
  return rowsFromStream(await caller.request({ ...searchStreamCall(id, reportQuery(req)), kind: 'read' }));
}

export const googleReportSource: ReportSource = {
  restatementDays: 30,
  async rows(caller, req) {
    const raw = await googleReportRows(caller, req);
    const first = raw[0];
    return {
      rows: raw.map((r) => googleRow(req, r)),
      account: { currency: str((first?.customer as Obj | undefined)?.currencyCode) ?? null, timezone: str((first?.customer as Obj | undefined)?.timeZone) ?? null },
    };
  },
  async facts(caller) {
    const id = caller.ref.platformAccountId!;
    const info = customerInfoFrom(id, rowsFromStream(await caller.request({ ...searchStreamCall(id, CUSTOMER_INFO_QUERY), kind: 'read' })));
    return { name: info?.descriptiveName ?? null, currency: info?.currencyCode ?? null, timezone: info?.timeZone ?? null };
  },
};
