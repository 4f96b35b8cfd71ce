import { numberedPages, type NumberedPage } from '../../../shared/platforms/core/numbered-pages';

/** A listing of `count` pages whose answers the test releases one by one; `log` says what happened, in order. */
function listing(count: number, rowsOf: (page: number) => number[] = (p) => [p]) {
  const log: string[] = [];
  const pending = new Map<number, (a: NumberedPage<number>) => void>();
  const fetchPage = (page: number) => {
    log.push(`ask ${page}`);
    return new Promise<NumberedPage<number>>((resolve) => pending.set(page, resolve));
  };
  /** Answers `page` once everything the last answer set off has run (setImmediate comes after every microtask). */
  const answer = async (page: number) => {
    await new Promise((r) => setImmediate(r));
    log.push(`answer ${page}`);
    pending.get(page)!({ rows: rowsOf(page), pageCount: count });
  };
  return { log, fetchPage, answer };
}

describe('numbered pages', () => {
  it('asks for page 1 alone, then for each next page before the current one has answered; never past the last', async () => {
    const l = listing(3);
    const read: number[][] = [];
    const reading = (async () => {
      for await (const rows of numberedPages(l.fetchPage)) read.push(rows);
    })();
    for (const p of [1, 2, 3]) await l.answer(p);
    await reading;
    expect(read).toEqual([[1], [2], [3]]);
    expect(l.log).toEqual(['ask 1', 'answer 1', 'ask 2', 'ask 3', 'answer 2', 'answer 3']);
  });

  it('an empty page ends the listing, whatever count it reported', async () => {
    const l = listing(5, (p) => (p < 2 ? [p] : []));
    const read: number[][] = [];
    const reading = (async () => {
      for await (const rows of numberedPages(l.fetchPage)) read.push(rows);
    })();
    for (const p of [1, 2, 3]) await l.answer(p);
    await reading;
    expect(read).toEqual([[1]]);
    expect(l.log.filter((e) => e.startsWith('ask'))).toEqual(['ask 1', 'ask 2', 'ask 3']);
  });

  it('a page that fails ends the listing with its error; the one asked ahead is not left unhandled', async () => {
    const pages = numberedPages(async (page): Promise<NumberedPage<number>> => {
      if (page === 2) throw new Error('page 2 failed');
      if (page === 3) throw new Error('page 3 failed too');
      return { rows: [page], pageCount: 4 };
    });
    const read: number[][] = [];
    await expect(
      (async () => {
        for await (const rows of pages) read.push(rows);
      })(),
    ).rejects.toThrow('page 2 failed');
    expect(read).toEqual([[1]]);
  });
});
