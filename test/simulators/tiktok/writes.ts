/**
 * Helpers shared by the write endpoints: request_id idempotency, object lookup with TikTok's
 * "does not exist" error, field copying, and status changes (with delete cascading to children).
 */
import type { Ctx } from './ctx';
import { knownFields, type Kind } from './records';
import type { Entity, EntityStore, OperationStatus } from './store';
import { TtError, TT_CODES, paramError } from './wire';

const REQUEST_ID = /^\d{1,19}$/;

/**
 * Same `request_id` (string int64) on the same operation and advertiser → the ids the first call
 * created, no second object; a replay answers code 0 with the object. Only the creates whose request
 * schema has the field use this: campaign/create, adgroup/create, smart_plus/campaign/create and
 * smart_plus/adgroup/create (official SDK, tiktok-business-api-sdk-official src/model/
 * CampaignCreateBody.js, AdgroupCreateBody.js, SmartPlusCampaignCreateBody.js,
 * SmartPlusAdgroupCreateBody.js). ad/create and smart_plus/ad/create have no such field
 * (AdCreateBody.js, SmartPlusAdCreateBody.js) and ignore it.
 */
export function idempotent(ctx: Ctx, opName: string, advertiserId: string, create: () => string[]): string[] {
  const rid = ctx.p.str('request_id');
  if (rid === undefined) return create();
  if (!REQUEST_ID.test(rid)) throw paramError('request_id: Not a valid int64 string.');
  const key = `${opName}:${advertiserId}:${rid}`;
  const prev = ctx.state.idempotency.get(key);
  if (prev) return prev;
  const ids = create();
  ctx.state.idempotency.set(key, ids);
  return ids;
}

export function label(kind: Kind): string {
  switch (kind) {
    case 'campaign':
    case 'spCampaign': return 'campaign';
    case 'adgroup':
    case 'spAdgroup': return 'adgroup';
    default: return 'ad';
  }
}

/** The object, or 40007 "The ad {id} does not exist." (docs/platforms/tiktok.md §1). */
export function mustGet<T extends Entity>(store: EntityStore<T>, kind: Kind, advertiserId: string, id: string): T {
  const e = store.get(advertiserId, id);
  if (!e) throw new TtError(TT_CODES.NOT_FOUND, `The ${label(kind)} ${id} does not exist.`);
  return e;
}

/** Deleted objects cannot be changed (docs/platforms/tiktok.md §4); the code is not given: ASSUMED 40002. */
export function mustBeLive(e: Entity, kind: Kind): void {
  if (e.status === 'DELETE') throw paramError(`The ${label(kind)} ${e.id} has been deleted and cannot be modified.`);
}

export function checkName(field: string, v: string, max = 512): string {
  if (v.length > max) throw paramError(`${field}: Length must be between 1 and ${max}.`);
  return v;
}

const PROTECTED = new Set(['advertiser_id', 'campaign_id', 'adgroup_id', 'ad_id', 'smart_plus_ad_id', 'create_time', 'modify_time', 'operation_status', 'secondary_status', 'campaign_name', 'adgroup_name', 'ad_name']);

/** Copies body fields the kind's records carry (and that callers may write) into entity data. */
export function copyFields(ctx: Ctx, kind: Kind, src: Record<string, unknown>, e: Entity, except: string[] = []): void {
  const known = knownFields(ctx.state, kind);
  for (const [k, v] of Object.entries(src)) {
    if (!known.has(k) || PROTECTED.has(k) || except.includes(k) || v === undefined) continue;
    (e.data ??= {})[k] = v;
  }
}

export function newEntity(ctx: Ctx, kind: Parameters<Ctx['state']['nextId']>[0], advertiserId: string, name: string, parentId?: string): Entity {
  const now = Date.now();
  return { id: ctx.state.nextId(kind), advertiserId, parentId, name, status: 'ENABLE', createdAt: now, modifiedAt: now, ix: ctx.state.campaigns.count() + ctx.state.ads.count() };
}

export const OP_STATUS = ['ENABLE', 'DISABLE', 'DELETE'] as const;

/** Validates `ids` (1–20, docs/platforms/tiktok.md §4) and returns them with the requested status. */
export function statusArgs(ctx: Ctx, idsKey: string): { ids: string[]; status: OperationStatus } {
  const ids = ctx.p.strArr(idsKey, true)!;
  if (ids.length < 1 || ids.length > 20) throw paramError(`${idsKey}: Length must be between 1 and 20.`);
  const status = ctx.p.enumOf('operation_status', OP_STATUS, true);
  return { ids: [...new Set(ids)], status };
}

/** Sets the status; deleting also deletes the children (ASSUMED cascade, as in Ads Manager). */
export function applyStatus(store: EntityStore<Entity>, e: Entity, status: OperationStatus, cascade: Array<EntityStore<Entity>>): void {
  const now = Date.now();
  store.setStatus(e, status, now);
  if (status !== 'DELETE' || cascade.length === 0) return;
  const [childStore, ...rest] = cascade;
  for (const child of childStore!.children(e.id)) if (child.status !== 'DELETE') applyStatus(childStore!, child, 'DELETE', rest);
}
