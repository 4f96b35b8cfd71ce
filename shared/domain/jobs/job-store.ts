import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventSubscriptions } from '../webhooks/subscriptions';
import type { JobAccountSnapshot, JobType, StoredJobError } from '../../persistence/entities/job.entity';
import { JobSql, statement, type Statement } from './job-sql';
import { insertValues, type NewAuditRecord } from '../audit/audit-record';
import { withAcceptedRecord } from '../audit/audit-job-sql';
import type { CompletionClaim } from './create-claims';
import { JobFinish } from './job-finish';
import { COLUMNS, OPEN, OPEN_INDEXED, toRecord, type JobRecord, type Row } from './job-row';

export type { JobRecord } from './job-row';

export interface NewJob {
  id: string;
  tenantId: string;
  ownerKey: string;
  type: JobType;
  operation: string;
  platform: string;
  queue: string;
  /** Absent for a report job, whose accounts are in its params. */
  account?: JobAccountSnapshot;
  params: Record<string, unknown>;
  dedupKey?: string;
  requestHash?: string;
  requestId?: string;
  /** A write's `accepted` audit record, inserted by the same statement as the row. */
  audit?: NewAuditRecord;
}

/** A wait on the queue for a rate limit: when it began, until when, and whose limit (a few words). */
export interface RateLimitWait {
  at: string;
  until: string;
  reason: string;
}
/** The row's waits with one more (the parameter, a one-element array), the latest 20 kept. */
const MAX_WAITS = 20;
const KEEP_WAITS = `jsonb_path_query_array(coalesce(rate_limit_waits, '[]'::jsonb) || ?::jsonb, '$[last - ${MAX_WAITS - 1} to last]')`;

const INSERT = `insert into jobs (id, tenant_id, owner_key, type, operation, platform, queue, ad_account_id, platform_account_id,
     account, params, state, dedup_key, request_hash, request_id)
   values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::json, ?::json, 'queued', ?, ?, ?)
   on conflict (dedup_key) where dedup_key is not null and ${OPEN_INDEXED} do nothing
   returning id`;
const INSERT_AUDITED = withAcceptedRecord(INSERT);
/**
 * Marks the job running under a lease (parameters: owner, lease seconds, id, owner). Every start
 * counts, a restart after a crash included (BullMQ's attemptsMade does not count a stalled run); a
 * delay gives its attempt back in markWaiting.
 */
const CLAIM = `update jobs set state = 'active', attempts = attempts + 1, started_at = coalesce(started_at, now()), updated_at = now(),
     lease_owner = ?, lease_until = now() + make_interval(secs => ?)
   where id = ? and ${OPEN} and (lease_until is null or lease_until < now() or lease_owner = ?)`;

/**
 * The claim and checkpoint rows in one statement: the rows are written only when the claim is
 * taken. Parameters: the claim's, then step and data of each row.
 */
const claimWithCheckpoints = (n: number) => `with claimed as (${CLAIM} returning id),
  written as (
    insert into job_checkpoints (job_id, step, data, updated_at)
    select claimed.id, v.step, v.data::json, now() from claimed,
      (values ${Array.from({ length: n }, () => '(?::text, ?::text)').join(', ')}) as v(step, data)
    on conflict (job_id, step) do update set data = excluded.data, updated_at = now())
  select id from claimed`;

/** The statements of every write's path, prepared once per connection. */
const S = {
  insert: statement(INSERT),
  insertAudited: statement(INSERT_AUDITED),
  findById: statement(`select ${COLUMNS} from jobs where id = ?`),
  markActive: statement(`${CLAIM} returning ${COLUMNS}`),
  claim: statement(`${CLAIM} returning id`),
  leaseHeld: statement(`select ceil(extract(epoch from (lease_until - now())) * 1000)::int as ms from jobs where id = ? and ${OPEN} and lease_until >= now()`),
  claimWithCheckpoint: statement(claimWithCheckpoints(1)),
  renewLease: statement(`update jobs set lease_until = now() + make_interval(secs => ?) where id = ? and lease_owner = ? returning id`),
  releaseLease: statement(`update jobs set lease_owner = null, lease_until = null where id = ? and lease_owner = ?`),
};

/**
 * The Postgres mirror of every write and import. Writes are single statements outside the caller's
 * unit of work; state only moves forward (a late or duplicate update never reopens a finished job).
 */
export class JobStore {
  private readonly sql: JobSql;
  private readonly finishes: JobFinish;

  /** `subscriptions`: without it every finish records its events. */
  constructor(orm: MikroORM, subscriptions?: EventSubscriptions) {
    this.sql = new JobSql(orm);
    this.finishes = new JobFinish(orm, this.sql, subscriptions);
  }

  private exec(s: Statement | string, params: unknown[]): Promise<Row[]> {
    return this.sql.run(s, params);
  }

  /**
   * Inserts the row; with a dedup key, returns false when an unfinished job already holds it.
   * `execute`: the caller's transaction (an Idempotency-Key claimed in the same commit).
   */
  async insert(j: NewJob, execute?: (sql: string, params: unknown[]) => Promise<Row[]>): Promise<boolean> {
    const params: unknown[] = [j.id, j.tenantId, j.ownerKey, j.type, j.operation, j.platform, j.queue, j.account?.id ?? null, j.account?.platformAccountId ?? null,
      j.account ? JSON.stringify(j.account) : null, JSON.stringify(j.params), j.dedupKey ?? null, j.requestHash ?? null, j.requestId ?? null];
    if (j.audit) params.push(...insertValues(j.audit));
    const rows = execute ? await execute(j.audit ? INSERT_AUDITED : INSERT, params) : await this.exec(j.audit ? S.insertAudited : S.insert, params);
    return rows.length === 1;
  }

  async findById(id: string): Promise<JobRecord | undefined> {
    const rows = await this.exec(S.findById, [id]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /** Only the creator sees a job; anyone else (other users, other tenants) gets nothing. */
  async findForOwner(tenantId: string, ownerKey: string, id: string): Promise<JobRecord | undefined> {
    const rows = await this.exec(`select ${COLUMNS} from jobs where id = ? and tenant_id = ? and owner_key = ?`, [id, tenantId, ownerKey]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /** Any job of the tenant (the console's tenant users); another tenant's id finds nothing. */
  /** A job of the tenant with the rate-limit waits it spent on the queue (the console's job page). */
  async findInTenant(tenantId: string, id: string): Promise<(JobRecord & { rateLimitWaits: RateLimitWait[] }) | undefined> {
    const rows = await this.exec(`select ${COLUMNS}, rate_limit_waits from jobs where id = ? and tenant_id = ?`, [id, tenantId]);
    return rows[0] ? { ...toRecord(rows[0]), rateLimitWaits: (rows[0].rate_limit_waits as RateLimitWait[] | null) ?? [] } : undefined;
  }

  async findOpenByDedup(dedupKey: string): Promise<JobRecord | undefined> {
    const rows = await this.exec(`select ${COLUMNS} from jobs where dedup_key = ? and ${OPEN_INDEXED}`, [dedupKey]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /** Those of `ids` whose jobs are still open (a missing row is not). */
  async openOf(ids: readonly string[]): Promise<string[]> {
    const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (uuids.length === 0) return [];
    const rows = await this.exec(`select id from jobs where id = any(?::uuid[]) and ${OPEN}`, [`{${uuids.join(',')}}`]);
    return rows.map((r) => r.id as string);
  }

  /**
   * Unfinished jobs at least `minAgeMs` old, oldest first, after the cursor: what the reconciler
   * checks against the queue.
   */
  async listOpen(minAgeMs: number, limit: number, after?: { createdAt: Date; id: string }): Promise<JobRecord[]> {
    const rows = await this.exec(
      `select ${COLUMNS} from jobs where ${OPEN_INDEXED} and created_at <= now() - make_interval(secs => ?)
       ${after ? 'and (created_at, id) > (?, ?)' : ''} order by created_at, id limit ?`,
      [minAgeMs / 1000, ...(after ? [after.createdAt, after.id] : []), limit],
    );
    return rows.map(toRecord);
  }

  /**
   * Marks the job running under a lease for `owner` and returns its row; `finished` when it
   * already ended, `leased` (with the lease's remaining ms) while another run holds the lease.
   */
  async markActive(id: string, lease: { owner: string; ms: number }): Promise<{ row: JobRecord } | { finished: true } | { leasedForMs: number }> {
    const rows = await this.exec(S.markActive, [lease.owner, lease.ms / 1000, id, lease.owner]);
    if (rows[0]) return { row: toRecord(rows[0]) };
    return this.refusal(id);
  }

  /**
   * The same lease as markActive, without reading the row back (a run that already has the row's
   * data); with `checkpoints`, written in the same statement and only if the claim is taken.
   * Refused: `finished` when the job already ended, `leased` while another run holds the lease.
   */
  async claim(
    id: string,
    lease: { owner: string; ms: number },
    checkpoints: [step: string, data: unknown][] = [],
  ): Promise<{ claimed: true } | { finished: true } | { leasedForMs: number }> {
    const params: unknown[] = [lease.owner, lease.ms / 1000, id, lease.owner];
    for (const [step, data] of checkpoints) params.push(step, JSON.stringify(data));
    const n = checkpoints.length;
    const rows = await this.exec(n === 0 ? S.claim : n === 1 ? S.claimWithCheckpoint : claimWithCheckpoints(n), params);
    if (rows[0]) return { claimed: true };
    return this.refusal(id);
  }

  /** Why a claim was refused: the job's lease is held by another run (for how long), or it ended. */
  private async refusal(id: string): Promise<{ finished: true } | { leasedForMs: number }> {
    const held = await this.exec(S.leaseHeld, [id]);
    return held[0] ? { leasedForMs: Math.max(1, Number(held[0].ms)) } : { finished: true };
  }

  /** Keeps the run's lease alive; false when it was lost (expired and taken by another run). */
  async renewLease(id: string, owner: string, ms: number): Promise<boolean> {
    const rows = await this.exec(S.renewLease, [ms / 1000, id, owner]);
    return rows.length === 1;
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    await this.exec(S.releaseLease, [id, owner]);
  }

  /**
   * Back to queued while BullMQ holds it for a retry or a delay. A delay (rate limit, a request
   * still in flight) did not really attempt the work, so it gives its attempt back.
   */
  async markWaiting(id: string, opts: { delayed?: boolean; rateLimitWait?: RateLimitWait } = {}): Promise<void> {
    const attempts = opts.delayed ? ', attempts = greatest(attempts - 1, 0)' : '';
    const wait = opts.rateLimitWait ? `, rate_limit_waits = ${KEEP_WAITS}` : '';
    const params = opts.rateLimitWait ? [JSON.stringify([opts.rateLimitWait]), id] : [id];
    await this.exec(`update jobs set state = 'queued'${attempts}${wait}, updated_at = now() where id = ? and ${OPEN}`, params);
  }

  async setProgress(id: string, progress: unknown): Promise<void> {
    await this.exec(`update jobs set progress = ?::jsonb, updated_at = now() where id = ? and ${OPEN}`, [JSON.stringify(progress), id]);
  }

  /**
   * Records the outcome and drops the run's lease in the same statement; with a create's claim on
   * what it made, the claim is taken with it (job-finish.ts).
   */
  markCompleted(id: string, result: unknown, tenantId?: string, claim?: CompletionClaim): Promise<void> {
    return this.finishes.markCompleted(id, result, tenantId, claim);
  }

  markFailed(id: string, error: StoredJobError, tenantId?: string): Promise<void> {
    return this.finishes.markFailed(id, error, tenantId);
  }

  /** A job whose queue entry could not be written fails and gives its Idempotency-Key back; false once a worker started it. */
  abandonUnqueued(id: string, error: StoredJobError, key?: { tenantId: string; ownerKey: string; key: string }): Promise<boolean> {
    return this.finishes.abandonUnqueued(id, error, key);
  }
}
