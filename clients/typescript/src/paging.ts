import { successOf, type ApiResult } from './results';

/** Where the next page starts: the cursor the previous page gave (none for the first), and the 1-based page number. */
export interface PageRequest {
  cursor: string | undefined;
  page: number;
}

/**
 * The list shapes the gateway answers with (docs/api-conventions.md, Pagination): its own lists
 * (`nextCursor`, or `page`/`pageSize`/`total`), and each platform's own (Meta `paging.cursors`,
 * TikTok `page_info`, Google `paging.nextPageToken`).
 */
export type PagedData<I> =
  | { items: I[]; nextCursor: string | null }
  | { items: I[]; page: number; pageSize: number; total: number }
  | { data: I[]; paging: { cursors: { after: string | null }; hasNext: boolean } }
  | { list: I[]; page_info: { page: number; total_page: number } }
  | { data: I[]; paging: { nextPageToken: string | null } };

export interface PaginateOptions {
  /** Stop after this many pages. */
  maxPages?: number;
}

/**
 * Every item of a paged list, fetching page after page as the iteration goes. `fetchPage` makes one
 * call with the cursor (or page number) it is given, e.g.
 * `({ cursor }) => gw.GET('/api/v1/connections', { params: { query: { cursor } } })`.
 */
export async function* paginate<I>(fetchPage: (next: PageRequest) => Promise<ApiResult<{ data: PagedData<I> }>>, o: PaginateOptions = {}): AsyncGenerator<I, void, undefined> {
  let next: PageRequest | undefined = { cursor: undefined, page: 1 };
  const seen = new Set<string>();
  while (next && next.page <= (o.maxPages ?? Infinity)) {
    const page: PagedData<I> = (await successOf(fetchPage(next))).data.data;
    if ('items' in page) yield* page.items;
    else if ('list' in page) yield* page.list;
    else yield* page.data;
    const cursor: string | undefined = nextCursor(page);
    // A cursor seen before would loop forever: a list that repeats itself has ended.
    if (cursor !== undefined && seen.has(cursor)) break;
    if (cursor !== undefined) seen.add(cursor);
    next = cursor !== undefined || hasNextPage(page) ? { cursor, page: next.page + 1 } : undefined;
  }
}

function nextCursor<I>(page: PagedData<I>): string | undefined {
  if ('nextCursor' in page) return page.nextCursor ?? undefined;
  if ('paging' in page) {
    if ('cursors' in page.paging) return page.paging.hasNext ? (page.paging.cursors.after ?? undefined) : undefined;
    return page.paging.nextPageToken ?? undefined;
  }
  return undefined;
}

/** Numbered pages: whether another follows. */
function hasNextPage<I>(page: PagedData<I>): boolean {
  if ('page_info' in page) return page.page_info.page < page.page_info.total_page;
  if ('total' in page) return page.items.length > 0 && page.page * page.pageSize < page.total;
  return false;
}
