import type { WireFormat } from '../core/http-client';
import { buildUrl, formBody, FORM, JSON_TYPE } from '../core/encode';

/**
 * TikTok wire format (docs/platforms/tiktok.md §1): `Access-Token` header; GET parameters in the query with arrays and
 * objects JSON-encoded; POST bodies JSON; every path ends in `/`. Success bodies are unwrapped to `data`.
 */
export function tiktokWire(apiBase: string): WireFormat {
  return {
    encode(req, token) {
      const headers: Record<string, string> = token ? { 'Access-Token': token } : {};
      const path = req.path.endsWith('/') || req.path.includes('?') ? req.path : `${req.path}/`;
      const url = req.absoluteUrl ?? buildUrl(apiBase, path, req.query);
      if (req.method === 'GET' || req.method === 'DELETE') return { url, headers };
      if (req.form) return { url, headers: { ...headers, ...FORM }, body: formBody(req.form) };
      return { url, headers: { ...headers, ...JSON_TYPE }, body: JSON.stringify(req.body ?? {}) };
    },
    unwrap: (body) => (body as { data?: unknown } | undefined)?.data,
  };
}

/** Advertiser ids are digit strings. */
export function normalizeTiktokAccountId(raw: string): string | null {
  const m = /^\d{1,24}$/.exec(raw.trim());
  return m ? m[0] : null;
}
