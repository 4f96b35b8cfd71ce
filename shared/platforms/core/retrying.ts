import pRetry from 'p-retry';

type Attempted = Error & { attemptNumber: number; retriesLeft: number };

export interface RetryPlan {
  retries: number;
  minTimeout: number;
  maxTimeout: number;
  factor: number;
  randomize: boolean;
  /** As p-retry's: sees each retried failure with its attemptNumber and retriesLeft; throwing ends the call. */
  onFailedAttempt(error: Attempted): void | Promise<void>;
}

/**
 * p-retry, with the first attempt made before it. p-retry plans every retry (jittered timeouts,
 * deep-copied by `retry`) before its first attempt, a cost each platform call paid although nearly
 * every call succeeds at once. The first failure is treated as p-retry treats it, then p-retry runs
 * the remaining attempts on the rest of the same schedule (its first wait is the plan's second).
 */
export function retrying<T>(attempt: () => Promise<T>, plan: RetryPlan): Promise<T> {
  // The first attempt is chained rather than awaited in an async frame: every platform call makes it.
  let first: Promise<T>;
  try {
    first = attempt();
  } catch (error) {
    first = Promise.reject(error as Error);
  }
  return first.catch((error: unknown) => retryAfterFirst(attempt, plan, error));
}

/** The first attempt failed: treated as p-retry treats it, then p-retry runs the remaining attempts. */
async function retryAfterFirst<T>(attempt: () => Promise<T>, plan: RetryPlan, error: unknown): Promise<T> {
  if (error instanceof pRetry.AbortError) throw error.originalError;
  if (!(error instanceof Error)) throw new TypeError(`Non-error was thrown: "${String(error)}". You should only throw errors.`);
  if (error instanceof TypeError) throw error;
  await plan.onFailedAttempt(Object.assign(error, { attemptNumber: 1, retriesLeft: plan.retries }));
  if (plan.retries <= 0) throw error;
  const firstWait = Math.min(plan.minTimeout * (plan.randomize ? 1 + Math.random() : 1), plan.maxTimeout);
  await new Promise((r) => setTimeout(r, Math.round(firstWait)));
  return pRetry(attempt, {
    ...plan,
    retries: plan.retries - 1,
    minTimeout: plan.minTimeout * plan.factor,
    // retriesLeft already matches (one retry fewer, one attempt later); the attempt number is one on.
    onFailedAttempt: (e) => plan.onFailedAttempt(Object.assign(e, { attemptNumber: e.attemptNumber + 1 })),
  });
}
