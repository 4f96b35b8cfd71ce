import { get, type TiktokCall } from './call';
import { invalid, parseJson, parseList } from './encoding';
import type { ReadInsights, ReadPixelEvents, ReadPixels } from './reporting.dto';

const DAY_MS = 86_400_000;
const LEVEL_ID: Record<string, string | undefined> = {
  AUCTION_ADVERTISER: 'advertiser_id',
  AUCTION_CAMPAIGN: 'campaign_id',
  AUCTION_ADGROUP: 'adgroup_id',
  AUCTION_AD: 'ad_id',
};
const ID_DIMENSIONS = new Set(Object.values(LEVEL_ID));
const FILTER_TYPES = new Set(['IN', 'NOT_IN', 'CONTAIN_ANY_OF', 'MATCH', 'BETWEEN', 'GREATER_EQUAL', 'GREATER_THAN', 'LOWER_EQUAL', 'LOWER_THAN']);

/** Inclusive day count between two YYYY-MM-DD dates; end before start → 400. */
export function daySpan(start: string, end: string, path: string): number {
  const s = Date.parse(`${start}T00:00:00Z`);
  const e = Date.parse(`${end}T00:00:00Z`);
  if (Number.isNaN(s)) throw invalid(`${path}.startDate`, 'not a real date');
  if (Number.isNaN(e)) throw invalid(`${path}.endDate`, 'not a real date');
  if (e < s) throw invalid(`${path}.endDate`, 'must not be before startDate');
  return (e - s) / DAY_MS + 1;
}

/** Report `filtering`: a JSON array of {field_name, filter_type, filter_value (string)} (docs/platforms/tiktok.md §5). */
function parseReportFilter(raw: string | undefined): unknown[] | undefined {
  if (raw === undefined) return undefined;
  const v = parseJson(raw, 'query.filtering');
  if (!Array.isArray(v)) throw invalid('query.filtering', 'must be a JSON array of {field_name, filter_type, filter_value}');
  return v.map((item, i) => {
    const it = item as Record<string, unknown>;
    const p = `query.filtering[${i}]`;
    if (!it || typeof it !== 'object' || typeof it.field_name !== 'string') throw invalid(p, 'needs field_name');
    if (typeof it.filter_type !== 'string' || !FILTER_TYPES.has(it.filter_type)) throw invalid(`${p}.filter_type`, `one of ${[...FILTER_TYPES].join(', ')}`);
    // TikTok wants the value as a string, a JSON-array string for IN/NOT_IN/CONTAIN_ANY_OF: accept an array and encode it.
    const value = Array.isArray(it.filter_value) ? JSON.stringify(it.filter_value.map(String)) : it.filter_value;
    if (typeof value !== 'string') throw invalid(`${p}.filter_value`, 'must be a string or an array');
    return { field_name: it.field_name, filter_type: it.filter_type, filter_value: value };
  });
}

/**
 * `report/integrated/get/` (docs/platforms/tiktok.md §5). The date-range limits are checked here, before any call:
 * ≤30 days with stat_time_day, ≤1 day with stat_time_hour, ≤365 days otherwise.
 */
export function insightsCall(advertiserId: string, q: ReadInsights): TiktokCall {
  const dimensions = parseList(q.dimensions, 'query.dimensions');
  if (dimensions.length === 0) throw invalid('query.dimensions', 'at least one dimension');
  const idDims = dimensions.filter((d) => ID_DIMENSIONS.has(d));
  const expected = LEVEL_ID[q.dataLevel];
  if (idDims.length > 1) throw invalid('query.dimensions', 'at most one id dimension');
  if (idDims.length === 1 && idDims[0] !== expected) throw invalid('query.dimensions', `${idDims[0]} does not match dataLevel ${q.dataLevel} (use ${expected})`);
  const hourly = dimensions.includes('stat_time_hour');
  const daily = dimensions.includes('stat_time_day');
  if (hourly && daily) throw invalid('query.dimensions', 'at most one time dimension');
  if (q.queryLifetime) {
    if (hourly || daily) throw invalid('query.queryLifetime', 'cannot be combined with a time dimension');
  } else {
    if (!q.startDate) throw invalid('query.startDate', 'required unless queryLifetime=true');
    if (!q.endDate) throw invalid('query.endDate', 'required unless queryLifetime=true');
    const days = daySpan(q.startDate, q.endDate, 'query');
    const max = hourly ? 1 : daily ? 30 : 365;
    if (days > max) throw invalid('query.endDate', `the range may span at most ${max} day(s)${hourly ? ' with stat_time_hour' : daily ? ' with stat_time_day' : ''}; got ${days}`);
  }
  const metrics = q.metrics ? parseList(q.metrics, 'query.metrics') : undefined;
  return get('report/integrated/get/', {
    advertiser_id: advertiserId,
    report_type: q.reportType,
    service_type: q.serviceType,
    data_level: q.dataLevel,
    dimensions,
    metrics: metrics?.length ? metrics : undefined,
    start_date: q.queryLifetime ? undefined : q.startDate,
    end_date: q.queryLifetime ? undefined : q.endDate,
    query_lifetime: q.queryLifetime,
    filtering: parseReportFilter(q.filtering),
    order_field: q.orderField,
    order_type: q.orderType,
    enable_total_metrics: q.enableTotalMetrics,
    page: q.page,
    page_size: q.pageSize,
  });
}

/** `pixel/list/` (docs/platforms/tiktok.md §6): page_size 1–20, list under `data.pixels`. */
export function pixelsCall(advertiserId: string, q: ReadPixels): TiktokCall {
  return get('pixel/list/', {
    advertiser_id: advertiserId,
    pixel_id: q.pixelId,
    code: q.code,
    name: q.name,
    order_by: q.orderBy,
    filtering: q.availableForCatalogOnly === undefined ? undefined : { available_for_catalog_only: q.availableForCatalogOnly },
    page: q.page,
    page_size: q.pageSize,
  });
}

/** `pixel/event/stats/` (docs/platforms/tiktok.md §6): ≤10 pixel ids, a date range of ≤30 days. */
export function pixelEventsCall(advertiserId: string, q: ReadPixelEvents): TiktokCall {
  const pixelIds = [...new Set(parseList(q.pixelIds, 'query.pixelIds'))];
  if (pixelIds.length < 1 || pixelIds.length > 10) throw invalid('query.pixelIds', 'give 1–10 pixel ids');
  const bad = pixelIds.filter((p) => !/^\d{1,24}$/.test(p));
  if (bad.length) throw invalid('query.pixelIds', `not pixel ids: ${bad.join(', ')}`);
  const days = daySpan(q.startDate, q.endDate, 'query');
  if (days > 30) throw invalid('query.endDate', `the range may span at most 30 days; got ${days}`);
  return get('pixel/event/stats/', { advertiser_id: advertiserId, pixel_ids: pixelIds, date_range: { start_date: q.startDate, end_date: q.endDate } });
}
