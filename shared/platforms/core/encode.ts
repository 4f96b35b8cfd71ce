/** Query and form encoding shared by the platform wire formats. */

/** The object without its undefined fields (a call built from optional inputs sends only what was given). */
export function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}

/** Objects and arrays go on the wire as JSON text (Meta fields, TikTok GET params). */
export function encodeValue(v: unknown): string {
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

// Characters the URL parser leaves as they are in a path, so joining by hand gives what it would.
const PLAIN_PATH = /^[A-Za-z0-9\-._~:@!$&'()*+,;=/]*$/;
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;
const normalizedBases = new Map<string, string | null>();

/** The base as the parser writes it, with one trailing slash; null when it has a query or fragment. */
function normalizedBase(base: string): string | null {
  let b = normalizedBases.get(base);
  if (b === undefined) {
    const u = new URL(base.endsWith('/') ? base : `${base}/`);
    b = u.search || u.hash ? null : u.toString();
    if (normalizedBases.size < 100) normalizedBases.set(base, b);
  }
  return b;
}

export function buildUrl(base: string, path: string, query?: Record<string, unknown>): string {
  // A plain relative path below a known base is joined as text: parsing two URLs per platform
  // call showed in fan-out profiles, and the parser would produce the same string. So is its query:
  // form encoding leaves nothing the parser's query encoding would change.
  if (path && PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path)) {
    const b = normalizedBase(base);
    if (b !== null) {
      const joined = b + path.replace(/^\/+/, '');
      const search = query ? queryText(new URLSearchParams(), query) : '';
      return search ? `${joined}?${search}` : joined;
    }
  }
  // `./` keeps a colon in the first segment (`customers:listAccessibleCustomers`) from reading as a scheme.
  const url = path ? new URL(`./${path.replace(/^\/+/, '')}`, base.endsWith('/') ? base : `${base}/`) : new URL(base);
  if (!query) return url.toString();
  // Setting url.searchParams re-serializes the whole URL on every call; build the query once instead.
  const search = queryText(new URLSearchParams(url.search), query);
  if (search) url.search = search;
  return url.toString();
}

/** `params` with the query's defined fields set (objects as JSON), form-encoded. */
function queryText(params: URLSearchParams, query: Record<string, unknown>): string {
  for (const k in query) {
    const v = query[k];
    if (v !== undefined && v !== null) params.set(k, encodeValue(v));
  }
  return params.toString();
}

export function formBody(fields: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) p.set(k, encodeValue(v));
  return p.toString();
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
export const JSON_TYPE = { 'content-type': 'application/json' };
