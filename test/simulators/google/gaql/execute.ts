/** Runs a compiled plan over one account: row expansion by segments, metrics, sort and projection. */
import { dayToIso } from '../dates';
import { addAcc, addDay, entityKey, isZero, metricValue, zeroAcc, type MetricAcc } from '../metrics';
import type { AccountData, Customer, GoogleState } from '../state';
import { baseRowIncluded, jsonPath, type FieldDef, type RowCtx } from './catalog';
import { segmentValue, type Plan } from './plan';
import { cmp, normalize } from './predicates';

export interface Row {
  ctx: RowCtx;
  seg?: Record<string, unknown>;
  acc?: MetricAcc;
}

export interface Source {
  state: GoogleState;
  acct: AccountData;
  customer: Customer;
  seed: number;
}

/** Builds the rows one base entity contributes (zero or more). */
export function rowsForItem(plan: Plan, src: Source, item: unknown): Row[] {
  const ctx = plan.resource.ctx(item, src.state, src.acct, src.customer);
  if (!baseRowIncluded(plan.resource.name, ctx)) return [];
  for (const { def, pred } of plan.attrPreds) if (!pred(def.get!(ctx))) return [];
  if (!plan.needMetrics) return [{ ctx }];
  const m = plan.resource.metricsOf!(ctx)!;
  const key = entityKey(src.seed, m.id);
  const devices = plan.segments.includes('segments.device') ? [0, 1, 2].filter((d) => !plan.devicePred || plan.devicePred(segmentValue('segments.device', 0, d))) : [undefined];
  let rows: Row[];
  if (plan.segments.length === 0) {
    const acc = zeroAcc();
    for (const day of plan.days) if (day >= m.from) addDay(acc, key, day, m.scale);
    rows = [{ ctx, acc }];
  } else {
    const groups = new Map<string, Row>();
    for (const day of plan.days) {
      if (day < m.from) continue;
      if (plan.dayOfWeekPred && !plan.dayOfWeekPred(segmentValue('segments.day_of_week', day))) continue;
      for (const device of devices) {
        const seg: Record<string, unknown> = {};
        let gk = '';
        for (const s of plan.segments) {
          const v = segmentValue(s, day, device);
          seg[s] = v;
          gk += `${v}|`;
        }
        let row = groups.get(gk);
        if (!row) {
          row = { ctx, seg, acc: zeroAcc() };
          groups.set(gk, row);
        }
        addDay(row.acc!, key, day, m.scale, device);
      }
    }
    // ASSUMED: segmented rows whose metrics are all zero are not returned.
    rows = [...groups.values()].filter((r) => !isZero(r.acc!));
  }
  if (plan.metricPreds.length) rows = rows.filter((r) => plan.metricPreds.every((p) => p.pred(metricValue(p.name, r.acc!))));
  return rows;
}

export function fieldValue(def: FieldDef, row: Row): unknown {
  if (def.resource === 'metrics') return row.acc ? metricValue(def.name.slice(8), row.acc) : undefined;
  if (def.resource === 'segments') return row.seg?.[def.name];
  return def.get!(row.ctx);
}

export function sortRows(plan: Plan, rows: Row[]): Row[] {
  const keys = plan.orderBy;
  return rows.sort((a, b) => {
    for (const k of keys) {
      const va = k.def.resource === 'metrics' || k.def.resource === 'segments' ? fieldValue(k.def, a) : normalize(k.def, fieldValue(k.def, a));
      const vb = k.def.resource === 'metrics' || k.def.resource === 'segments' ? fieldValue(k.def, b) : normalize(k.def, fieldValue(k.def, b));
      if (va === vb) continue;
      if (va === undefined) return k.desc ? 1 : -1;
      if (vb === undefined) return k.desc ? -1 : 1;
      const c = cmp(va, vb);
      if (c !== 0) return k.desc ? -c : c;
    }
    return 0;
  });
}

function setPath(obj: Record<string, unknown>, path: string[], value: unknown): void {
  let cur = obj;
  for (let i = 0; i < path.length - 1; i++) {
    const k = path[i]!;
    cur = (cur[k] ??= {}) as Record<string, unknown>;
  }
  cur[path[path.length - 1]!] = value;
}

const pathCache = new Map<string, string[]>();
const pathOf = (name: string) => {
  let p = pathCache.get(name);
  if (!p) pathCache.set(name, (p = jsonPath(name)));
  return p;
};

/** proto3 JSON: int64 as strings, doubles/int32 as numbers, enums as names, camelCase keys. */
function wire(def: FieldDef, v: unknown): unknown {
  if (v === undefined || v === null) return undefined;
  switch (def.type) {
    case 'INT64':
      return String(v);
    case 'INT32':
      return Number(v);
    case 'DOUBLE':
      return Number(v);
    case 'DATE':
      return typeof v === 'number' ? dayToIso(v) : v;
    case 'STRING_LIST':
      return [...(v as string[])];
    default:
      return v;
  }
}

export function project(plan: Plan, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!plan.omitResourceNames) {
    const resources = new Set([plan.resource.name]);
    for (const d of plan.select) if (d.resource !== 'metrics' && d.resource !== 'segments') resources.add(d.resource);
    for (const r of resources) {
      const rn = `${r}.resource_name`;
      const def = plan.select.find((d) => d.name === rn);
      if (!def) setPath(out, pathOf(rn), resourceNameOf(r, row));
    }
  }
  for (const def of plan.select) {
    const v = wire(def, fieldValue(def, row));
    if (v !== undefined) setPath(out, pathOf(def.name), v);
  }
  return out;
}

function resourceNameOf(resource: string, row: Row): string | undefined {
  const c = `customers/${row.ctx.customer.id}`;
  const x = row.ctx;
  switch (resource) {
    case 'customer':
      return c;
    case 'customer_client':
      return `${c}/customerClients/${x.client!.customer.id}`;
    case 'campaign':
      return x.campaign && `${c}/campaigns/${x.campaign.id}`;
    case 'ad_group':
      return x.adGroup && `${c}/adGroups/${x.adGroup.id}`;
    case 'ad_group_ad':
      return x.ad && `${c}/adGroupAds/${x.ad.adGroupId}~${x.ad.adId}`;
    case 'ad_group_criterion':
      return x.criterion && `${c}/adGroupCriteria/${x.criterion.adGroupId}~${x.criterion.criterionId}`;
    case 'keyword_view':
      return x.criterion && `${c}/keywordViews/${x.criterion.adGroupId}~${x.criterion.criterionId}`;
    case 'asset':
      return x.asset && `${c}/assets/${x.asset.id}`;
    default:
      return undefined;
  }
}

/** Metrics-only summary over every row (search `returnSummaryRow` / stream summaryRowSetting). */
export function summary(plan: Plan, rows: Iterable<Row>): Record<string, unknown> {
  const acc = zeroAcc();
  for (const r of rows) if (r.acc) addAcc(acc, r.acc);
  const out: Record<string, unknown> = {};
  for (const def of plan.select) {
    if (def.resource === 'metrics') setPath(out, pathOf(def.name), wire(def, metricValue(def.name.slice(8), acc)));
  }
  return out;
}

/** camelCase comma-joined FieldMask string of the selected fields. */
export function fieldMask(plan: Plan): string {
  return plan.select.map((d) => pathOf(d.name).join('.')).join(',');
}
