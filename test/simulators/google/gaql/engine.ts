/**
 * Paging over query results. Unordered queries are evaluated lazily from the page token's
 * position (O(page) per call); ordered ones are sorted once and cached per (account version, query).
 */
import { requestErr } from '../errors';
import { entityKey } from '../metrics';
import { project, rowsForItem, sortRows, summary, type Row, type Source } from './execute';
import type { Plan } from './plan';

interface Cursor {
  /** hash of customer + query text: a token only works for the query that produced it */
  h: number;
  /** base item index and row offset inside it (unordered), or row offset (ordered) */
  i: number;
  o: number;
  /** rows already returned (for LIMIT) */
  n: number;
  /** whether the first page asked for totalResultsCount */
  t: boolean;
}

export function queryHash(customerId: string, query: string): number {
  return entityKey(0x51ed, `${customerId}\n${query}`);
}

export function encodeToken(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeToken(token: string, hash: number): Cursor {
  let c: Cursor;
  try {
    c = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw requestErr('INVALID_PAGE_TOKEN', 'Page token is invalid.');
  }
  if (!c || typeof c !== 'object' || c.h !== hash || ![c.i, c.o, c.n].every((x) => Number.isInteger(x) && x >= 0)) {
    throw requestErr('INVALID_PAGE_TOKEN', 'Page token is invalid.');
  }
  return c;
}

const sortedCache = new Map<string, Row[]>();
function sortedRows(plan: Plan, src: Source, key: string): Row[] {
  const k = `${src.state.generation}|${src.customer.id}|${src.acct.version}|${plan.days[0] ?? ''}|${key}`;
  let rows = sortedCache.get(k);
  if (!rows) {
    rows = sortRows(plan, allRows(plan, src));
    sortedCache.set(k, rows);
    if (sortedCache.size > 8) sortedCache.delete(sortedCache.keys().next().value!);
  }
  return rows;
}

export function allRows(plan: Plan, src: Source): Row[] {
  const items = plan.resource.rows(src.state, src.acct, src.customer);
  const out: Row[] = [];
  for (let i = 0; i < items.length; i++) for (const r of rowsForItem(plan, src, items[i])) out.push(r);
  return out;
}

export interface PageResult {
  results: Record<string, unknown>[];
  nextPageToken?: string;
  totalResultsCount?: number;
  summaryRow?: Record<string, unknown>;
  scanned: number;
}

export interface PageOptions {
  pageToken?: string;
  pageSize: number;
  returnTotal: boolean;
  returnSummary: boolean;
  /** cache key for ordered queries: the version + query text */
  key: string;
}

export function searchPage(plan: Plan, src: Source, opts: PageOptions): PageResult {
  const hash = queryHash(src.customer.id, opts.key);
  const cur: Cursor = opts.pageToken ? decodeToken(opts.pageToken, hash) : { h: hash, i: 0, o: 0, n: 0, t: opts.returnTotal };
  if (opts.pageToken && opts.returnTotal && !cur.t) {
    throw requestErr('TOTAL_RESULTS_COUNT_NOT_ORIGINALLY_REQUESTED', 'Total results count cannot be requested on a later page if it was not requested on the first page.');
  }
  const limit = plan.query.limit ?? Number.POSITIVE_INFINITY;
  const cap = Math.max(0, Math.min(opts.pageSize, limit - cur.n));
  const out: PageResult = { results: [], scanned: 0 };
  const needFull = opts.returnTotal || (opts.returnSummary && !opts.pageToken);

  if (plan.orderBy.length) {
    const rows = sortedRows(plan, src, opts.key);
    const page = rows.slice(cur.i, cur.i + cap);
    out.results = page.map((r) => project(plan, r));
    out.scanned = rows.length;
    const nextAt = cur.i + page.length;
    if (nextAt < rows.length && cur.n + page.length < limit) {
      out.nextPageToken = encodeToken({ ...cur, i: nextAt, o: 0, n: cur.n + page.length });
    }
    if (opts.returnTotal) out.totalResultsCount = rows.length;
    if (opts.returnSummary && !opts.pageToken) out.summaryRow = summary(plan, rows.slice(0, limit));
    return out;
  }

  const items = plan.resource.rows(src.state, src.acct, src.customer);
  let idx = cur.i;
  let off = cur.o;
  let midEntity = false;
  const page: Row[] = [];
  while (idx < items.length && page.length < cap) {
    const rows = rowsForItem(plan, src, items[idx]);
    out.scanned++;
    const take = rows.slice(off, off + (cap - page.length));
    for (const r of take) page.push(r);
    if (off + take.length < rows.length) {
      off += take.length;
      midEntity = true;
      break;
    }
    idx++;
    off = 0;
  }
  let hasMore = false;
  if (cur.n + page.length < limit) {
    if (midEntity) hasMore = true;
    else {
      while (idx < items.length) {
        out.scanned++;
        if (rowsForItem(plan, src, items[idx]).length > 0) {
          hasMore = true;
          break;
        }
        idx++;
      }
    }
  }
  out.results = page.map((r) => project(plan, r));
  if (hasMore) out.nextPageToken = encodeToken({ ...cur, i: idx, o: off, n: cur.n + page.length });
  if (needFull) {
    const rows = allRows(plan, src);
    if (opts.returnTotal) out.totalResultsCount = rows.length;
    if (opts.returnSummary && !opts.pageToken) out.summaryRow = summary(plan, rows.slice(0, limit));
  }
  return out;
}

/** Yields result rows in stream order, lazily for unordered queries, honouring LIMIT. */
export function* streamRows(plan: Plan, src: Source, key: string): Generator<Row> {
  const limit = plan.query.limit ?? Number.POSITIVE_INFINITY;
  let n = 0;
  if (plan.orderBy.length) {
    for (const r of sortedRows(plan, src, key)) {
      if (n++ >= limit) return;
      yield r;
    }
    return;
  }
  const items = plan.resource.rows(src.state, src.acct, src.customer);
  for (let i = 0; i < items.length; i++) {
    for (const r of rowsForItem(plan, src, items[i])) {
      if (n++ >= limit) return;
      yield r;
    }
  }
}
