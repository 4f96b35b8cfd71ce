import { jobsHousekeepingJob } from '../../shared/queues/pipeline-jobs';
import { purgeExpiredKeys } from '../../shared/domain/jobs/idempotency';
import { defineHandler } from '../job-handler';

/** Drops idempotency keys past their 24 h and checkpoints of jobs finished over a week ago. */
export const jobsHousekeepingHandler = defineHandler({
  job: jobsHousekeepingJob,
  handle: async ({ services }) => {
    const keys = await purgeExpiredKeys(services.infra.orm);
    const rows = await services.infra.orm.em.getConnection().execute(
      `delete from job_checkpoints c using jobs j
       where j.id = c.job_id and j.state in ('completed', 'failed') and j.finished_at < now() - interval '7 days'
       returning c.job_id`,
    );
    return { expiredKeys: keys, checkpoints: (rows as unknown[]).length };
  },
});
