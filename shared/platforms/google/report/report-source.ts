import type { PlatformCaller } from '../../core/caller';
import { formatDec, shiftDec } from '../../core/decimal';
import type { ReportRequest, ReportSource, SourceRow } from '../../core/report-source';
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
/** Field paths split once: every row of a report reads the same few. */
const splitPaths = new Map<string, string[]>();
function at(row: GoogleRow, path: string): unknown {
  let keys = splitPaths.get(path);
  if (!keys) splitPaths.set(path, (keys = path.split('.')));
  let o: unknown = row;
  for (const k of keys) o = o && typeof o === 'object' ? (o as Obj)[k] : undefined;
  return o;
}
const str = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));

/** A double Google sends (conversions_value) as the decimal text it was written with. */
function doubleText(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  const s = String(v);
  return /e/i.test(s) ? Number(v).toFixed(6) : s;
}

const ID_PATH: Record<ReportRequest['level'], [string, string]> = {
  account: ['customer.id', 'customer.descriptiveName'],
  campaign: ['campaign.id', 'campaign.name'],
  adset: ['adGroup.id', 'adGroup.name'],
  ad: ['adGroupAd.ad.id', 'adGroupAd.ad.name'],
};

export function googleRow(req: ReportRequest, r: GoogleRow): SourceRow {
  const [idPath, namePath] = ID_PATH[req.level];
  const conversions = at(r, 'metrics.conversions');
  return {
    id: str(at(r, idPath)) ?? '',
    name: str(at(r, namePath)) ?? null,
    parent: {
      ...(req.level === 'adset' || req.level === 'ad' ? { campaignId: str(at(r, 'campaign.id')) } : {}),
      ...(req.level === 'ad' ? { adsetId: str(at(r, 'adGroup.id')) } : {}),
    },
    ...(req.granularity === 'day' ? { date: str(at(r, 'segments.date')) } : {}),
    spend: formatDec(shiftDec(str(at(r, 'metrics.costMicros')) ?? '0', 6)),
    conversionValue: doubleText(at(r, 'metrics.conversionsValue')) ?? '0',
    impressions: Number(at(r, 'metrics.impressions') ?? 0),
    clicks: Number(at(r, 'metrics.clicks') ?? 0),
    conversions: conversions === undefined ? 0 : Number(conversions),
    // Google reports no reach at these levels.
    reach: null,
    // Google's default conversion windows: 30 days after a click, 1 day after a view (docs/reports.md).
    attribution: { clickDays: 30, viewDays: 1, source: 'account_default' },
    raw: r,
  };
}

export async function googleReportRows(caller: PlatformCaller, req: ReportRequest): Promise<GoogleRow[]> {
  const id = caller.ref.platformAccountId!;
  return rowsFromStream(await caller.request({ ...searchStreamCall(id, insightsQuery(googleReportInput(req)).query), kind: 'read' }));
}

export const googleReportSource: ReportSource = {
  restatementDays: 30,
  async rows(caller, req) {
    const raw = await googleReportRows(caller, req);
    const first = raw[0];
    return {
      rows: raw.map((r) => googleRow(req, r)),
      account: { currency: str(first && at(first, 'customer.currencyCode')) ?? null, timezone: str(first && at(first, 'customer.timeZone')) ?? null },
    };
  },
  async facts(caller) {
    const id = caller.ref.platformAccountId!;
    const info = customerInfoFrom(id, rowsFromStream(await caller.request({ ...searchStreamCall(id, CUSTOMER_INFO_QUERY), kind: 'read' })));
    return { name: info?.descriptiveName ?? null, currency: info?.currencyCode ?? null, timezone: info?.timeZone ?? null };
  },
};
