/**
 * GET /report/integrated/get/ (docs/platforms/tiktok.md §5), synchronous BASIC reports. Rows are object × time bucket,
 * objects newest first then time ascending; a page is computed by index arithmetic (O(page)).
 */
import type express from 'express';
import { op, type Ctx, type SimDeps } from '../ctx';
import { ALL_METRICS, NUMERIC_METRICS, addCounts, bucketCounts, emptyCounts, metricValue, type Counts } from '../metrics';
import { render } from '../records';
import type { Advertiser } from '../state';
import { pageInfo, type Entity } from '../store';
import { checkDate, formatDate, paramError } from '../wire';

const LEVELS = { AUCTION_ADVERTISER: 'advertiser_id', AUCTION_CAMPAIGN: 'campaign_id', AUCTION_ADGROUP: 'adgroup_id', AUCTION_AD: 'ad_id' } as const;
type Level = keyof typeof LEVELS;
const ID_DIMS = new Set<string>(Object.values(LEVELS));
const TIME_DIMS = new Set(['stat_time_day', 'stat_time_hour']);
const FILTER_FIELDS = new Set(['campaign_ids', 'adgroup_ids', 'ad_ids', 'ad_ids_v2', 'campaign_status', 'adgroup_status', 'ad_status', 'campaign_automation_type', 'buying_type']);
const DAY = 86400_000;
/** Lifetime totals cover this many days from the object's creation (simulator choice). */
const LIFETIME_DAYS = 60;

interface Obj { id: string; advertiser: Advertiser; entity?: Entity }

export function reportRoutes(r: express.Router, deps: SimDeps): void {
  r.get('/report/integrated/get/', op(deps, true, (ctx) => report(ctx, deps)));
}

function report(ctx: Ctx, deps: SimDeps): unknown {
  const { p } = ctx;
  const s = deps.state;
  const advIds = p.has('advertiser_ids') ? p.strArr('advertiser_ids', true, 5)! : [p.str('advertiser_id', true)];
  if (advIds.length === 0) throw paramError('advertiser_ids: Length must be between 1 and 5.');
  const advertisers = advIds.map((id) => ctx.advertiser(id));
  p.enumOf('service_type', ['AUCTION', 'RESERVATION'] as const);
  const type = p.enumOf('report_type', ['BASIC', 'AUDIENCE', 'PLAYABLE_MATERIAL', 'CATALOG', 'BC', 'TT_SHOP'] as const, true);
  if (type !== 'BASIC') throw paramError(`report_type: ${type} reports are not available for this advertiser.`);
  const level = p.enumOf('data_level', Object.keys(LEVELS) as Level[], true);
  const dims = p.strArr('dimensions', true)!;
  const badDims = dims.filter((d) => !ID_DIMS.has(d) && !TIME_DIMS.has(d));
  if (badDims.length) throw paramError(`Invalid dimension fields: [${badDims.map((d) => `'${d}'`).join(', ')}]`);
  const idDims = dims.filter((d) => ID_DIMS.has(d));
  const timeDims = dims.filter((d) => TIME_DIMS.has(d));
  if (idDims.length > 1 || timeDims.length > 1) throw paramError('dimensions: At most one ID dimension and one time dimension.');
  if (idDims.length === 0 ? level !== 'AUCTION_ADVERTISER' : idDims[0] !== LEVELS[level]) {
    throw paramError(`data_level: ${level} does not match the dimensions.`);
  }
  const metrics = p.strArr('metrics') ?? ['spend', 'impressions'];
  const badMetrics = metrics.filter((m) => !ALL_METRICS.has(m));
  // Quoted in docs/platforms/tiktok.md §5.
  if (badMetrics.length) throw paramError(`Invalid metric fields: [${badMetrics.map((m) => `'${m}'`).join(', ')}]`);
  const page = p.int('page', 1, 1, 1_000_000);
  const pageSize = p.int('page_size', 10, 1, 1000);
  const lifetime = p.bool('query_lifetime') === true;
  const timeDim = timeDims[0];
  if (lifetime && timeDim) throw paramError('query_lifetime: Time dimensions are not supported with lifetime queries.');

  let buckets: string[] = [''];
  if (!lifetime) {
    const start = checkDate('start_date', p.str('start_date', true));
    const end = checkDate('end_date', p.str('end_date', true));
    if (end < start) throw paramError('end_date: Must be later than or equal to start_date.');
    const days = (end - start) / DAY + 1;
    const max = timeDim === 'stat_time_hour' ? 1 : timeDim === 'stat_time_day' ? 30 : 365;
    if (days > max) throw paramError(`The time span between start_date and end_date must be no more than ${max} day(s).`);
    const dates = Array.from({ length: days }, (_, i) => formatDate(start + i * DAY));
    buckets = timeDim === 'stat_time_hour' ? Array.from({ length: 24 }, (_, h) => `${dates[0]} ${String(h).padStart(2, '0')}`) : timeDim ? dates : [dates.join(',')];
  }

  const objects = reportObjects(ctx, level, advertisers, parseFilters(p.arr('filtering')));
  const rowsTotal = objects.length * buckets.length;
  const rowFor = (i: number) => {
    const obj = objects[objects.length - 1 - Math.floor(i / buckets.length)]!;
    const bucket = buckets[i % buckets.length]!;
    const counts = countsFor(s.seed, obj, bucket, lifetime);
    const dimensions: Record<string, string> = {};
    if (idDims[0]) dimensions[idDims[0]] = obj.id;
    if (timeDim) dimensions[timeDim] = timeDim === 'stat_time_day' ? `${bucket} 00:00:00` : `${bucket}:00:00`;
    return { dimensions, metrics: metricsFor(ctx, obj, counts, metrics), counts };
  };

  let indexes: number[];
  const orderField = p.str('order_field');
  if (orderField && NUMERIC_METRICS.has(orderField)) {
    const desc = p.enumOf('order_type', ['ASC', 'DESC'] as const) !== 'ASC';
    const all = Array.from({ length: rowsTotal }, (_, i) => ({ i, v: Number(metricValue(rowFor(i).counts, orderField)) }));
    all.sort((a, b) => (desc ? b.v - a.v : a.v - b.v) || a.i - b.i);
    indexes = all.slice((page - 1) * pageSize, page * pageSize).map((x) => x.i);
  } else {
    indexes = [];
    for (let i = (page - 1) * pageSize; i < Math.min(rowsTotal, page * pageSize); i++) indexes.push(i);
  }
  const list = indexes.map((i) => {
    const { dimensions, metrics: m } = rowFor(i);
    return { dimensions, metrics: m };
  });
  const data: Record<string, unknown> = { list, page_info: pageInfo(page, pageSize, rowsTotal) };
  if (p.bool('enable_total_metrics')) {
    const total = emptyCounts();
    for (let i = 0; i < rowsTotal; i++) addCounts(total, rowFor(i).counts);
    data.total_metrics = Object.fromEntries(metrics.filter((m) => NUMERIC_METRICS.has(m)).map((m) => [m, metricValue(total, m)]));
  }
  return data;
}

interface Filters { ids: Map<string, Set<string>>; includeDeleted: boolean }

function parseFilters(raw: unknown[] | undefined): Filters {
  const f: Filters = { ids: new Map(), includeDeleted: false };
  for (const [i, item] of (raw ?? []).entries()) {
    const it = (item ?? {}) as Record<string, unknown>;
    const field = String(it.field_name ?? '');
    if (!FILTER_FIELDS.has(field)) throw paramError(`filtering[${i}].field_name: Not a valid choice.`);
    const ft = String(it.filter_type ?? '');
    if (!['IN', 'NOT_IN', 'CONTAIN_ANY_OF', 'MATCH', 'BETWEEN', 'GREATER_EQUAL', 'GREATER_THAN', 'LOWER_EQUAL', 'LOWER_THAN'].includes(ft)) {
      throw paramError(`filtering[${i}].filter_type: Not a valid choice.`);
    }
    if (typeof it.filter_value !== 'string') throw paramError(`filtering[${i}].filter_value: Not a valid string.`);
    let values: unknown = it.filter_value;
    if (['IN', 'NOT_IN', 'CONTAIN_ANY_OF'].includes(ft)) {
      try {
        values = JSON.parse(it.filter_value);
      } catch {
        values = undefined;
      }
      if (!Array.isArray(values)) throw paramError(`filtering[${i}].filter_value: Must be a JSON array string for ${ft}.`);
    }
    const list = Array.isArray(values) ? values.map(String) : [String(values)];
    if (field.endsWith('_status')) f.includeDeleted ||= list.includes('STATUS_ALL') || list.includes('STATUS_DELETE');
    else if (field.endsWith('_ids') && ft === 'IN') f.ids.set(field, new Set(list));
  }
  return f;
}

function reportObjects(ctx: Ctx, level: Level, advertisers: Advertiser[], f: Filters): Obj[] {
  const s = ctx.state;
  if (level === 'AUCTION_ADVERTISER') return advertisers.map((a) => ({ id: a.id, advertiser: a })).reverse();
  const store = level === 'AUCTION_CAMPAIGN' ? s.campaigns : level === 'AUCTION_ADGROUP' ? s.adgroups : s.ads;
  const out: Obj[] = [];
  const lineage = (e: Entity) => {
    const ids: Record<string, string | undefined> = {};
    if (level === 'AUCTION_AD') {
      ids.ad_ids = e.id;
      ids.adgroup_ids = e.parentId;
      ids.campaign_ids = e.parentId ? s.adgroups.byId.get(e.parentId)?.parentId : undefined;
    } else if (level === 'AUCTION_ADGROUP') {
      ids.adgroup_ids = e.id;
      ids.campaign_ids = e.parentId;
    } else ids.campaign_ids = e.id;
    return ids;
  };
  for (const a of advertisers) {
    for (const e of store.list(a.id, f.includeDeleted)) {
      if (f.ids.size) {
        const l = lineage(e);
        let ok = true;
        for (const [k, set] of f.ids) if (!set.has(l[k] ?? '')) ok = false;
        if (!ok) continue;
      }
      out.push({ id: e.id, advertiser: a, entity: e });
    }
  }
  return out;
}

function countsFor(seed: number, obj: Obj, bucket: string, lifetime: boolean): Counts {
  const created = obj.entity?.createdAt ?? obj.advertiser.createdAt;
  const firstDay = formatDate(created);
  if (lifetime) {
    const total = emptyCounts();
    const start = Date.parse(`${firstDay}T00:00:00Z`);
    for (let d = 0; d < LIFETIME_DAYS; d++) addCounts(total, bucketCounts(seed, obj.id, formatDate(start + d * DAY)));
    return total;
  }
  if (bucket.includes(',')) {
    const total = emptyCounts();
    for (const day of bucket.split(',')) if (day >= firstDay) addCounts(total, bucketCounts(seed, obj.id, day));
    return total;
  }
  // No activity before the object existed: zero-valued rows (docs/platforms/tiktok.md §5: zeros or empty lists).
  if (bucket.slice(0, 10) < firstDay) return emptyCounts();
  return bucketCounts(seed, obj.id, bucket, bucket.length > 10 ? 1 / 24 : 1);
}

function metricsFor(ctx: Ctx, obj: Obj, c: Counts, metrics: string[]): Record<string, string> {
  const s = ctx.state;
  const e = obj.entity;
  const ag = e && e.parentId && s.adgroups.byId.get(e.parentId)?.advertiserId === e.advertiserId ? s.adgroups.byId.get(e.parentId) : undefined;
  const out: Record<string, string> = {};
  for (const m of metrics) {
    if (NUMERIC_METRICS.has(m)) out[m] = metricValue(c, m);
    else out[m] = attribute(ctx, obj, ag, m);
  }
  return out;
}

/** Attribute "metrics": the object's own names; "-" where the level has no such attribute. */
function attribute(ctx: Ctx, obj: Obj, adgroup: Entity | undefined, m: string): string {
  const s = ctx.state;
  const e = obj.entity;
  if (m === 'currency') return obj.advertiser.currency;
  if (m === 'advertiser_id') return obj.advertiser.id;
  if (m === 'advertiser_name') return obj.advertiser.name;
  if (!e) return '-';
  const isCampaign = s.campaigns.byId.get(e.id) === e;
  const isAdgroup = s.adgroups.byId.get(e.id) === e;
  const campaign = isCampaign ? e : isAdgroup ? s.campaigns.byId.get(e.parentId ?? '') : adgroup ? s.campaigns.byId.get(adgroup.parentId ?? '') : undefined;
  const group = isAdgroup ? e : adgroup;
  switch (m) {
    case 'campaign_id': return campaign?.id ?? '-';
    case 'campaign_name': return campaign?.name ?? '-';
    case 'adgroup_id': return group?.id ?? '-';
    case 'adgroup_name': return group?.name ?? '-';
    case 'ad_name': return !isCampaign && !isAdgroup ? e.name : '-';
    case 'objective_type': return campaign ? String(render(s, 'campaign', campaign).objective_type) : '-';
    default: return '-';
  }
}
