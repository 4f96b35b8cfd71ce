import type { Job, JobAccountSnapshot, JobState, JobType, StoredJobError } from '../../persistence/entities/job.entity';

export type JobRecord = Job;

/** Every column a job's record is read from. */
export const COLUMNS = `id, tenant_id, owner_key, type, operation, platform, queue, ad_account_id, platform_account_id, account,
  params, state, progress, attempts, result, error, dedup_key, request_hash, request_id, created_at, started_at, finished_at, updated_at`;

export type Row = Record<string, unknown>;

// The ORM's pg connection hands timestamps back as strings.
const date = (v: unknown): Date | undefined => (v === null || v === undefined ? undefined : new Date(v as string));

/** A `jobs` row as a record; columns a query did not select stay undefined (the job list selects what its view shows). */
export function toRecord(r: Row): JobRecord {
  return {
    id: r.id as string,
    tenantId: r.tenant_id as string,
    ownerKey: r.owner_key as string,
    type: r.type as JobType,
    operation: r.operation as string,
    platform: r.platform as string,
    queue: r.queue as string,
    adAccountId: (r.ad_account_id as string | null) ?? undefined,
    platformAccountId: (r.platform_account_id as string | null) ?? undefined,
    account: (r.account as JobAccountSnapshot | null) ?? undefined,
    params: (r.params as Record<string, unknown> | null) ?? undefined,
    state: r.state as JobState,
    progress: r.progress ?? undefined,
    attempts: Number(r.attempts ?? 0),
    result: r.result ?? undefined,
    error: (r.error as StoredJobError | null) ?? undefined,
    dedupKey: (r.dedup_key as string | null) ?? undefined,
    requestHash: (r.request_hash as string | null) ?? undefined,
    requestId: (r.request_id as string | null) ?? undefined,
    createdAt: date(r.created_at)!,
    startedAt: date(r.started_at),
    finishedAt: date(r.finished_at),
    updatedAt: date(r.updated_at)!,
  };
}


/** A job that has not ended: only such a row changes state. */
export const OPEN = `state not in ('completed', 'failed')`;
/**
 * The same, as the partial indexes of open jobs name it: every finish sets `finished_at` with its
 * state, and leaving `state` out of an index predicate keeps a run's claim a heap-only update.
 */
export const OPEN_INDEXED = 'finished_at is null';
