/**
 * One world (app + simulator + users) for the enclosing describe block or file: started before its
 * first test, reset before each test (when `reset` is given), closed after its last. The returned object is filled in place
 * once the world has started, so a test file can hold it in a `const` from the start.
 */
export function worldPerFile<W extends { close(): Promise<void> }>(start: () => Promise<W>, reset?: (w: W) => Promise<unknown>): W {
  const w = {} as W;
  beforeAll(async () => {
    Object.assign(w, await start());
  }, 60_000);
  // Absent when start failed: its own error is the one worth reading.
  afterAll(async () => (typeof w.close === 'function' ? w.close() : undefined));
  if (reset) {
    beforeEach(async () => {
      await reset(w);
    });
  }
  return w;
}
