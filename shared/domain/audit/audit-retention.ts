import type { MikroORM } from '@mikro-orm/postgresql';

/** How long records are kept when the tenant has not set `settings.auditRetentionDays`. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 400;
export const MAX_AUDIT_RETENTION_DAYS = 3650;

export interface RetentionPurge {
  /** Records deleted, all tenants together. */
  deleted: number;
  /** Tenants that still have expired records after the batches this run allows (the next run goes on). */
  unfinished: number;
}

// A setting written outside the API's validation (an integer 1..3650) falls back to the default.
const RETENTION_DAYS = `case when t.settings->>'auditRetentionDays' ~ '^[0-9]{1,4}$'
      and (t.settings->>'auditRetentionDays')::int between 1 and ${MAX_AUDIT_RETENTION_DAYS}
    then (t.settings->>'auditRetentionDays')::int else ${DEFAULT_AUDIT_RETENTION_DAYS} end`;

/** Tenants holding at least one record past their retention (an index probe each, on `audit_records_tenant_time`). */
const EXPIRED_TENANTS = `select t.id, ${RETENTION_DAYS} as days from tenants t
  where exists (select 1 from audit_records a where a.tenant_id = t.id and a.created_at < now() - make_interval(days => ${RETENTION_DAYS}))`;

const DELETE_BATCH = `delete from audit_records where id in (
    select id from audit_records where tenant_id = ? and created_at < now() - make_interval(days => ?) order by created_at limit ?)
  returning id`;

/**
 * Deletes each tenant's records older than its retention, oldest first, `batch` rows per statement
 * and at most `maxBatches` statements per tenant per run, so one run never holds a long lock or
 * transaction; what is left waits for the next (hourly) run.
 */
export async function purgeExpiredAuditRecords(orm: MikroORM, opts: { batch?: number; maxBatches?: number } = {}): Promise<RetentionPurge> {
  const batch = opts.batch ?? 1000;
  const maxBatches = opts.maxBatches ?? 50;
  const conn = orm.em.getConnection();
  const tenants = (await conn.execute(EXPIRED_TENANTS)) as { id: string; days: number }[];
  let deleted = 0;
  let unfinished = 0;
  for (const t of tenants) {
    let n = batch;
    let runs = 0;
    while (n === batch && runs < maxBatches) {
      n = ((await conn.execute(DELETE_BATCH, [t.id, Number(t.days), batch])) as unknown[]).length;
      deleted += n;
      runs++;
    }
    if (n === batch) unfinished++;
  }
  return { deleted, unfinished };
}
