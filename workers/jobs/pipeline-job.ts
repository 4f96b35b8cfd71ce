import { UnrecoverableError } from 'bullmq';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors/app-error';
import { encodeJobError, storedFailure } from '../../shared/domain/jobs/job-errors';
import type { JobStore } from '../../shared/domain/jobs/job-store';
import type { CallerFor } from '../../shared/platforms/core/caller';
import type { JobAccountSnapshot } from '../../shared/persistence/entities/job.entity';
import type { JobContext, RunRow } from '../job-handler';

export type PipelineRow = RunRow & { account: JobAccountSnapshot };

/** What the write and import handlers use: the job rows, the ORM for their step and entity rows, and the caller factory. */
export interface PipelineDeps {
  store: JobStore;
  orm: MikroORM;
  callerFor: CallerFor;
}

/**
 * Runs a write or import on the job's row. A row that is missing, of another tenant or without its
 * account can never succeed, so no retry; a row already completed (a crash cut BullMQ's bookkeeping
 * short) answers with its stored result instead of running again, and a failed one is not run.
 */
export async function onPipelineRow(
  store: JobStore,
  ctx: JobContext,
  payload: { jobId: string; tenantId: string },
  run: (row: PipelineRow) => Promise<unknown>,
): Promise<unknown> {
  const row = ctx.jobRow ?? (await store.findById(payload.jobId));
  if (!row || row.tenantId !== payload.tenantId || !row.account) {
    throw new UnrecoverableError(encodeJobError(new AppError('JOB_NOT_FOUND', 'Job record not found')));
  }
  if (row.state === 'completed') return row.result;
  // A failed row never runs: e.g. a request that could not queue it answered 503 and failed it, and
  // its add reached Redis afterwards.
  if (row.state === 'failed') throw new UnrecoverableError(encodeJobError(storedFailure(row)));
  return run(row as PipelineRow);
}

/** Progress goes to BullMQ (for its UI) and to the row (what polls read). */
export const progressReporter = (store: JobStore, ctx: JobContext, rowId: string) => async (progress: unknown) => {
  await ctx.claim?.ensure();
  await ctx.job.updateProgress(progress as object);
  await store.setProgress(rowId, progress);
};
