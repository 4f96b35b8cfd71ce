/**
 * Polls `check` until `done` accepts its value or `timeoutMs` passes, and returns the last value
 * seen, so the caller's expectation reports it. For effects that cross a process or a pub/sub
 * channel: a fixed sleep before the check passes or fails with machine load, this does not.
 */
export async function eventually<T>(check: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 5_000, stepMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
