import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { emitEvent, type WebhookEventType } from '../webhooks/events';
import { toJobView } from './job-view';
import type { EventSubscriptions } from '../webhooks/subscriptions';
import type { Job, JobAccountSnapshot, JobState, JobType, StoredJobError } from '../../persistence/entities/job.entity';
import { JobSql, statement, type Statement } from './job-sql';
import { insertValues, objectIdOf, type NewAuditRecord } from '../audit/audit-record';
import { auditRecordOfJob, finishedRecord, withAcceptedRecord, withFinishedRecord } from '../audit/audit-job-sql';
import { claimRefused } from '../../platforms/core/create-lookup';
import { CLAIM_SQL, claimValues, CreateClaimStore, undoClaim, type CompletionClaim } from './create-claims';

export type JobRecord = Job;

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

const COLUMNS = `id, tenant_id, owner_key, type, operation, platform, queue, ad_account_id, platform_account_id, account,
  params, state, progress, attempts, result, error, dedup_key, request_hash, request_id, created_at, started_at, finished_at, updated_at`;

type Row = Record<string, unknown>;

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

const OPEN = `state not in ('completed', 'failed')`;

const INSERT = `insert into jobs (id, tenant_id, owner_key, type, operation, platform, queue, ad_account_id, platform_account_id,
     account, params, state, dedup_key, request_hash, request_id)
   values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, 'queued', ?, ?, ?)
   on conflict (dedup_key) where dedup_key is not null and state in ('queued', 'active') do nothing
   returning id`;
const INSERT_AUDITED = withAcceptedRecord(INSERT);
// A finish also ends the write's audit record (audit-job-sql.ts); the completed one takes the object id after its own parameters.
const FINISH_COMPLETED_UPDATE = `update jobs set state = 'completed', result = ?::jsonb, error = null, finished_at = now(), updated_at = now(),
     lease_owner = null, lease_until = null
   where id = ? and ${OPEN} returning`;
const FINISH_FAILED_UPDATE = `update jobs set state = 'failed', error = ?::jsonb, finished_at = now(), updated_at = now(), lease_owner = null, lease_until = null
   where id = ? and ${OPEN} returning`;
const finishCompleted = (returning: string) => withFinishedRecord(FINISH_COMPLETED_UPDATE, COLUMNS, 'completed', returning);
/**
 * The completion with a create's claim on the object it made (`claimed`, see create-claims.ts): the
 * job completes only when every object is claimed. Parameters: the claim's (`claimValues`), the
 * result, the job id, the number of objects, the object id. Answers one row: whether the job was
 * finished, how many objects were claimed, and those this statement inserted (given back when refused).
 */
const OPEN_ROW = `where id = ? and ${OPEN}`;
if (!FINISH_COMPLETED_UPDATE.includes(OPEN_ROW)) throw new Error('the completing update no longer names its row as the claiming completion expects');
const FINISH_COMPLETED_CLAIMING = `with claimed as (${CLAIM_SQL}),
  finished as (${FINISH_COMPLETED_UPDATE.replace(OPEN_ROW, `${OPEN_ROW} and (select count(*) from claimed) = ?`)} ${COLUMNS}),
  ${finishedRecord('completed')}
  select (select count(*) from finished)::int as finished, (select count(*) from claimed)::int as claimed,
    array(select object_id from claimed where inserted) as inserted`;
const finishFailed = (returning: string) => withFinishedRecord(FINISH_FAILED_UPDATE, COLUMNS, 'failed', returning);
const FINISH_COMPLETED = finishCompleted(COLUMNS);
const FINISH_FAILED = finishFailed(COLUMNS);

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
    select claimed.id, v.step, v.data::jsonb, now() from claimed,
      (values ${Array.from({ length: n }, () => '(?::text, ?::text)').join(', ')}) as v(step, data)
    on conflict (job_id, step) do update set data = excluded.data, updated_at = now()
    returning job_id)
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
  // A finish nobody takes events of only needs to know whether it changed the row.
  completed: statement(finishCompleted('id')),
  completedClaiming: statement(FINISH_COMPLETED_CLAIMING),
  failed: statement(finishFailed('id')),
};

/**
 * The Postgres mirror of every write and import. Writes are single statements outside the caller's
 * unit of work; state only moves forward (a late or duplicate update never reopens a finished job).
 */
export class JobStore {
  private readonly sql: JobSql;

  /** `subscriptions`: without it every finish records its events. */
  constructor(
    private readonly orm: MikroORM,
    private readonly subscriptions?: EventSubscriptions,
  ) {
    this.sql = new JobSql(orm);
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
  async findInTenant(tenantId: string, id: string): Promise<JobRecord | undefined> {
    const rows = await this.exec(`select ${COLUMNS} from jobs where id = ? and tenant_id = ?`, [id, tenantId]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  async findOpenByDedup(dedupKey: string): Promise<JobRecord | undefined> {
    const rows = await this.exec(`select ${COLUMNS} from jobs where dedup_key = ? and ${OPEN}`, [dedupKey]);
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
      `select ${COLUMNS} from jobs where state in ('queued', 'active') and created_at <= now() - make_interval(secs => ?)
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
  async markWaiting(id: string, opts: { delayed?: boolean } = {}): Promise<void> {
    const attempts = opts.delayed ? ', attempts = greatest(attempts - 1, 0)' : '';
    await this.exec(`update jobs set state = 'queued'${attempts}, updated_at = now() where id = ? and ${OPEN}`, [id]);
  }

  async setProgress(id: string, progress: unknown): Promise<void> {
    await this.exec(`update jobs set progress = ?::jsonb, updated_at = now() where id = ? and ${OPEN}`, [JSON.stringify(progress), id]);
  }

  /**
   * Records the outcome and drops the run's lease in the same statement. `tenantId` lets the finish
   * skip the transaction (one statement, one commit) when no endpoint of the tenant takes its events.
   */
  async markCompleted(id: string, result: unknown, tenantId?: string, claim?: CompletionClaim): Promise<void> {
    const params = [JSON.stringify(result ?? null), id, objectIdOf(result)];
    const events: WebhookEventType[] = ['job.completed', 'import.completed', 'write.completed'];
    if (claim) {
      if (tenantId && !(await this.anyWanted(tenantId, events))) return this.completeClaiming(claim, params);
      // A finish that records events runs in a transaction of its own: the claim is taken before it.
      if (!(await new CreateClaimStore(this.orm, claim.tenantId, claim.jobId, claim.platform).claim(claim.step, claim.objectIds))) throw claimRefused(claim.objectIds);
    }
    await this.finish(FINISH_COMPLETED, params, { tenantId, events, alone: S.completed });
  }

  /** The completion and the create's claim in one statement; CREATE_UNCONFIRMED (nothing changed) when the claim is refused. */
  private async completeClaiming(c: CompletionClaim, [result, id, objectId]: unknown[]): Promise<void> {
    const [r] = await this.exec(S.completedClaiming, [...claimValues(c), result, id, c.objectIds.length, objectId]);
    if (Number(r?.claimed) === c.objectIds.length) return;
    await undoClaim(this.sql, { ...c, objectIds: (r?.inserted as string[] | undefined) ?? [] });
    throw claimRefused(c.objectIds);
  }

  async markFailed(id: string, error: StoredJobError, tenantId?: string): Promise<void> {
    await this.finish(FINISH_FAILED, [JSON.stringify(error), id], { tenantId, events: ['job.failed', 'write.failed'], alone: S.failed });
  }

  /**
   * A job whose queue entry could not be written (Redis unreachable) fails, and its Idempotency-Key
   * is released so the client's retry starts afresh; only while no worker has started it. False
   * when one has (the add reached Redis after all): the job then runs as usual.
   */
  async abandonUnqueued(id: string, error: StoredJobError, key?: { tenantId: string; ownerKey: string; key: string }): Promise<boolean> {
    return this.finish(
      withFinishedRecord(
        `update jobs set state = 'failed', error = ?::jsonb, finished_at = now(), updated_at = now()
       where id = ? and state = 'queued' and started_at is null returning`,
        COLUMNS,
        'failed',
        COLUMNS,
      ),
      [JSON.stringify(error), id],
      {
        also: async (em) => {
          if (key) await em.execute('delete from idempotency_records where tenant_id = ? and owner_key = ? and key = ? and job_id = ?', [key.tenantId, key.ownerKey, key.key, id]);
        },
      },
    );
  }

  /**
   * The state change and its webhook events commit together; a repeated finish changes nothing and
   * emits nothing. An event no enabled endpoint of the tenant takes is not recorded at all (no row,
   * no dispatch job). When the tenant is known and (per the in-process subscriptions) takes none of
   * the events this finish could emit, the change is one statement without a transaction.
   */
  private async finish(
    sql: string,
    params: unknown[],
    o: { also?: (em: EntityManager) => Promise<void>; tenantId?: string; events?: WebhookEventType[]; alone?: Statement } = {},
  ): Promise<boolean> {
    if (!o.also && o.tenantId && o.events && !(await this.anyWanted(o.tenantId, o.events))) {
      return (await this.exec(o.alone ?? sql, params)).length === 1;
    }
    return (this.orm.em.fork() as EntityManager).transactional(async (em) => {
      const [row] = await em.execute<Row[]>(sql, params);
      if (!row) return false;
      await o.also?.(em);
      const job = toRecord(row);
      const view = toJobView(job);
      const types: WebhookEventType[] = job.state === 'completed' ? ['job.completed'] : ['job.failed'];
      if (job.state === 'completed' && job.type === 'import') types.push('import.completed');
      const execute = (q: string, p: unknown[]) => em.execute<Row[]>(q, p);
      const wanted = async (t: WebhookEventType) => !this.subscriptions || (await this.subscriptions.wants(job.tenantId, t, execute));
      for (const t of types) if (await wanted(t)) emitEvent(em, job.tenantId, t, view);
      // A write's audit record ended in the same statement; its event carries the record.
      const writeEvent: WebhookEventType = job.state === 'completed' ? 'write.completed' : 'write.failed';
      if (job.type === 'write' && (await wanted(writeEvent))) {
        const record = await auditRecordOfJob(execute, job.tenantId, job.id);
        if (record) emitEvent(em, job.tenantId, writeEvent, record);
      }
      return true;
    });
  }

  private async anyWanted(tenantId: string, types: WebhookEventType[]): Promise<boolean> {
    if (!this.subscriptions) return true;
    for (const t of types) if (await this.subscriptions.wants(tenantId, t, this.sql.execute)) return true;
    return false;
  }
}
