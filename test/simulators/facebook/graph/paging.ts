import type { GNode } from '../model/types';
import type { NodeList } from '../model/store';
import { errors } from './errors';
import type { GraphReq } from './request';
import { int, str } from './request';

export const DEFAULT_LIMIT = 25;
/** How far we look past a page for one more match; beyond it `next` is sent anyway (docs/platforms/facebook.md §4: an empty page may still carry `next`). */
const LOOKAHEAD = 2000;

export function encodeCursor(seq: number): string {
  return Buffer.from(`sim:${seq}`).toString('base64').replace(/=+$/, '');
}

function decodeCursor(name: string, raw: string): number {
  const text = Buffer.from(raw, 'base64').toString('utf8');
  const m = /^sim:(\d+)$/.exec(text);
  if (!m) throw errors.paramInvalid(name, 'is not a valid cursor');
  return Number(m[1]);
}

export function pageLimit(req: GraphReq, max: number): number {
  const limit = int(req.params, 'limit') ?? DEFAULT_LIMIT;
  if (limit > max) throw errors.reduceData();
  return Math.max(1, limit);
}

/** Absolute paging link on the request's own host, keeping the caller's query (and token, as Graph does). */
export function pagingLink(req: GraphReq, cursor: { after?: string; before?: string; limit: number }): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query)) {
    if (k === 'after' || k === 'before' || k === 'limit' || k === 'offset') continue;
    if (Array.isArray(v)) v.forEach((x) => q.append(k, String(x)));
    else if (v !== undefined) q.append(k, String(v));
  }
  q.set('limit', String(cursor.limit));
  if (cursor.after) q.set('after', cursor.after);
  if (cursor.before) q.set('before', cursor.before);
  const path = [req.version, ...req.segments.map(encodeURIComponent)].filter(Boolean).join('/');
  return `${req.baseUrl}/${path}?${q.toString()}`;
}

export interface PageResult {
  data: GNode[];
  paging?: { cursors: { before: string; after: string }; previous?: string; next?: string };
}

/**
 * Cursor pagination over a seq-ordered list (or a candidate subset such as a name lookup).
 * Work is O(page + skipped non-matching items), never O(list) for unfiltered lists.
 */
export function pageNodes(
  req: GraphReq,
  list: NodeList,
  opts: { newestFirst: boolean; accept: (n: GNode) => boolean; candidates?: GNode[]; maxLimit: number },
): PageResult {
  const items = opts.candidates ?? list.items;
  const limit = pageLimit(req, opts.maxLimit);
  const afterRaw = str(req.params, 'after');
  const beforeRaw = str(req.params, 'before');
  const dir = opts.newestFirst ? -1 : 1;
  // position of the first index in iteration order, for a cursor seq (exclusive)
  const startAfter = (seq: number) => (dir === 1 ? list.lowerBound(items, seq + 1) : list.lowerBound(items, seq) - 1);
  const startBefore = (seq: number) => (dir === 1 ? list.lowerBound(items, seq) - 1 : list.lowerBound(items, seq + 1));

  const collect = (from: number, step: number, max: number): { got: GNode[]; end: number } => {
    const got: GNode[] = [];
    let i = from;
    for (; i >= 0 && i < items.length && got.length < max; i += step) if (opts.accept(items[i]!)) got.push(items[i]!);
    return { got, end: i };
  };
  const anyFrom = (from: number, step: number): boolean => {
    let scanned = 0;
    for (let i = from; i >= 0 && i < items.length; i += step) {
      if (opts.accept(items[i]!)) return true;
      if (++scanned >= LOOKAHEAD) return true;
    }
    return false;
  };

  let data: GNode[];
  if (beforeRaw) {
    const { got } = collect(startBefore(decodeCursor('before', beforeRaw)), -dir, limit);
    data = got.reverse();
  } else {
    const from = afterRaw ? startAfter(decodeCursor('after', afterRaw)) : dir === 1 ? 0 : items.length - 1;
    data = collect(from, dir, limit).got;
  }
  if (data.length === 0) {
    if (!afterRaw && !beforeRaw) return { data };
    const seq = decodeCursor(afterRaw ? 'after' : 'before', (afterRaw ?? beforeRaw)!);
    const cursor = encodeCursor(seq);
    const paging: PageResult['paging'] = { cursors: { before: cursor, after: cursor } };
    if (afterRaw) paging.previous = pagingLink(req, { before: cursor, limit });
    else paging.next = pagingLink(req, { after: cursor, limit });
    return { data, paging };
  }
  const firstSeq = data[0]!.seq;
  const lastSeq = data[data.length - 1]!.seq;
  const before = encodeCursor(firstSeq);
  const after = encodeCursor(lastSeq);
  const paging: PageResult['paging'] = { cursors: { before, after } };
  if (anyFrom(startBefore(firstSeq), -dir)) paging.previous = pagingLink(req, { before, limit });
  if (anyFrom(startAfter(lastSeq), dir)) paging.next = pagingLink(req, { after, limit });
  return { data, paging };
}

/** Offset pagination (insights rows, search results): cursors encode the offset. */
export function pageOffsets(req: GraphReq, total: number, maxLimit: number): { from: number; to: number; paging?: PageResult['paging'] } {
  const limit = pageLimit(req, maxLimit);
  const afterRaw = str(req.params, 'after');
  const beforeRaw = str(req.params, 'before');
  const decode = (name: string, raw: string) => {
    const n = Number(Buffer.from(raw, 'base64').toString('utf8').replace(/^off:/, ''));
    if (!Number.isInteger(n) || n < 0) throw errors.paramInvalid(name, 'is not a valid cursor');
    return n;
  };
  const enc = (n: number) => Buffer.from(`off:${n}`).toString('base64').replace(/=+$/, '');
  const offsetParam = int(req.params, 'offset');
  let from = offsetParam ?? 0;
  if (afterRaw) from = decode('after', afterRaw) + 1;
  if (beforeRaw) from = Math.max(0, decode('before', beforeRaw) - limit);
  const to = Math.min(total, from + limit);
  if (total === 0 || from >= total) return { from, to: from };
  const paging: PageResult['paging'] = { cursors: { before: enc(from), after: enc(to - 1) } };
  if (from > 0) paging.previous = pagingLink(req, { before: enc(from), limit });
  if (to < total) paging.next = pagingLink(req, { after: enc(to - 1), limit });
  return { from, to, paging };
}
