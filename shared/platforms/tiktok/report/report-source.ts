import type { PlatformCaller } from '../../core/caller';
import { chunkRange, type Attribution, type ReportRequest, type ReportSource, type SourceRow } from '../../core/report-source';
import { get } from '../operations/call';
import { insightsCall } from '../operations/reporting';
import type { ReadInsights } from '../operations/reporting.dto';
import { callTiktok } from '../operations/runtime';

/*
 * TikTok's part of the cross-platform report (docs/reports.md): `report/integrated/get/` BASIC
 * reports built by the same `insightsCall` as GET /api/v1/tiktok/insights. Google ad groups and
 * TikTok ad groups are the report's `adset`. Days are the advertiser's time zone; a daily report
 * covers at most 30 days per call, so longer ranges are asked in 30-day chunks.
 */

const LEVEL: Record<ReportRequest['level'], { dataLevel: ReadInsights['dataLevel']; id: string; attrs: string[] }> = {
  account: { dataLevel: 'AUCTION_ADVERTISER', id: 'advertiser_id', attrs: ['advertiser_name'] },
  campaign: { dataLevel: 'AUCTION_CAMPAIGN', id: 'campaign_id', attrs: ['campaign_name'] },
  adset: { dataLevel: 'AUCTION_ADGROUP', id: 'adgroup_id', attrs: ['adgroup_name', 'campaign_id'] },
  ad: { dataLevel: 'AUCTION_AD', id: 'ad_id', attrs: ['ad_name', 'adgroup_id', 'campaign_id'] },
};
const METRICS = ['currency', 'spend', 'impressions', 'clicks', 'reach', 'conversion', 'total_purchase_value'];
const PAGE_SIZE = 1000;
const DAILY_MAX_DAYS = 30;
const TOTAL_MAX_DAYS = 365;

interface ReportPage {
  list?: Array<{ dimensions?: Record<string, string>; metrics?: Record<string, string> }>;
  page_info?: { page?: number; total_page?: number };
}

export function tiktokReportQuery(advertiserId: string, req: ReportRequest, range: { from: string; to: string }, page: number): ReadInsights {
  const l = LEVEL[req.level];
  const dims = [...(req.level === 'account' ? [] : [l.id]), ...(req.granularity === 'day' ? ['stat_time_day'] : [])];
  return {
    adAccountId: advertiserId,
    reportType: 'BASIC',
    dataLevel: l.dataLevel,
    dimensions: (dims.length ? dims : ['advertiser_id']).join(','),
    metrics: [...METRICS, ...l.attrs, ...(req.level === 'account' ? ['advertiser_id'] : [])].join(','),
    startDate: range.from,
    endDate: range.to,
    page,
    pageSize: PAGE_SIZE,
  } as ReadInsights;
}

const dash = (v: string | undefined): string | null => (v === undefined || v === '-' || v === '' ? null : v);
const num = (v: string | undefined): number => (dash(v) === null ? 0 : Number(v));

const NAME_KEY: Record<ReportRequest['level'], string> = { account: 'advertiser_name', campaign: 'campaign_name', adset: 'adgroup_name', ad: 'ad_name' };
const NO_PARENT: SourceRow['parent'] = {};
// TikTok's default attribution: 7-day click, 1-day view (docs/reports.md).
const ATTRIBUTION: Attribution = { clickDays: 7, viewDays: 1, source: 'account_default' };

function parentOf(level: ReportRequest['level'], m: Record<string, string>): SourceRow['parent'] {
  if (level === 'adset') return { campaignId: dash(m.campaign_id) ?? undefined };
  if (level === 'ad') return { campaignId: dash(m.campaign_id) ?? undefined, adsetId: dash(m.adgroup_id) ?? undefined };
  return NO_PARENT;
}

export function tiktokRow(req: ReportRequest, r: NonNullable<ReportPage['list']>[number]): SourceRow {
  const d = r.dimensions ?? {};
  const m = r.metrics ?? {};
  const id = req.level === 'account' ? (d.advertiser_id ?? m.advertiser_id ?? '') : (d[LEVEL[req.level].id] ?? '');
  return {
    id,
    name: dash(m[NAME_KEY[req.level]]),
    parent: parentOf(req.level, m),
    date: req.granularity === 'day' && d.stat_time_day ? d.stat_time_day.slice(0, 10) : undefined,
    spend: dash(m.spend) ?? '0',
    conversionValue: dash(m.total_purchase_value),
    impressions: num(m.impressions),
    clicks: num(m.clicks),
    conversions: dash(m.conversion) === null ? null : Number(m.conversion),
    reach: dash(m.reach) === null ? null : Number(m.reach),
    attribution: ATTRIBUTION,
    raw: r,
  };
}

export async function tiktokReportRows(caller: PlatformCaller, req: ReportRequest): Promise<NonNullable<ReportPage['list']>> {
  const advertiserId = caller.ref.platformAccountId!;
  const out: NonNullable<ReportPage['list']> = [];
  for (const range of chunkRange(req.from, req.to, req.granularity === 'day' ? DAILY_MAX_DAYS : TOTAL_MAX_DAYS)) {
    for (let page = 1; ; page++) {
      const data = await callTiktok<ReportPage>(caller, insightsCall(advertiserId, tiktokReportQuery(advertiserId, req, range, page)), 'read');
      out.push(...(data.list ?? []));
      if (page >= (data.page_info?.total_page ?? 1)) break;
    }
  }
  return out;
}

export const tiktokReportSource: ReportSource = {
  restatementDays: 7,
  async rows(caller, req) {
    const raw = await tiktokReportRows(caller, req);
    return { rows: raw.map((r) => tiktokRow(req, r)), account: { currency: dash(raw[0]?.metrics?.currency) } };
  },
  async facts(caller) {
    const id = caller.ref.platformAccountId!;
    const data = await callTiktok<{ list?: Array<{ name?: string; currency?: string; timezone?: string }> }>(
      caller,
      get('advertiser/info/', { advertiser_ids: [id], fields: ['name', 'currency', 'timezone'] }),
      'read',
    );
    const a = data.list?.[0];
    return { name: a?.name ?? null, currency: a?.currency ?? null, timezone: a?.timezone ?? null };
  },
};
