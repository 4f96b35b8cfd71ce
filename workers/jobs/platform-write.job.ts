import { platformWriteJob } from '../../shared/queues/pipeline-jobs';
import { AppError } from '../../shared/errors/app-error';
import type { Config } from '../../shared/infra/config';
import type { CreateLookupSettings } from '../../shared/domain/jobs/create-lookup-setting';
import type { WriteOperationLookup } from '../../shared/domain/jobs/write-operations';
import { CheckpointStore } from '../../shared/domain/jobs/checkpoint-store';
import { ImportedEntityWriter } from '../../shared/domain/jobs/entity-writer';
import { claimingCaller, claimingSink } from '../../shared/domain/jobs/job-claim';
import { DeferredClaims, flushingCaller, flushingCheckpoints, flushingSink } from '../../shared/domain/jobs/deferred-claims';
import { stableRequestId } from '../../shared/platforms/core/create-once';
import { withJobRun } from '../../shared/platforms/core/job-run-context';
import type { WriteContext } from '../../shared/platforms/core/write-operation';
import { defineHandler, type JobHandler } from '../job-handler';
import { childLogger } from '../child-logger';
import { onPipelineRow, progressReporter, type PipelineDeps } from './pipeline-job';

/**
 * What a write uses besides the pipeline's deps: the settings, what its creates need of the database,
 * and the lookup of the operation its row names (the jobs service's).
 */
export type PlatformWriteDeps = PipelineDeps & { config: Config; creates: Pick<CreateLookupSettings, 'forJob'>; writeOperations: WriteOperationLookup };

/** Runs one registered write operation for the job row named in the payload. */
export const platformWriteHandler = ({ store, orm, callerFor, config, creates, writeOperations }: PlatformWriteDeps): JobHandler =>
  defineHandler({
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
      onPipelineRow(store, ctx, payload, async (row) => {
        const op = writeOperations(row.operation);
        if (!op) throw new AppError('INTERNAL', `Unknown write operation ${row.operation}`);
        let params: unknown = row.params ?? {};
        if (op.params) {
          const parsed = op.params.safeParse(params);
          if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Invalid operation parameters');
          params = parsed.data;
        }
        const { claim } = ctx;
        const checkpoint = new CheckpointStore(orm, row.id, ctx.firstRun, claim);
        const caller = callerFor(row.account);
        const entities = new ImportedEntityWriter(orm, { tenantId: row.tenantId, platform: op.platform, adAccountId: row.account.id, jobId: row.id });
        const job = creates.forJob(row.id, row.account);
        // A create's claim on what it made rides with the run's next write, the job's completion at best.
        const claims = new DeferredClaims(job.claims);
        const progress = progressReporter(store, ctx, row.id);
        const wctx: WriteContext = {
          jobId: row.id,
          attempt: ctx.job.attemptsMade + 1,
          log: childLogger(ctx.log, op.name, { operation: op.name, platform: op.platform }),
          account: row.account,
          checkpoint: flushingCheckpoints(checkpoint, claims),
          caller: flushingCaller(claim ? claimingCaller(caller, claim) : caller, claims),
          config,
          requestId: (step) => stableRequestId(row.id, step),
          claims,
          createLookup: job.createLookup,
          progress: async (value) => {
            await claims.flush();
            return progress(value);
          },
          entities: flushingSink(claim ? claimingSink(entities, claim) : entities, claims),
        };
        try {
          // As a job run: a write that must wait for its budget is sent back with a reservation (RunLaterError).
          const result = await withJobRun(row.id, () => op.run(wctx, params as Record<string, unknown>));
          ctx.completion.claim = await claims.forCompletion();
          return result;
        } catch (e) {
          // A refused claim ends the job (CREATE_UNCONFIRMED): nothing it learnt is kept.
          await claims.flush();
          // A run that does not complete keeps what it learnt (a created id) for the next one.
          await checkpoint.flush().catch((err: Error) => wctx.log.warn({ err: err.message }, 'could not save checkpoints'));
          throw e;
        }
      }),
  });
