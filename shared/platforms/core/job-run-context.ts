import { currentRunContext, withRunContext, type JobRunMark } from '../../infra/run-context';

/**
 * The job run a platform call is made from, set by the worker around a write operation
 * (`withJobRun`). The outbound limiter reads it: a write of a job run that would have to wait for
 * its budget is given a reservation and the job is put back on the queue (`RunLaterError`) instead
 * of waiting in its worker slot. The reservation itself lives in Redis under the job id (a member of
 * each budget's reservation set, `window-log.ts`), so it survives the run: the job's next run, on any
 * replica, finds it by the same id. Calls made outside a job run (api requests, OAuth) carry none.
 */
export type JobRunContext = JobRunMark;

/**
 * Runs `fn` (a job's operation) as the job run `jobId`: its platform writes may be deferred. Inside a
 * job's run context (the worker's) the mark is set on that context for the length of `fn`, so the run
 * does not enter a second store; the run's own work is sequential, nothing else of it calls out meanwhile.
 */
export async function withJobRun<T>(jobId: string, fn: () => Promise<T>): Promise<T> {
  const scope = currentRunContext();
  if (!scope || scope.jobRun) return withRunContext({ log: scope?.log ?? {}, jobRun: { jobId } }, fn);
  scope.jobRun = { jobId };
  try {
    return await fn();
  } finally {
    scope.jobRun = undefined;
  }
}

export function currentJobRun(): JobRunContext | undefined {
  return currentRunContext()?.jobRun;
}
