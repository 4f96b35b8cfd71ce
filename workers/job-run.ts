import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, isAppError } from '../shared/errors/app-error';
import { jobDisposition } from '../shared/errors/job-disposition';
import { RunLaterError } from '../shared/errors/run-later';
import { StepInFlightError } from '../shared/platforms/core/create-once';
import { decodeJobError, encodeJobError, storedFailure, toStoredError } from '../shared/domain/jobs/job-errors';
import { ClaimRefused, RunClaim, type ClaimRefusal } from '../shared/domain/jobs/job-claim';
import type { JobStore } from '../shared/domain/jobs/job-store';
import type { DoneMessage } from '../shared/domain/jobs/job-waiter';
import type { LogContext } from '../shared/infra/log-context';
import type { Logger } from '../shared/infra/logger';
import type { InfraDeps } from '../shared/infra/infra-deps';
import type { JobContext, JobHandler, RunRow } from './job-handler';
import { admitAll, outcomeOf, type Admission, type AdmissionGate } from './admission';
import { RowLease } from './job-lease';
import { childLogger } from './child-logger';
import { countRunNote, isFirstRun, payloadOf, runNotes } from './run-notes';

/** What the runner itself uses (a handler's own dependencies are given to it when it is built). */
export interface RunnerDeps {
  /** The job rows of tracked handlers. */
  store: JobStore;
  orm: InfraDeps['orm'];
  /** Publishes the outcome to the api process waiting for it. */
  redis: Pick<InfraDeps['redis'], 'publish'>;
  logger: Logger;
  /** How long a run's lease on its row lasts without a renewal (JOB_LOCK_MS). */
  leaseMs: number;
}

/** Rate-limit delays do not use attempts; this bounds them so a job cannot wait forever. */
export const MAX_RATE_LIMIT_DELAYS = 50;

/** The shortest time a job is put back for. */
const MIN_PUT_BACK_MS = 50;

/** A tracked run's row: its id, where it is stored, and the run's lease on it. */
type TrackedRow = { store: JobStore; id: string; lease: RowLease };

/** What the handler's work came to: a result to settle, or a claim refused at the end. */
type Worked = { result: unknown } | { refused: ClaimRefusal };

/**
 * One run of one job, in steps: parse the payload, pass the queue's admission gates, claim the row
 * (or lease it), run the handler, then settle the success or the failure in the row and in BullMQ's
 * terms (completed; failed for good; put back without using an attempt; retried with backoff).
 * Untracked handlers skip everything about the row.
 */
export class JobRun {
  private readonly log: Logger;
  private readonly tracked?: TrackedRow;
  /** The api process waiting for this job (if any) hears the outcome once the row holds it. */
  private readonly notify?: string;
  private row?: RunRow;
  private claim?: RunClaim;
  /** A finish (completed or failed) drops the lease in its own statement: no release after it. */
  private finished = false;
  private em?: EntityManager;
  private readonly completion: JobContext['completion'] = {};

  constructor(
    private readonly handler: JobHandler,
    private readonly job: Job,
    private readonly token: string | undefined,
    private readonly deps: RunnerDeps,
    private readonly gates: readonly AdmissionGate[],
    /** The job's log context: the request id is added once the row is known. */
    private readonly logContext: LogContext,
  ) {
    const attempt = job.attemptsMade + 1;
    this.log = childLogger(deps.logger, `${job.name}\u0000${attempt}`, { job: job.name, attempt });
    if (handler.tracked && job.id) {
      this.tracked = { store: deps.store, id: job.id, lease: new RowLease(deps.store, job.id, deps.leaseMs) };
      const notify = (job.data as { notify?: unknown } | undefined)?.notify;
      if (typeof notify === 'string') this.notify = notify;
    }
  }

  async run(): Promise<unknown> {
    const payload = await this.parse();
    const admission = await this.admit(payload);
    try {
      const result = await this.runAdmitted(payload);
      await admission.release('completed');
      return result;
    } catch (err) {
      await admission.release(outcomeOf(err, this.job));
      throw err;
    }
  }

  /** The payload, by the handler's schema; one that does not parse fails the job for good. */
  private async parse(): Promise<unknown> {
    const parsed = this.handler.job.payload.safeParse(payloadOf(this.job.data));
    if (parsed.success) return parsed.data;
    this.log.error({ issues: parsed.error.issues }, 'invalid job payload');
    throw await this.failForGood(new AppError('VALIDATION_FAILED', 'Invalid job payload'));
  }

  /** The queue's gates; a bounce puts the job back before anything is claimed or written. */
  private async admit(payload: unknown): Promise<Admission> {
    try {
      return await admitAll(this.gates, { jobId: this.job.id ?? '', payload });
    } catch (err) {
      if (err instanceof RunLaterError && this.token) {
        this.log.debug({ reason: err.reason, untilMs: err.untilMs }, 'not admitted yet: putting the job back');
        // Counted, so the next start still knows that no run of the job did anything yet.
        await countRunNote(this.job, 'bounces');
        return this.putBack(this.token, err.untilMs);
      }
      throw err;
    }
  }

  private async runAdmitted(payload: unknown): Promise<unknown> {
    await this.claimOrLease(payload);
    if (this.row?.requestId) this.logContext.requestId = this.row.requestId;
    let worked: Worked;
    try {
      worked = await this.work(payload);
    } catch (err) {
      return await this.settleFailure(err);
    } finally {
      await this.endRun();
    }
    return 'refused' in worked ? this.settleRefused(worked.refused) : worked.result;
  }

  /**
   * Takes the row. A first start whose queue entry carries its row's run data claims the row with
   * its first write (RunClaim); any other start (a retry, a stalled or re-added job) claims it here.
   */
  private async claimOrLease(payload: unknown): Promise<void> {
    const t = this.tracked;
    if (!t) return;
    const carried = isFirstRun(this.job) && this.job.attemptsMade === 0 ? this.handler.carriedRow?.(payload) : undefined;
    if (carried) {
      this.row = carried;
      this.claim = new RunClaim(t.store, t.id, t.lease.terms, () => t.lease.keepAlive());
      return;
    }
    const c = await t.store.markActive(t.id, t.lease.terms);
    if ('leasedForMs' in c) await this.delayCopy(c.leasedForMs);
    if ('row' in c) {
      this.row = c.row;
      t.lease.keepAlive();
    }
  }

  /** The handler's work; unless the claim is refused at its end, the success is settled. */
  private async work(payload: unknown): Promise<Worked> {
    const result = await this.handler.handle(this.context(), payload);
    const refused = await this.claimToFinish();
    if (refused) return { refused };
    await this.settleSuccess(result);
    return { result };
  }

  private context(): JobContext {
    const em = () => (this.em ??= this.deps.orm.em.fork() as EntityManager);
    return {
      job: this.job,
      token: this.token,
      log: this.log,
      jobRow: this.row,
      claim: this.claim,
      completion: this.completion,
      firstRun: isFirstRun(this.job),
      // Forked on first use: most handlers (every write) never touch it.
      get em() {
        return em();
      },
    };
  }

  /** The row holds the outcome (its lease dropped in the same statement); then the waiting request is told. */
  private async settleSuccess(result: unknown): Promise<void> {
    const t = this.tracked;
    if (t) await t.store.markCompleted(t.id, result, this.row?.tenantId, this.completion.claim);
    this.finished = true;
    await this.tell({ jobId: this.jobId, state: 'completed', result: result ?? null });
  }

  /**
   * What the error means for the job. A `RunLaterError` puts it back, with no cap; an error of the
   * handler's own making is classified by its code (`jobDisposition`).
   */
  private async settleFailure(err: unknown): Promise<unknown> {
    if (err instanceof DelayedError) throw err;
    if (this.claim?.refusal) return this.settleRefused(this.claim.refusal);
    if (err instanceof RunLaterError && this.token) return this.runLater(err, this.token);
    if (err instanceof UnrecoverableError) return this.settleUnrecoverable(err);
    const e = this.appErrorOf(err);
    const disposition = jobDisposition(e.code);
    if (disposition === 'delay' && this.token && runNotes(this.job).rateLimitDelays < MAX_RATE_LIMIT_DELAYS) return this.delayForRateLimit(e, this.token);
    const refusal = await this.claimToFinish();
    if (refusal) return this.settleRefused(refusal);
    if (disposition === 'end') throw await this.failForGood(e);
    if (this.lastAttempt()) {
      this.log.warn({ errorCode: e.code }, 'job failed after its last attempt');
      await this.recordFailure(e);
    } else {
      this.log.warn({ errorCode: e.code }, 'job failed, will retry');
      if (this.tracked) await this.tracked.store.markWaiting(this.tracked.id);
    }
    throw new Error(encodeJobError(e));
  }

  /** The handler ended the job itself: its error is recorded, unless the claim is refused first. */
  private async settleUnrecoverable(err: UnrecoverableError): Promise<unknown> {
    const refusal = await this.claimToFinish();
    if (refusal) return this.settleRefused(refusal);
    await this.recordFailure(decodeJobError(err.message));
    throw err;
  }

  private async runLater(err: RunLaterError, token: string): Promise<never> {
    // A wait for a budget is routine (a backlog defers every job once); a create still in flight after a crash is not.
    const level = err instanceof StepInFlightError ? 'warn' : 'debug';
    this.log[level]({ reason: err.reason, untilMs: err.untilMs, err: err.message }, 'the job cannot go on yet: putting it back on the queue');
    await this.markDelayed(err instanceof StepInFlightError ? undefined : { until: err.untilMs, reason: err.reason });
    return this.putBack(token, err.untilMs);
  }

  private async delayForRateLimit(e: AppError, token: string): Promise<never> {
    const waitMs = Math.max(250, (e.retryAfter ?? 1) * 1000);
    this.log.warn({ waitMs }, 'platform rate limit: delaying job without using an attempt');
    await this.markDelayed({ until: Date.now() + waitMs, reason: 'the platform answered that its rate limit was reached' });
    await countRunNote(this.job, 'rateLimitDelays');
    return this.putBack(token, Date.now() + waitMs);
  }

  /**
   * A delay gives back the attempt its start counted; a run that has not claimed counted none. A
   * wait for a rate limit is kept on the row by the same statement, for the job's timeline.
   */
  private async markDelayed(rateLimit?: { until: number; reason: string }): Promise<void> {
    const t = this.tracked;
    const rateLimitWait = rateLimit && { at: new Date().toISOString(), until: new Date(rateLimit.until).toISOString(), reason: rateLimit.reason };
    if (t && (!this.claim || this.claim.held)) await t.store.markWaiting(t.id, { delayed: true, rateLimitWait });
  }

  /** Another run holds the job's lease: this copy waits until it may have ended. */
  private async delayCopy(waitMs: number): Promise<never> {
    this.log.warn({ waitMs }, 'job is running elsewhere (lease held); delaying this copy');
    if (!this.token) throw new Error('job is running elsewhere');
    return this.putBack(this.token, Date.now() + waitMs + 250);
  }

  /** Back on the queue until `untilMs`, without using an attempt. */
  private async putBack(token: string, untilMs: number): Promise<never> {
    await this.job.moveToDelayed(Math.max(untilMs, Date.now() + MIN_PUT_BACK_MS), token);
    throw new DelayedError();
  }

  /**
   * A refused claim ends the run as a refused markActive ends it at the start: nothing of it is
   * recorded; a job that ended meanwhile answers with its row's outcome.
   */
  private async settleRefused(r: ClaimRefusal): Promise<unknown> {
    if ('leasedForMs' in r) return this.delayCopy(r.leasedForMs);
    const row = this.tracked ? await this.tracked.store.findById(this.tracked.id) : undefined;
    this.finished = true;
    if (row?.state === 'completed') {
      await this.tell({ jobId: this.jobId, state: 'completed', result: row.result ?? null });
      return row.result;
    }
    const e = row?.state === 'failed' ? storedFailure(row) : new AppError('JOB_NOT_FOUND', 'Job record not found');
    await this.tell({ jobId: this.jobId, state: 'failed', error: encodeJobError(e) });
    throw new UnrecoverableError(encodeJobError(e));
  }

  /** A run that wrote nothing yet claims before it records its end; the refusal, if refused. */
  private async claimToFinish(): Promise<ClaimRefusal | undefined> {
    const claim = this.claim;
    if (claim && !claim.held && !claim.refusal) {
      await claim.ensure().catch((e: unknown) => {
        if (!(e instanceof ClaimRefused)) throw e;
      });
    }
    return claim?.refusal;
  }

  /** Records the failure for good and gives the error that tells BullMQ not to retry. */
  private async failForGood(e: AppError): Promise<UnrecoverableError> {
    await this.recordFailure(e);
    return new UnrecoverableError(encodeJobError(e));
  }

  /** Records the final failure in the row (which drops the lease) and tells the waiting request. */
  private async recordFailure(e: AppError): Promise<void> {
    if (this.tracked) await this.tracked.store.markFailed(this.tracked.id, toStoredError(e), this.row?.tenantId);
    this.finished = true;
    await this.tell({ jobId: this.jobId, state: 'failed', error: encodeJobError(e) });
  }

  /** The run is over: the heartbeat stops, and a lease that no finishing statement dropped is released. */
  private async endRun(): Promise<void> {
    const t = this.tracked;
    if (!t) return;
    t.lease.stop();
    if (this.row && !this.finished && (!this.claim || this.claim.held)) await t.lease.release();
  }

  private async tell(m: DoneMessage): Promise<void> {
    if (!this.notify) return;
    await this.deps.redis.publish(this.notify, JSON.stringify(m)).catch((e: Error) => this.log.warn({ err: e.message }, 'could not tell the waiting request'));
  }

  private appErrorOf(err: unknown): AppError {
    if (isAppError(err)) return err;
    this.log.error({ err }, 'job crashed');
    return new AppError('PLATFORM_UNAVAILABLE', 'The job failed unexpectedly');
  }

  private lastAttempt(): boolean {
    return this.job.attemptsMade + 1 >= (this.job.opts.attempts ?? 1);
  }

  private get jobId(): string {
    return this.job.id ?? '';
  }
}
