import pRetry from 'p-retry';
import { retrying, type RetryPlan } from '../../../shared/platforms/core/retrying';

/** A call that fails `failures` times (with `make`), then answers 'ok'; it records each attempt. */
function flaky(failures: number, make: (n: number) => Error = (n) => new Error(`fail ${n}`)) {
  let n = 0;
  const fn = async () => {
    n++;
    if (n <= failures) throw make(n);
    return 'ok';
  };
  return { fn, attempts: () => n };
}

type Seen = Array<[attempt: number, left: number, message: string]>;

/** Runs one scenario through `run` (p-retry itself or `retrying`) and says what a caller sees. */
async function outcome(run: typeof retrying, failures: number, plan: Partial<RetryPlan> = {}, make?: (n: number) => Error) {
  const call = flaky(failures, make);
  const seen: Seen = [];
  const settled = await run(call.fn, {
    retries: 3,
    minTimeout: 1,
    maxTimeout: 5,
    factor: 2,
    randomize: true,
    ...plan,
    onFailedAttempt: async (e) => {
      seen.push([e.attemptNumber, e.retriesLeft, e.message]);
      await plan.onFailedAttempt?.(e);
    },
  }).then(
    (value) => ({ value }),
    (err: Error) => ({ error: err.message }),
  );
  return { settled, seen, attempts: call.attempts() };
}

const viaPRetry = ((fn: () => Promise<unknown>, plan: RetryPlan) => pRetry(fn, plan)) as typeof retrying;

describe('retrying: p-retry with the first attempt made before it', () => {
  it.each([
    ['succeeds at once', 0, {}],
    ['succeeds on the third attempt', 2, {}],
    ['gives up after the last retry with the last failure', 9, {}],
    ['with no retries, fails once', 9, { retries: 0 }],
  ] as const)('%s, exactly as p-retry does', async (_name, failures, plan) => {
    const ours = await outcome(retrying, failures, plan);
    expect(ours).toEqual(await outcome(viaPRetry, failures, plan));
    expect(ours.attempts).toBe(Math.min(failures, (plan as Partial<RetryPlan>).retries ?? 3) + 1);
  });

  it('an AbortError ends the call with the error it carries, on the first attempt or a later one', async () => {
    for (const at of [1, 2]) {
      const make = (n: number) => (n === at ? new pRetry.AbortError(new Error(`stop at ${n}`)) : new Error(`fail ${n}`));
      const ours = await outcome(retrying, 5, {}, make);
      expect(ours).toEqual(await outcome(viaPRetry, 5, {}, make));
      expect(ours.settled).toEqual({ error: `stop at ${at}` });
      expect(ours.attempts).toBe(at);
    }
  });

  it('a throwing onFailedAttempt ends the call with what it threw', async () => {
    const plan = { onFailedAttempt: (e: Error & { attemptNumber: number }) => { if (e.attemptNumber === 2) throw new Error('enough'); } };
    const ours = await outcome(retrying, 5, plan);
    expect(ours).toEqual(await outcome(viaPRetry, 5, plan));
    expect(ours.settled).toEqual({ error: 'enough' });
  });

  it('waits the backoff between attempts: the first wait, then the rest of the schedule', async () => {
    const started = Date.now();
    const ours = await outcome(retrying, 2, { minTimeout: 40, maxTimeout: 1_000, factor: 2, randomize: false });
    expect(ours.settled).toEqual({ value: 'ok' });
    // 40 ms, then 80 ms: a lower bound only, so a slow machine cannot fail it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
  });
});
