/**
 * The shared "get" semantics of /campaign/get/, /adgroup/get/, /ad/get/ and their Smart+ twins
 * (docs/platforms/tiktok.md §3, §7, §9): `fields` projection, `filtering` object with validated keys and enums,
 * deleted objects hidden by default, newest (largest id) first, page/page_size arithmetic.
 *
 * Hot path (no filter, or id filters only) is O(page); other filters scan the advertiser's objects.
 */
import type { Ctx } from './ctx';
import { render, knownFields, type Kind } from './records';
import { pageDesc, type Entity, type EntityStore } from './store';
import { checkTime, paramError } from './wire';

export interface ListSpec {
  kind: Kind;
  store: EntityStore<Entity>;
  /** The filter key naming this kind's own ids (`campaign_ids`, `smart_plus_ad_ids`, …). */
  ownIds: string;
  /** Name filter key (fuzzy, substring); absent where the endpoint has none (Smart+ ad/get). */
  nameKey?: string;
  /** Parent-id filter keys → how to expand one parent id to candidate entities. */
  parents: Record<string, (id: string) => readonly Entity[]>;
  /** Other accepted filter keys; matched against the record field of the same name when present. */
  otherKeys: string[];
  /** Secondary statuses valid in a filter (docs/platforms/tiktok.md §3). */
  secondary: string[];
  maxPageSize: number;
}

export const PRIMARY_STATUS = ['STATUS_ALL', 'STATUS_NOT_DELETE', 'STATUS_DELETE', 'STATUS_DELIVERY_OK', 'STATUS_DISABLE', 'STATUS_NOT_DELIVERY', 'STATUS_TIME_DONE', 'STATUS_RF_CLOSED', 'STATUS_FROZEN'];
export const CAMPAIGN_SECONDARY = ['ENABLE', 'DISABLE', 'DELETE', 'BUDGET_EXCEED', 'ADVERTISER_AUDIT', 'ADVERTISER_AUDIT_DENY', 'AWAITING_RELEASE', 'ALL', 'NOT_DELETE'].map((s) => `CAMPAIGN_STATUS_${s}`).concat(['ADVERTISER_CONTRACT_PENDING', 'ADVERTISER_ACCOUNT_PUNISH']);
export const ADGROUP_SECONDARY = ['DELIVERY_OK', 'DISABLE', 'CAMPAIGN_DISABLE', 'DELETE', 'CREATE', 'AUDIT', 'AUDIT_DENY', 'NOT_START', 'TIME_DONE', 'BUDGET_EXCEED', 'ALL', 'NOT_DELETE'].map((s) => `ADGROUP_STATUS_${s}`);
export const AD_SECONDARY = ['DELIVERY_OK', 'DISABLE', 'DELETE', 'AUDIT', 'AUDIT_DENY', 'NOT_START', 'DONE', 'ADGROUP_DISABLE', 'ALL', 'NOT_DELETE'].map((s) => `AD_STATUS_${s}`);

const CREATION_KEYS = ['creation_filter_start_time', 'creation_filter_end_time'];
const MAX_IDS = 100;

type Pred = (e: Entity, rec: () => Record<string, unknown>) => boolean;

export function listObjects(ctx: Ctx, spec: ListSpec): unknown {
  const { p } = ctx;
  const adv = ctx.advertiser();
  const known = knownFields(ctx.state, spec.kind);
  const fields = p.strArr('fields');
  if (fields) {
    const bad = fields.filter((f) => !known.has(f));
    // Unknown `fields` → 40002 (docs/platforms/tiktok.md §9 allow 40002 or 41002: ASSUMED 40002).
    if (bad.length) throw paramError(`fields: Invalid field(s): [${bad.map((b) => `'${b}'`).join(', ')}]`);
  }
  const exclude = p.strArr('exclude_field_types_in_response');
  if (exclude && exclude.some((x) => x !== 'NULL_FIELD')) throw paramError('exclude_field_types_in_response: Not a valid choice.');
  const page = p.int('page', 1, 1, 1_000_000);
  const pageSize = p.int('page_size', 10, 1, spec.maxPageSize);
  const filtering = p.obj('filtering') ?? {};
  const allowed = new Set([spec.ownIds, ...(spec.nameKey ? [spec.nameKey] : []), 'primary_status', 'secondary_status', ...Object.keys(spec.parents), ...spec.otherKeys, ...CREATION_KEYS]);
  for (const k of Object.keys(filtering)) if (!allowed.has(k)) throw paramError(`filtering.${k}: Unknown field.`);

  const primary = filterStr(filtering, 'primary_status');
  if (primary !== undefined && !PRIMARY_STATUS.includes(primary)) throw paramError('filtering.primary_status: Not a valid choice.');
  const secondary = filterStr(filtering, 'secondary_status');
  if (secondary !== undefined && !spec.secondary.includes(secondary)) throw paramError('filtering.secondary_status: Not a valid choice.');
  const includeDeleted = primary === 'STATUS_ALL' || primary === 'STATUS_DELETE' || !!secondary?.endsWith('_ALL') || !!secondary?.endsWith('_DELETE');

  const preds: Pred[] = [];
  let candidates: readonly Entity[] | undefined;
  const ownIds = filterIds(filtering, spec.ownIds);
  if (ownIds) candidates = byIds(ownIds.map((id) => spec.store.get(adv.id, id)));
  for (const [key, expand] of Object.entries(spec.parents)) {
    const ids = filterIds(filtering, key);
    if (!ids) continue;
    const found = byIds(ids.flatMap((id) => expand(id)).filter((e) => e.advertiserId === adv.id));
    if (!candidates) candidates = found;
    else {
      const keep = new Set(found.map((e) => e.id));
      preds.push((e) => keep.has(e.id));
    }
  }
  if (candidates && !includeDeleted) preds.push((e) => e.status !== 'DELETE');
  if (primary) preds.push(primaryPred(primary));
  if (secondary && !secondary.endsWith('_ALL') && !secondary.endsWith('_NOT_DELETE')) {
    preds.push((_e, rec) => rec().secondary_status === secondary);
  }
  const name = spec.nameKey ? filterStr(filtering, spec.nameKey) : undefined;
  if (name !== undefined) preds.push((e) => e.name.toLowerCase().includes(name.toLowerCase()));
  creationPreds(filtering, preds);
  for (const key of spec.otherKeys) otherPred(filtering, key, preds);

  let rows: readonly Entity[] = candidates ?? spec.store.list(adv.id, includeDeleted);
  if (preds.length) {
    rows = rows.filter((e) => {
      let cached: Record<string, unknown> | undefined;
      const rec = () => (cached ??= render(ctx.state, spec.kind, e));
      return preds.every((pr) => pr(e, rec));
    });
  }
  const { items, pageInfo } = pageDesc(rows, page, pageSize);
  const list = items.map((e) => project(render(ctx.state, spec.kind, e), fields, !!exclude));
  return { list, page_info: pageInfo };
}

export function project(rec: Record<string, unknown>, fields: string[] | undefined, dropNulls: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of fields ?? Object.keys(rec)) {
    const v = rec[k];
    if (dropNulls && (v === null || v === undefined)) continue;
    out[k] = v;
  }
  return out;
}

function filterStr(f: Record<string, unknown>, key: string): string | undefined {
  const v = f[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw paramError(`filtering.${key}: Not a valid string.`);
  return v;
}

function filterIds(f: Record<string, unknown>, key: string): string[] | undefined {
  const v = f[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw paramError(`filtering.${key}: Field must be set to array`);
  // ≤100 ids per filter (docs/platforms/tiktok.md §3); the code for exceeding it is UNCONFIRMED: ASSUMED 40002.
  if (v.length > MAX_IDS) throw paramError(`filtering.${key}: Length must be between 1 and ${MAX_IDS}.`);
  return v.map(String);
}

/** Dedupe, drop misses, sort ascending by id (pageDesc reads newest first). */
function byIds(list: Array<Entity | undefined>): Entity[] {
  const m = new Map<string, Entity>();
  for (const e of list) if (e) m.set(e.id, e);
  return [...m.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function primaryPred(primary: string): Pred {
  switch (primary) {
    case 'STATUS_ALL': return () => true;
    case 'STATUS_DELETE': return (e) => e.status === 'DELETE';
    case 'STATUS_NOT_DELETE': return (e) => e.status !== 'DELETE';
    case 'STATUS_DISABLE': return (e) => e.status === 'DISABLE';
    case 'STATUS_DELIVERY_OK': return (_e, rec) => isDelivering(String(rec().secondary_status));
    case 'STATUS_NOT_DELIVERY': return (e, rec) => e.status !== 'DELETE' && !isDelivering(String(rec().secondary_status));
    default: return () => false;
  }
}

function isDelivering(secondary: string): boolean {
  return secondary.endsWith('_DELIVERY_OK') || secondary === 'CAMPAIGN_STATUS_ENABLE';
}

function creationPreds(f: Record<string, unknown>, preds: Pred[]): void {
  const start = f.creation_filter_start_time;
  const end = f.creation_filter_end_time;
  if (start !== undefined) {
    const ms = Date.parse(checkTime('filtering.creation_filter_start_time', start).replace(' ', 'T') + 'Z');
    preds.push((e) => e.createdAt >= ms);
  }
  if (end !== undefined) {
    const ms = Date.parse(checkTime('filtering.creation_filter_end_time', end).replace(' ', 'T') + 'Z');
    preds.push((e) => e.createdAt <= ms);
  }
}

/** Generic filters: `modified_after`, plural keys matched against singular fields, else equality. */
function otherPred(f: Record<string, unknown>, key: string, preds: Pred[]): void {
  const v = f[key];
  if (v === undefined || v === null) return;
  if (key === 'modified_after') {
    const ms = Date.parse(checkTime('filtering.modified_after', v).replace(' ', 'T') + 'Z');
    preds.push((e) => e.modifiedAt >= ms);
    return;
  }
  if (Array.isArray(v)) {
    const field = key.endsWith('s') ? key.slice(0, -1) : key;
    const set = new Set(v.map(String));
    // Keys with no matching record field (buying_types, …) are accepted and do not narrow.
    preds.push((_e, rec) => !(field in rec()) || set.has(String(rec()[field])));
    return;
  }
  preds.push((_e, rec) => !(key in rec()) || String(rec()[key]) === String(v));
}
