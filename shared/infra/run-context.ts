import { AsyncLocalStorage } from 'node:async_hooks';

/** Ids that follow one unit of work (a job run) into every log line written while it runs. */
export interface LogContext {
  requestId?: string;
  jobId?: string;
  tenantId?: string;
}

/**
 * The job run a platform call is made from: what the outbound limiter needs to defer a write
 * (shared/platforms/core/job-run-context.ts says how).
 */
export interface JobRunMark {
  /** The job (row) id: the name its reservations are kept under. */
  readonly jobId: string;
  /** Set once a write of this run was let go: its later writes wait for their budget in the slot. */
  sentWrite?: boolean;
}

/** Everything a unit of work (a job run) carries into the code below it without handing it down. */
export interface RunContext {
  /** Ids on every log line written below (the logger's mixin). */
  log: LogContext;
  /** Set around a write operation (`withJobRun`). */
  jobRun?: JobRunMark;
}

/**
 * One store for all of it: every AsyncLocalStorage that is entered adds promise-hook work to each
 * promise made beneath it, so a job run enters this one once instead of one store per concern.
 */
const storage = new AsyncLocalStorage<RunContext>();

export function withRunContext<T>(ctx: RunContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentRunContext(): RunContext | undefined {
  return storage.getStore();
}
