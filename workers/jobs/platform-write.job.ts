import { platformWriteJob } from '../../shared/queues/pipeline-jobs';
import { AppError } from '../../shared/errors/app-error';
import { findWriteOperation } from '../../shared/domain/jobs/write-operations';
import { CheckpointStore } from '../../shared/domain/jobs/checkpoint-store';
import { ImportedEntityWriter } from '../../shared/domain/jobs/entity-writer';
import { claimingCaller, claimingSink } from '../../shared/domain/jobs/job-claim';
import { stableRequestId } from '../../shared/platforms/core/create-once';
import type { WriteContext } from '../../shared/platforms/core/write-operation';
import { defineHandler } from '../job-handler';
import { childLogger } from '../child-logger';
import { onPipelineRow, progressReporter } from './pipeline-job';

/** Runs one registered write operation for the job row named in the payload. */
export const platformWriteHandler = defineHandler({
  job: platformWriteJob,
  tracked: true,
  carriedRow: (p) =>
    p.run && {
      id: p.jobId,
      tenantId: p.tenantId,
      type: 'write',
      operation: p.operation,
      platform: p.run.account.platform,
      account: p.run.account,
      params: p.run.params,
      state: 'queued',
      requestId: p.run.requestId,
    },
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
      const { claim } = ctx;
      const checkpoint = new CheckpointStore(services.infra.orm, row.id, (ctx.job.attemptsStarted ?? 0) <= 1, claim);
      const caller = services.callerFor(row.account);
      const entities = new ImportedEntityWriter(services.infra.orm, { tenantId: row.tenantId, platform: op.platform, adAccountId: row.account.id, jobId: row.id });
      const wctx: WriteContext = {
        jobId: row.id,
        attempt: ctx.job.attemptsMade + 1,
        log: childLogger(ctx.log, op.name, { operation: op.name, platform: op.platform }),
        account: row.account,
        checkpoint,
        caller: claim ? claimingCaller(caller, claim) : caller,
        config: services.infra.config,
        requestId: (step) => stableRequestId(row.id, step),
        progress: progressReporter(ctx, row.id),
        entities: claim ? claimingSink(entities, claim) : entities,
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
