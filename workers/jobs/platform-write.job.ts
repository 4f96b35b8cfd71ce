import { platformWriteJob } from '../../shared/queues/pipeline-jobs';
import { AppError } from '../../shared/errors/app-error';
import { findWriteOperation } from '../../shared/domain/jobs/write-operations';
import { CheckpointStore } from '../../shared/domain/jobs/checkpoint-store';
import { ImportedEntityWriter } from '../../shared/domain/jobs/entity-writer';
import { stableRequestId } from '../../shared/platforms/core/create-once';
import type { WriteContext } from '../../shared/platforms/core/write-operation';
import { defineHandler } from '../job-handler';
import { onPipelineRow, progressReporter } from './pipeline-job';

/** Runs one registered write operation for the job row named in the payload. */
export const platformWriteHandler = defineHandler({
  job: platformWriteJob,
  tracked: true,
  handle: (ctx, payload) =>
    onPipelineRow(ctx, payload, async (row) => {
      const { services } = ctx;
      const op = findWriteOperation(row.operation);
      if (!op) throw new AppError('INTERNAL', `Unknown write operation ${row.operation}`);
      let params: unknown = row.params ?? {};
      if (op.params) {
        const parsed = op.params.safeParse(params);
        if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Invalid operation parameters');
        params = parsed.data;
      }
      // attemptsStarted counts every start, stalled ones included: 1 means no earlier run left checkpoints.
      const checkpoint = new CheckpointStore(services.infra.orm, row.id, (ctx.job.attemptsStarted ?? 0) <= 1);
      const wctx: WriteContext = {
        jobId: row.id,
        attempt: ctx.job.attemptsMade + 1,
        log: ctx.log.child({ operation: op.name, platform: op.platform }),
        account: row.account,
        checkpoint,
        caller: services.callerFor(row.account),
        config: services.infra.config,
        requestId: (step) => stableRequestId(row.id, step),
        progress: progressReporter(ctx, row.id),
        entities: new ImportedEntityWriter(services.infra.orm, { tenantId: row.tenantId, platform: op.platform, adAccountId: row.account.id, jobId: row.id }),
      };
      try {
        return await op.run(wctx, params as Record<string, unknown>);
      } catch (e) {
        // A run that does not complete keeps what it learnt (a created id) for the next one.
        await checkpoint.flush().catch((err: Error) => wctx.log.warn({ err: err.message }, 'could not save checkpoints'));
        throw e;
      }
    }),
});
