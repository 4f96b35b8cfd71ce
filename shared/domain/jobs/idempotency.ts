import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';

export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** Canonical JSON (sorted keys), so the same body in another key order is the same request. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export const requestHash = (v: unknown) => createHash('sha256').update(canonicalJson(v)).digest('hex');

/** What a replay of a job request under the same Idempotency-Key is compared by. */
export const jobRequestHash = (r: { type: string; platform: string; operation?: string; account?: string; params: unknown }) =>
  requestHash({ type: r.type, platform: r.platform, operation: r.operation, account: r.account, params: r.params });

/** Whether a live key already holds exactly this request (the jobs service will replay its outcome). */
export async function holdsRequest(
  execute: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>,
  k: { tenantId: string; ownerKey: string; key: string; hash: string },
): Promise<boolean> {
  const rows = await execute('select 1 from idempotency_records where tenant_id = ? and owner_key = ? and key = ? and request_hash = ? and expires_at > now()', [
    k.tenantId,
    k.ownerKey,
    k.key,
    k.hash,
  ]);
  return rows.length > 0;
}

export function checkIdempotencyKey(key: string): string {
  if (!KEY_FORMAT.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Invalid Idempotency-Key', {
      details: [{ path: 'headers.idempotency-key', message: '1–255 visible ASCII characters' }],
    });
  }
  return key;
}

/**
 * Claims a key for a new job inside the caller's transaction. Returns the job id the key belongs
 * to: ours when the key is new (or its 24 h ran out), the first job's when the same body came
 * before; another body under a live key → 409 IDEMPOTENCY_KEY_REUSED. A concurrent request with
 * the same key blocks on the unique index until the first one commits, then sees its job.
 */
export async function claimIdempotencyKey(
  execute: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>,
  k: { tenantId: string; ownerKey: string; key: string; hash: string; jobId: string },
): Promise<{ jobId: string; fresh: boolean }> {
  const claimed = await execute(
    `insert into idempotency_records (tenant_id, owner_key, key, request_hash, job_id, created_at, expires_at)
     values (?, ?, ?, ?, ?, now(), now() + interval '${IDEMPOTENCY_TTL_HOURS} hours')
     on conflict (tenant_id, owner_key, key) do update
       set request_hash = excluded.request_hash, job_id = excluded.job_id, created_at = now(), expires_at = excluded.expires_at
       where idempotency_records.expires_at <= now()
     returning job_id`,
    [k.tenantId, k.ownerKey, k.key, k.hash, k.jobId],
  );
  if (claimed.length) return { jobId: k.jobId, fresh: true };
  const rows = await execute(
    'select request_hash, job_id from idempotency_records where tenant_id = ? and owner_key = ? and key = ?',
    [k.tenantId, k.ownerKey, k.key],
  );
  const prev = rows[0];
  if (!prev) throw new AppError('INTERNAL', 'Idempotency record vanished');
  if (prev.request_hash !== k.hash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body');
  }
  return { jobId: prev.job_id as string, fresh: false };
}

/** Points a key this transaction just claimed at the job the request joined instead of its own. */
export async function rebindIdempotencyKey(
  execute: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>,
  k: { tenantId: string; ownerKey: string; key: string; jobId: string },
): Promise<void> {
  await execute('update idempotency_records set job_id = ? where tenant_id = ? and owner_key = ? and key = ?', [k.jobId, k.tenantId, k.ownerKey, k.key]);
}

export async function purgeExpiredKeys(orm: MikroORM): Promise<number> {
  const rows = await orm.em.getConnection().execute('delete from idempotency_records where expires_at <= now() returning key');
  return (rows as unknown[]).length;
}
