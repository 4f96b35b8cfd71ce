/**
 * Rest.li 2.0 encoding (docs/platforms/linkedin.md, "Rest.li 2.0 encoding"): lists as `List(a,b)`,
 * objects as `(key:value)`, leaves percent-encoded with the structural `( ) , :` left literal in
 * the query, and complex path keys (URNs) encoded whole.
 */

export type RestliInput = string | number | boolean | readonly RestliInput[] | { readonly [key: string]: RestliInput | undefined };

/** Everything but RFC 3986 unreserved characters, so a leaf can never read as structure. */
export function encodeLeaf(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** One query value. Object keys are sorted, as LinkedIn's own client does. */
export function encodeRestli(v: RestliInput): string {
  if (Array.isArray(v)) return `List(${v.map((x: RestliInput) => encodeRestli(x)).join(',')})`;
  if (typeof v === 'object' && v !== null) {
    const o = v as { readonly [key: string]: RestliInput | undefined };
    const parts = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${encodeLeaf(k)}:${encodeRestli(o[k]!)}`);
    return `(${parts.join(',')})`;
  }
  return encodeLeaf(String(v));
}

const FIELD = /^[A-Za-z0-9_]+$/;

/**
 * A whole query string. `fields` (a projection) is a plain comma list of field names, not Rest.li;
 * undefined values are left out.
 */
export function encodeQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (k === 'fields') {
      const names = Array.isArray(v) ? v.map(String) : String(v).split(',');
      const bad = names.find((n) => !FIELD.test(n));
      if (bad !== undefined) throw new Error(`not a field name: ${bad}`);
      parts.push(`fields=${names.join(',')}`);
    } else parts.push(`${encodeLeaf(k)}=${encodeRestli(v as RestliInput)}`);
  }
  return parts.join('&');
}

/** A path key: a number as is, a URN (or any complex key) encoded whole (`:` → %3A, `(` → %28 …). */
export function encodeKey(key: string | number): string {
  return encodeLeaf(String(key));
}
