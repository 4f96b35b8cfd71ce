/** Query and form encoding shared by the platform wire formats. */

/** Objects and arrays go on the wire as JSON text (Meta fields, TikTok GET params). */
export function encodeValue(v: unknown): string {
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

export function buildUrl(base: string, path: string, query?: Record<string, unknown>): string {
  // `./` keeps a colon in the first segment (`customers:listAccessibleCustomers`) from reading as a scheme.
  const url = path ? new URL(`./${path.replace(/^\/+/, '')}`, base.endsWith('/') ? base : `${base}/`) : new URL(base);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) url.searchParams.set(k, encodeValue(v));
  }
  return url.toString();
}

export function formBody(fields: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) p.set(k, encodeValue(v));
  return p.toString();
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
export const JSON_TYPE = { 'content-type': 'application/json' };
