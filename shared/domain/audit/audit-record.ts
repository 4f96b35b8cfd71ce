import type { AuthContext } from '../identity/auth-context';
import type { AuditOutcome, AuditPrincipal, AuditRecordView, FieldValues, WriteSurface } from './audit-types';

type Row = Record<string, unknown>;

/** The columns of `audit_records` every read selects, in the order the insert names them. */
export const AUDIT_COLUMNS = `id, tenant_id, created_at, principal_kind, principal_id, external_user_id, surface, request_id, platform,
  ad_account_id, operation, outcome, job_id, object_id, error_code, detail, params, before, after, finished_at`;

/** A record about to be written; `jobId` for an accepted write, `detail` for a decision. */
export interface NewAuditRecord {
  id: string;
  tenantId: string;
  principal: AuditPrincipal;
  surface: WriteSurface;
  requestId?: string;
  platform: string;
  adAccountId: string;
  operation: string;
  outcome: AuditOutcome;
  jobId?: string;
  detail?: Record<string, unknown>;
  params: Record<string, unknown>;
  before?: FieldValues;
  after?: FieldValues;
}

/** The insert's values, in the order of AUDIT_INSERT_COLUMNS (time, object, error and finish are set later or by default). */
export const AUDIT_INSERT_COLUMNS = `id, tenant_id, principal_kind, principal_id, external_user_id, surface, request_id, platform,
  ad_account_id, operation, outcome, job_id, detail, params, before, after`;
/** Typed: an INSERT … SELECT does not infer parameter types from the target columns. */
export const AUDIT_INSERT_VALUES = `?::uuid, ?::uuid, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::uuid,
  ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb`;

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

export function insertValues(r: NewAuditRecord): unknown[] {
  return [
    r.id, r.tenantId, r.principal.kind, r.principal.id, r.principal.externalUserId ?? null, r.surface, r.requestId ?? null, r.platform,
    r.adAccountId, r.operation, r.outcome, r.jobId ?? null, json(r.detail), JSON.stringify(r.params), json(r.before), json(r.after),
  ];
}

/** Who the caller is, as the trail records it. */
export function principalOf(auth: AuthContext): AuditPrincipal {
  switch (auth.kind) {
    case 'external-user':
      return { kind: 'external-user', id: auth.userId, externalUserId: auth.externalId };
    case 'tenant-api-key':
      return { kind: 'tenant-api-key', id: auth.apiKeyId };
    case 'tenant-user':
      return { kind: 'tenant-user', id: auth.tenantUserId };
    default:
      return { kind: 'operator', id: 'operator' };
  }
}

// The ORM's pg connection hands timestamps back as strings, json as parsed values.
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export function toAuditView(r: Row): AuditRecordView {
  const principal: AuditPrincipal = { kind: r.principal_kind as AuditPrincipal['kind'], id: r.principal_id as string };
  if (r.external_user_id) principal.externalUserId = r.external_user_id as string;
  const v: AuditRecordView = {
    id: r.id as string,
    time: iso(r.created_at)!,
    tenantId: r.tenant_id as string,
    principal,
    surface: r.surface as WriteSurface,
    requestId: text(r.request_id),
    platform: r.platform as string,
    adAccountId: r.ad_account_id as string,
    operation: r.operation as string,
    outcome: r.outcome as AuditOutcome,
    jobId: text(r.job_id),
    objectId: text(r.object_id),
    errorCode: text(r.error_code),
    params: (r.params as Record<string, unknown> | null) ?? {},
    finishedAt: iso(r.finished_at),
  };
  if (r.detail) v.detail = r.detail as Record<string, unknown>;
  if (r.before) v.before = r.before as FieldValues;
  if (r.after) v.after = r.after as FieldValues;
  return v;
}

const idText = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : undefined);
const firstOf = (v: unknown): string | undefined => (Array.isArray(v) ? idText(v[0]) : undefined);

/**
 * The platform object a completed write names, from the job's result, the first rule that gives one:
 * `id`; the first of `ids`; the first result's `resourceName` (Google); the first value of a key
 * ending in `_id`/`Id` (`campaign_id`, `copied_ad_id`); the first element of a key ending in
 * `_ids`/`Ids` (TikTok's `campaign_ids`); else none.
 */
export function objectIdOf(result: unknown): string | null {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return null;
  const r = result as Record<string, unknown>;
  const direct = idText(r.id) ?? firstOf(r.ids);
  if (direct) return direct;
  const results = Array.isArray(r.results) ? (r.results[0] as Record<string, unknown> | undefined) : undefined;
  const resource = idText(results?.resourceName);
  if (resource) return resource;
  const entries = Object.entries(r);
  for (const [k, v] of entries) if (/(_id|Id)$/.test(k) && idText(v)) return idText(v)!;
  for (const [k, v] of entries) if (/(_ids|Ids)$/.test(k) && firstOf(v)) return firstOf(v)!;
  return null;
}
