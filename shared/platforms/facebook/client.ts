import type { WireFormat } from '../core/http-client';
import { buildUrl, formBody, FORM } from '../core/encode';
import type { PlatformRequest } from '../core/types';

/**
 * Graph API wire format (facts §1): the token travels as `access_token` (what both SDKs send);
 * GET/DELETE carry everything in the query, POST is form-urlencoded with JSON inside fields.
 */
export function facebookWire(apiBase: string): WireFormat {
  return {
    encode(req: PlatformRequest, token) {
      const base = req.absoluteUrl ?? buildUrl(apiBase, req.path);
      const withToken = token ? { ...req.query, access_token: token } : req.query;
      if (req.method === 'GET' || req.method === 'DELETE') {
        return { url: buildUrl(base, '', withToken), headers: {} };
      }
      const fields = { ...(req.form ?? {}), ...((req.body as Record<string, unknown>) ?? {}) };
      return { url: buildUrl(base, '', req.query), headers: FORM, body: formBody(token ? { ...fields, access_token: token } : fields) };
    },
  };
}

/** `act_123` or `123` → `123` (stored form); null if not an account id. */
export function normalizeFacebookAccountId(raw: string): string | null {
  const m = /^(?:act_)?(\d{1,20})$/.exec(raw.trim());
  return m ? m[1]! : null;
}

export const actId = (id: string) => `act_${id}`;
