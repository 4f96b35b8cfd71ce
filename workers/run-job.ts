import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, isAppError, type ErrorCode } from '../shared/errors/app-error';
import type { Services } from '../shared/domain/services';
import { decodeJobError, encodeJobError, storedFailure, toStoredError } from '../shared/domain/jobs/job-errors';
import { ClaimRefused, RunClaim, type ClaimRefusal } from '../shared/domain/jobs/job-claim';
import { StepInFlightError } from '../shared/platforms/core/create-once';
import type { JobContext, JobHandler, RunRow } from './job-handler';
import { randomUUID } from 'node:crypto';
import type { DoneMessage } from '../shared/domain/jobs/job-waiter';
import { withLogContext, type LogContext } from '../shared/infra/log-context';
import { childLogger } from './child-logger';

export { encodeJobError, decodeJobError };

/** Codes that no retry can fix: fail the job at once. */
const UNRECOVERABLE = new Set<ErrorCode>([
  'VALIDATION_FAILED',
  'INVALID_QUERY',
  'PLATFORM_REJECTED',
  'FORBIDDEN',
  'AD_ACCOUNT_NOT_OWNED',
  'AD_ACCOUNT_NOT_VALIDATED',
  'AD_ACCOUNT_NOT_FOUND',
  'CONNECTION_REAUTH_REQUIRED',
  'CONNECTION_NOT_FOUND',
  'NOT_FOUND',
  'JOB_NOT_FOUND',
  'PLATFORM_APP_NOT_CONFIGURED',
  'ALREADY_EXISTS',
  'INTERNAL',
]);

/** Rate-limit delays do not use attempts; this bounds them so a job cannot wait forever. */
export const MAX_RATE_LIMIT_DELAYS = 50;

/**
 * Runs one job: validates the payload, gives an EM (forked on first use) and a child logger, and
 * maps domain errors to BullMQ's retry semantics (unrecoverable, delayed without using an attempt,
 * or retry with backoff).
 * For tracked handlers it mirrors the outcome into the job's Postgres row before BullMQ records it,
 * so whoever is told "completed" can already read the result.
 */
export async function runJob(
  handler: JobHandler,
  job: Job,
  token: string | undefined,
  services: Services,
): Promise<unknown> {
  const data = (job.data ?? {}) as { tenantId?: unknown; operation?: unknown };
  const ctx: LogContext = { jobId: job.id, tenantId: typeof data.tenantId === 'string' ? data.tenantId : undefined };
  const operation = typeof data.operation === 'string' ? data.operation : job.name;
  const startedAt = performance.now();
  let outcome = 'failed';
  try {
    const result = await withLogContext(ctx, () => runJobInContext(handler, job, token, services, ctx));
    outcome = 'completed';
    return result;
  } catch (err) {
    if (err instanceof DelayedError) outcome = 'delayed';
    else if (!(err instanceof UnrecoverableError) && job.attemptsMade + 1 < (job.opts.attempts ?? 1)) outcome = 'retry';
    throw err;
  } finally {
    services.infra.metrics?.jobDuration.observe({ queue: job.queueName, operation, outcome }, (performance.now() - startedAt) / 1000);
  }
}

/** `ctx` is the job's log context: the request id is added once the job row is read. */
async function runJobInContext(handler: JobHandler, job: Job, token: string | undefined, services: Services, ctx: LogContext): Promise<unknown> {
  const attempt = job.attemptsMade + 1;
  const log = childLogger(services.infra.logger, `${job.name}\u0000${attempt}`, { job: job.name, attempt });
  const rows = handler.tracked && job.id ? services.jobs.store : undefined;
  // A finish (completed or failed) drops the lease in its own statement: no release round trip after it.
  let finished = false;
  let jobRow: RunRow | undefined;
  // The api process waiting for this job (if any) hears the outcome once the row holds it.
  const notify = rows ? (job.data as { notify?: unknown } | undefined)?.notify : undefined;
  const tell = async (m: DoneMessage) => {
    if (typeof notify === 'string') await services.infra.redis.publish(notify, JSON.stringify(m)).catch((e: Error) => log.warn({ err: e.message }, 'could not tell the waiting request'));
  };
  /** Records the final failure in the row (which drops the lease) and tells the waiting request. */
  const recordFailure = async (e: AppError) => {
    await rows?.markFailed(job.id!, toStoredError(e), jobRow?.tenantId);
    finished = true;
    await tell({ jobId: job.id!, state: 'failed', error: encodeJobError(e) });
  };
  const fail = async (e: AppError) => {
    await recordFailure(e);
    return new UnrecoverableError(encodeJobError(e));
  };
  const parsed = handler.job.payload.safeParse(job.data);
  if (!parsed.success) {
    log.error({ issues: parsed.error.issues }, 'invalid job payload');
    throw await fail(new AppError('VALIDATION_FAILED', 'Invalid job payload'));
  }
  /** Another run holds the job's lease: this copy waits until it may have ended. */
  const delayCopy = async (waitMs: number): Promise<never> => {
    log.warn({ waitMs }, 'job is running elsewhere (lease held); delaying this copy');
    if (!token) throw new Error('job is running elsewhere');
    await job.moveToDelayed(Date.now() + waitMs + 250, token);
    throw new DelayedError();
  };
  // The lease makes a second copy of a running job wait instead of running alongside it: the
  // reconciler re-adds a job whose queue entry Redis lost while a live worker may still run it.
  const owner = randomUUID();
  const leaseMs = services.infra.config.JOB_LOCK_MS;
  let heartbeat: NodeJS.Timeout | undefined;
  let over = false;
  const keepLease = () => {
    // A claim taken after the run (a write the operation did not wait for) is left to expire.
    if (over) return;
    heartbeat = setInterval(() => void rows!.renewLease(job.id!, owner, leaseMs).catch(() => undefined), Math.max(250, leaseMs / 3));
  };
  let claim: RunClaim | undefined;
  if (rows) {
    // A first start whose queue entry carries its row's run data claims the row with its first
    // write (RunClaim); any other start (a retry, a stalled or re-added job) claims it here.
    const carried = (job.attemptsStarted ?? 0) <= 1 && job.attemptsMade === 0 ? handler.carriedRow?.(parsed.data) : undefined;
    if (carried) {
      jobRow = carried;
      claim = new RunClaim(rows, job.id!, { owner, ms: leaseMs }, keepLease);
    } else {
      const c = await rows.markActive(job.id!, { owner, ms: leaseMs });
      if ('leasedForMs' in c) await delayCopy(c.leasedForMs);
      if ('row' in c) {
        jobRow = c.row;
        keepLease();
      }
    }
  }
  if (jobRow?.requestId) ctx.requestId = jobRow.requestId;
  /**
   * A refused claim ends the run as a refused markActive ends it at the start: nothing of it is
   * recorded; a job that ended meanwhile answers with its row's outcome.
   */
  const refused = async (r: ClaimRefusal): Promise<unknown> => {
    if ('leasedForMs' in r) return delayCopy(r.leasedForMs);
    const row = await rows!.findById(job.id!);
    finished = true;
    if (row?.state === 'completed') {
      await tell({ jobId: job.id!, state: 'completed', result: row.result ?? null });
      return row.result;
    }
    const e = row?.state === 'failed' ? storedFailure(row) : new AppError('JOB_NOT_FOUND', 'Job record not found');
    await tell({ jobId: job.id!, state: 'failed', error: encodeJobError(e) });
    throw new UnrecoverableError(encodeJobError(e));
  };
  /** A run that wrote nothing yet claims before it records its end; the refusal, if refused. */
  const claimToFinish = async (): Promise<ClaimRefusal | undefined> => {
    if (claim && !claim.held && !claim.refusal) {
      await claim.ensure().catch((e: unknown) => {
        if (!(e instanceof ClaimRefused)) throw e;
      });
    }
    return claim?.refusal;
  };
  // Forked on first use: most handlers (every write) never touch it.
  let em: EntityManager | undefined;
  const jobCtx: JobContext = {
    job,
    token,
    services,
    log,
    jobRow,
    claim,
    get em() {
      return (em ??= services.infra.orm.em.fork() as EntityManager);
    },
  };
  let refusedAtEnd: ClaimRefusal | undefined;
  try {
    const result = await handler.handle(jobCtx, parsed.data);
    refusedAtEnd = await claimToFinish();
    if (!refusedAtEnd) {
      await rows?.markCompleted(job.id!, result, jobRow?.tenantId);
      finished = true;
      await tell({ jobId: job.id!, state: 'completed', result: result ?? null });
      return result;
    }
  } catch (err) {
    if (err instanceof DelayedError) throw err;
    if (claim?.refusal) return await refused(claim.refusal);
    // A delay gives back the attempt its start counted; a run that has not claimed counted none.
    const markDelayed = async () => {
      if (!claim || claim.held) await rows?.markWaiting(job.id!, { delayed: true });
    };
    if (err instanceof StepInFlightError && token) {
      log.warn({ step: err.step, untilMs: err.untilMs }, 'an earlier request of this create may still be in flight: delaying the job');
      await markDelayed();
      await job.moveToDelayed(Math.max(err.untilMs, Date.now() + 250), token);
      throw new DelayedError();
    }
    if (err instanceof UnrecoverableError) {
      const refusal = await claimToFinish();
      if (refusal) return await refused(refusal);
      await recordFailure(decodeJobError(err.message));
      throw err;
    }
    const appErr = isAppError(err) ? err : undefined;
    if (!appErr) log.error({ err }, 'job crashed');
    const e = appErr ?? new AppError('PLATFORM_UNAVAILABLE', 'The job failed unexpectedly');
    const delays = (job.attemptsStarted ?? 0) - job.attemptsMade - 1;
    if (e.code === 'PLATFORM_RATE_LIMITED' && token && delays < MAX_RATE_LIMIT_DELAYS) {
      const waitMs = Math.max(250, (e.retryAfter ?? 1) * 1000);
      log.warn({ waitMs }, 'platform rate limit: delaying job without using an attempt');
      await markDelayed();
      await job.moveToDelayed(Date.now() + waitMs, token);
      throw new DelayedError();
    }
    const refusal = await claimToFinish();
    if (refusal) return await refused(refusal);
    if (UNRECOVERABLE.has(e.code)) throw await fail(e);
    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (final) {
      log.warn({ errorCode: e.code }, 'job failed after its last attempt');
      await recordFailure(e);
    } else {
      log.warn({ errorCode: e.code }, 'job failed, will retry');
      await rows?.markWaiting(job.id!);
    }
    throw new Error(encodeJobError(e));
  } finally {
    over = true;
    if (heartbeat) clearInterval(heartbeat);
    if (jobRow && !finished && (!claim || claim.held)) await rows!.releaseLease(job.id!, owner).catch(() => undefined);
  }
  return refused(refusedAtEnd);
}
