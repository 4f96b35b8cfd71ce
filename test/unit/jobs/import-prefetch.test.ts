import { prefetched, runImport, type ImportWriter } from '../../../shared/domain/jobs/import-runner';
import type { ImportContext, ImportSource } from '../../../shared/platforms/core/import-source';

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

  it('a page handed out by the source holds no parsed record once it is encoded, so only its text waits for the database', async () => {
    const handedOut: Record<string, unknown>[][] = [];
    const source: ImportSource = {
      platform: 'test',
      levels: [
        {
          level: 'campaign',
          idOf: (r) => String(r.id),
          async *pages() {
            for (let n = 0; n < 3; n++) {
              const rows = [{ id: `c${n}a`, name: 'x' }, { id: `c${n}b`, name: 'y' }];
              handedOut.push(rows);
              yield rows;
            }
          },
        },
      ],
    };
    const stored: string[] = [];
    const writer: ImportWriter = {
      upsertEncoded: async (_level, page) => {
        // Written while the source is already suspended holding the page after this one.
        stored.push(...(JSON.parse(page.json) as { id: string }[]).map((r) => r.id));
        expect(handedOut.slice(0, stored.length / 2).every((rows) => rows.length === 0)).toBe(true);
      },
      pruneUnseen: async () => 0,
      countsSeen: async () => ({ campaign: stored.length }),
    };
    const result = await runImport(source, {} as ImportContext, writer, async () => undefined);
    expect(stored).toEqual(['c0a', 'c0b', 'c1a', 'c1b', 'c2a', 'c2b']);
    expect(result.counts).toEqual({ campaign: 6 });
    expect(handedOut.map((rows) => rows.length)).toEqual([0, 0, 0]);
  });
});
