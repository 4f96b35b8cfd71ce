import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { emitEvent, type WebhookEventType } from '../webhooks/events';
import type { EventSubscriptions } from '../webhooks/subscriptions';
import type { StoredJobError } from '../../persistence/entities/job.entity';
import { toJobView } from './job-view';
import { statement, type JobSql, type Statement } from './job-sql';
import { COLUMNS, OPEN, toRecord, type Row } from './job-row';
import { objectIdOf } from '../audit/audit-record';
import { auditRecordOfJob, finishedRecord, withFinishedRecord } from '../audit/audit-job-sql';
import { claimRefused } from '../../platforms/core/create-lookup';
import { CLAIM_SQL, claimValues, CreateClaimStore, undoClaim, type CompletionClaim } from './create-claims';

// A finish also ends the write's audit record (audit-job-sql.ts); the completed one takes the object id after its own parameters.
/** The completing update; `alsoWhen` adds a condition the row must meet besides being open. */
const completedUpdate = (alsoWhen = '') => `update jobs set state = 'completed', result = ?::jsonb, error = null, finished_at = now(), updated_at = now(),
     lease_owner = null, lease_until = null
   where id = ? and ${OPEN}${alsoWhen} returning`;
const FINISH_COMPLETED_UPDATE = completedUpdate();
const FINISH_FAILED_UPDATE = `update jobs set state = 'failed', error = ?::jsonb, finished_at = now(), updated_at = now(), lease_owner = null, lease_until = null
   where id = ? and ${OPEN} returning`;
/** What the audit record's update reads of the finished row, for a finish that returns no row. */
const FINISHED_KEYS = 'id, tenant_id, finished_at, error';
const finishCompleted = (jobColumns: string, returning: string) => withFinishedRecord(FINISH_COMPLETED_UPDATE, jobColumns, 'completed', returning);
/**
 * The completion with a create's claim on the object it made (`claimed`, see create-claims.ts): the
 * job completes only when every object is claimed. Parameters: the claim's (`claimValues`), the
 * result, the job id, the number of objects, the object id. Answers one row: whether the job was
 * finished, how many objects were claimed, and those this statement inserted (given back when refused).
 */
const FINISH_COMPLETED_CLAIMING = `with claimed as (${CLAIM_SQL}),
  finished as (${completedUpdate(' and (select count(*) from claimed) = ?')} ${FINISHED_KEYS}),
  ${finishedRecord('completed')}
  select (select count(*) from finished)::int as finished, (select count(*) from claimed)::int as claimed,
    array(select object_id from claimed where inserted) as inserted`;
const finishFailed = (jobColumns: string, returning: string) => withFinishedRecord(FINISH_FAILED_UPDATE, jobColumns, 'failed', returning);
const FINISH_COMPLETED = finishCompleted(COLUMNS, COLUMNS);
const FINISH_FAILED = finishFailed(COLUMNS, COLUMNS);

/** A finish nobody takes events of only needs to know whether it changed the row. */
const ALONE = {
  completed: statement(finishCompleted(FINISHED_KEYS, 'id')),
  completedClaiming: statement(FINISH_COMPLETED_CLAIMING),
  failed: statement(finishFailed(FINISHED_KEYS, 'id')),
};

/**
 * How a job ends in its row: completed or failed, with the write's audit record and the webhook
 * events of the tenant's endpoints, in one statement when nobody takes the events.
 */
export class JobFinish {
  constructor(
    private readonly orm: MikroORM,
    private readonly sql: JobSql,
    /** Without it every finish records its events. */
    private readonly subscriptions?: EventSubscriptions,
  ) {}

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
    await this.finish(FINISH_COMPLETED, params, { tenantId, events, alone: ALONE.completed });
  }

  /** The completion and the create's claim in one statement; CREATE_UNCONFIRMED (nothing changed) when the claim is refused. */
  private async completeClaiming(c: CompletionClaim, [result, id, objectId]: unknown[]): Promise<void> {
    const [r] = await this.sql.run(ALONE.completedClaiming, [...claimValues(c), result, id, c.objectIds.length, objectId]);
    if (Number(r?.claimed) === c.objectIds.length) return;
    await undoClaim(this.sql, { ...c, objectIds: (r?.inserted as string[] | undefined) ?? [] });
    throw claimRefused(c.objectIds);
  }

  async markFailed(id: string, error: StoredJobError, tenantId?: string): Promise<void> {
    await this.finish(FINISH_FAILED, [JSON.stringify(error), id], { tenantId, events: ['job.failed', 'write.failed'], alone: ALONE.failed });
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
      return (await this.sql.run(o.alone ?? sql, params)).length === 1;
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
