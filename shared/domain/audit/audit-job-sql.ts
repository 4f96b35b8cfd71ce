import { AUDIT_COLUMNS, AUDIT_INSERT_COLUMNS, AUDIT_INSERT_VALUES, toAuditView } from './audit-record';
import type { AuditRecordView } from './audit-types';

type Execute = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * The job insert (`insert into jobs … returning id`) and its `accepted` audit record as one
 * statement: the record exists exactly when the job row does, and a write pays no extra round trip.
 * Parameters: the job insert's, then the record's (`insertValues`).
 */
export const withAcceptedRecord = (jobInsert: string) => `with job as (${jobInsert}),
  audited as (insert into audit_records (${AUDIT_INSERT_COLUMNS}) select ${AUDIT_INSERT_VALUES} from job)
  select id from job`;

/**
 * A statement finishing a job (`update jobs … returning`, without its column list) that also ends
 * the job's audit record: `completed` with the object id (one parameter after the update's own), or
 * `failed` with the stored error's code, and the job's finish time. Only an `accepted` record moves,
 * so a repeated finish changes nothing; an import has no record and nothing matches.
 */
export function withFinishedRecord(update: string, jobColumns: string, outcome: 'completed' | 'failed', returning: string): string {
  return `with finished as (${update} ${jobColumns}),
  ${finishedRecord(outcome)}
  select ${returning} from finished`;
}

/** The CTE (`audited`) of withFinishedRecord that ends the record of the job a CTE `finished` returns, for a statement that needs CTEs of its own. */
export function finishedRecord(outcome: 'completed' | 'failed'): string {
  const set = outcome === 'completed' ? `outcome = 'completed', object_id = ?::text` : `outcome = 'failed', error_code = f.error->>'code'`;
  return `audited as (update audit_records a set ${set}, finished_at = f.finished_at
    from finished f where a.job_id = f.id and a.tenant_id = f.tenant_id and a.outcome = 'accepted')`;
}

/** The audit record of a job, read in the caller's unit of work (after its finish, for the `write.*` event). */
export async function auditRecordOfJob(execute: Execute, tenantId: string, jobId: string): Promise<AuditRecordView | undefined> {
  const rows = await execute(`select ${AUDIT_COLUMNS} from audit_records where job_id = ? and tenant_id = ?`, [jobId, tenantId]);
  return rows[0] ? toAuditView(rows[0]) : undefined;
}
