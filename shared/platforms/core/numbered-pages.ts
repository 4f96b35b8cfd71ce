/** One answer of a listing whose pages are numbered: its records (an array, or RawRecords) and the page count it reports. */
interface CountedPage<P extends { length: number }> {
  rows: P;
  pageCount: number;
}

export type NumberedPage<R> = CountedPage<R[]>;

/**
 * Pages 1, 2, … of a numbered listing. Once page 1 has told the count, each next page is asked for
 * before the current one has answered, so the platform works on it while the current one is read and
 * stored: two requests at most, none past the last page. An empty page ends the listing.
 */
export async function* numberedPages<P extends { length: number }>(fetchPage: (page: number) => Promise<CountedPage<P>>): AsyncGenerator<P> {
  const ask = (page: number) => {
    const p = fetchPage(page);
    p.catch(() => undefined); // awaited below; one left behind when the reader stops must not go unhandled
    return p;
  };
  let next: Promise<CountedPage<P>> | undefined = ask(1);
  let count: number | undefined;
  for (let page = 1; next; page++) {
    const current: Promise<CountedPage<P>> = next;
    next = count !== undefined && page < count ? ask(page + 1) : undefined;
    const { rows, pageCount } = await current;
    count = pageCount;
    const more = rows.length > 0 && page < count;
    if (more) next ??= ask(page + 1);
    if (rows.length) yield rows;
    if (!more) return;
  }
}
