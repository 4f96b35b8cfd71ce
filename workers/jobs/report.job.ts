import { UnrecoverableError } from 'bullmq';
import { reportJob } from '../../shared/queues/pipeline-jobs';
import { AppError } from '../../shared/errors/app-error';
import { encodeJobError, storedFailure } from '../../shared/domain/jobs/job-errors';
import type { JobStore } from '../../shared/domain/jobs/job-store';
import type { ReportJobRunner } from '../../shared/domain/reports/report-jobs';
import { defineHandler, type JobHandler } from '../job-handler';
import { progressReporter } from './pipeline-job';

/**
 * Runs a cross-platform report too big to answer directly (docs/reports.md): its row names the
 * guarded accounts and the query; the rows become the job's entities. Like an import, a row that is
 * missing or another tenant's never runs, and a finished one is not run again.
 */
export const reportHandler = ({ store, runner }: { store: JobStore; runner: ReportJobRunner }): JobHandler =>
  defineHandler({
    job: reportJob,
    tracked: true,
    handle: async (ctx, payload) => {
      const row = ctx.jobRow ?? (await store.findById(payload.jobId));
      if (!row || row.tenantId !== payload.tenantId || row.type !== 'report') {
        throw new UnrecoverableError(encodeJobError(new AppError('JOB_NOT_FOUND', 'Job record not found')));
      }
      if (row.state === 'completed') return row.result;
      if (row.state === 'failed') throw new UnrecoverableError(encodeJobError(storedFailure(row)));
      const started = Date.now();
      const result = await runner.run(row, progressReporter(store, ctx, row.id));
      ctx.log.info({ rows: result.rows, accountErrors: result.errors.length, ms: Date.now() - started }, 'report finished');
      return result;
    },
  });
