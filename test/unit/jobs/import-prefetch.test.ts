import { prefetched } from '../../../shared/domain/jobs/import-runner';

/** What a paged platform source and the database writer did, in the order they did it. */
function pagedSource(pages: number, log: string[]) {
  return (async function* () {
    try {
      for (let n = 1; n <= pages; n++) {
        log.push(`fetch ${n}`);
        await Promise.resolve();
        yield n;
      }
    } finally {
      log.push('source closed');
    }
  })();
}

describe('import paging overlapped with database writes', () => {
  it('fetches page n + 1 while page n is written, and never more than one page ahead', async () => {
    const log: string[] = [];
    for await (const page of prefetched(pagedSource(3, log))) {
      log.push(`write ${page}`);
      await new Promise((r) => setImmediate(r));
      log.push(`written ${page}`);
    }
    expect(log.indexOf('fetch 2')).toBeLessThan(log.indexOf('written 1'));
    expect(log.indexOf('fetch 3')).toBeGreaterThan(log.indexOf('written 1'));
    expect(log.indexOf('fetch 3')).toBeLessThan(log.indexOf('written 2'));
    expect(log.filter((l) => l.startsWith('write '))).toEqual(['write 1', 'write 2', 'write 3']);
    expect(log.filter((l) => l === 'source closed')).toHaveLength(1);
  });

  it('a failed write stops the paging and closes the source', async () => {
    const log: string[] = [];
    const run = async () => {
      for await (const page of prefetched(pagedSource(10, log))) {
        if (page === 2) throw new Error('database down');
      }
    };
    await expect(run()).rejects.toThrow('database down');
    expect(log).toEqual(['fetch 1', 'fetch 2', 'fetch 3', 'source closed']);
  });
});
