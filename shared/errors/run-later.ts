/**
 * Thrown by a job's work when it cannot go on now but surely can at `untilMs` (an account's budget
 * has room then, an earlier request of a create has surely ended, an earlier write to the same
 * object has finished). The job runner puts the job back on the queue until then: no attempt is
 * used and there is no limit on how often, because waiting is not failing.
 */
export class RunLaterError extends Error {
  constructor(
    readonly untilMs: number,
    /** Why, for the log line (a few words). */
    readonly reason: string,
    message = `run later: ${reason}`,
  ) {
    super(message);
    this.name = 'RunLaterError';
  }
}

export const isRunLater = (e: unknown): e is RunLaterError => e instanceof RunLaterError;
