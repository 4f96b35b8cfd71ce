import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The job run a platform call is made from, set by the worker around a write operation
 * (`withJobRun`). The outbound limiter reads it: a write of a job run that would have to wait for
 * its budget is given a reservation and the job is put back on the queue (`RunLaterError`) instead
 * of waiting in its worker slot. The reservation itself lives in Redis under the job id (a member of
 * each budget's reservation set, `window-log.ts`), so it survives the run: the job's next run, on any
 * replica, finds it by the same id. Calls made outside a job run (api requests, OAuth) carry none.
 */
export interface JobRunContext {
  /** The job (row) id: the name its reservations are kept under. */
  readonly jobId: string;
  /**
   * Set once a write of this run was let go: the run's later writes (a multi-step create) wait for
   * their budget in the slot, as before, so a job is never sent back between two of its calls.
   */
  sentWrite?: boolean;
}

const storage = new AsyncLocalStorage<JobRunContext>();

/** Runs `fn` (a job's operation) as the job run `jobId`: its platform writes may be deferred. */
export function withJobRun<T>(jobId: string, fn: () => T): T {
  return storage.run({ jobId }, fn);
}

export function currentJobRun(): JobRunContext | undefined {
  return storage.getStore();
}
