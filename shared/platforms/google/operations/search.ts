/**
 * GoogleAdsService search / searchStream as platform requests, and their answers as gateway data
 * (docs/platforms/google.md §4). Rows are passed through untouched: camelCase nesting, enums as names, int64 as strings.
 */

export type GoogleRow = Record<string, unknown>;

export interface GoogleCall {
  method: 'GET' | 'POST';
  /** Below the versioned API base. */
  path: string;
  body?: Record<string, unknown>;
}

/** One query over a whole account in one answer: one operation whatever the row count (docs/platforms/google.md §9). */
export function searchStreamCall(customerId: string, query: string): GoogleCall {
  return { method: 'POST', path: `customers/${customerId}/googleAds:searchStream`, body: { query } };
}

/**
 * A paged search. Google pages are fixed at 10,000 rows (`pageSize` is refused since v17); the
 * query text must be identical on every page, so callers rebuild it deterministically.
 */
export function searchCall(customerId: string, query: string, opts: { pageToken?: string; totalCount?: boolean } = {}): GoogleCall {
  const body: Record<string, unknown> = { query };
  if (opts.pageToken) body.pageToken = opts.pageToken;
  if (opts.totalCount) body.searchSettings = { returnTotalResultsCount: true };
  return { method: 'POST', path: `customers/${customerId}/googleAds:search`, body };
}

interface StreamBatch {
  results?: GoogleRow[];
}

/**
 * searchStream over REST answers one JSON array of batches; an empty result may be `[]` or a batch
 * without `results` (docs/platforms/google.md §4: tolerate both). A single object is accepted as one batch.
 */
export function rowsFromStream(body: unknown): GoogleRow[] {
  const batches: StreamBatch[] = Array.isArray(body) ? (body as StreamBatch[]) : body && typeof body === 'object' ? [body as StreamBatch] : [];
  const rows: GoogleRow[] = [];
  for (const b of batches) if (b && Array.isArray(b.results)) for (const r of b.results) rows.push(r);
  return rows;
}

export interface SearchPage {
  results: GoogleRow[];
  nextPageToken: string | null;
  totalResultsCount: string | null;
}

/** One search page; `totalResultsCount` stays an int64 string and ignores LIMIT (docs/platforms/google.md §4). */
export function pageFromSearch(body: unknown): SearchPage {
  const b = (body ?? {}) as { results?: GoogleRow[]; nextPageToken?: string; totalResultsCount?: string };
  return {
    results: Array.isArray(b.results) ? b.results : [],
    nextPageToken: typeof b.nextPageToken === 'string' && b.nextPageToken ? b.nextPageToken : null,
    totalResultsCount: b.totalResultsCount !== undefined ? String(b.totalResultsCount) : null,
  };
}
