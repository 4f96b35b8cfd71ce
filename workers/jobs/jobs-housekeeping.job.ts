import type { MikroORM } from '@mikro-orm/postgresql';
import { jobsHousekeepingJob } from '../../shared/queues/pipeline-jobs';
import { purgeExpiredKeys } from '../../shared/domain/jobs/idempotency';
import { purgeExpiredAuditRecords } from '../../shared/domain/audit/audit-retention';
import { defineHandler, type JobHandler } from '../job-handler';

/**
 * Drops idempotency keys past their 24 h, and checkpoints and create claims of jobs finished over a
 * week ago (no crash lookup looks that far back: its window starts at its own step's first send),
 * the rows of report jobs finished over a week ago (a report is read soon after it is made; an
 * older one is asked for again), and audit records past their tenant's retention (docs/audit.md).
 */
export const jobsHousekeepingHandler = ({ orm }: { orm: MikroORM }): JobHandler =>
  defineHandler({
    job: jobsHousekeepingJob,
    handle: async () => {
      const keys = await purgeExpiredKeys(orm);
      const rows = await orm.em.getConnection().execute(
        `delete from job_checkpoints c using jobs j
         where j.id = c.job_id and j.state in ('completed', 'failed') and j.finished_at < now() - interval '7 days'
         returning c.job_id`,
      );
      const claims = await orm.em.getConnection().execute(
        `delete from create_claims c
         where c.claimed_at < now() - interval '7 days'
           and not exists (select 1 from jobs j where j.id = c.job_id and j.state in ('queued', 'active'))
         returning c.object_id`,
      );
      const reports = await orm.em.getConnection().execute(
        `with gone as (delete from imported_entities e using jobs j
           where e.platform = 'report' and e.ad_account_id = j.id::text and j.type = 'report'
             and j.state in ('completed', 'failed') and j.finished_at < now() - interval '7 days'
           returning 1) select count(*)::int as n from gone`,
      );
      const audit = await purgeExpiredAuditRecords(orm);
      return {
        expiredKeys: keys,
        checkpoints: (rows as unknown[]).length,
        claims: (claims as unknown[]).length,
        reportRows: (reports as Array<{ n: number }>)[0]?.n ?? 0,
        auditRecords: audit.deleted,
      };
    },
  });
