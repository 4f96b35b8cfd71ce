import { createHmac } from 'node:crypto';
import type { WireFormat } from '../core/http-client';
import { buildUrl, formBody, FORM } from '../core/encode';
import type { PlatformRequest } from '../core/types';

/**
 * `appsecret_proof`: hex HMAC-SHA256 of the access token keyed with the app secret, what an app with
 * "Require App Secret" demands on every call (https://developers.facebook.com/docs/graph-api/securing-requests/;
 * facebook-python-business-sdk facebook_business/session.py `_gen_appsecret_proof` sends this form).
 */
export const appSecretProof = (token: string, appSecret: string) => createHmac('sha256', appSecret).update(token).digest('hex');

/** Bounds of the proof cache: apps (secrets) and tokens per app; a full map is emptied, not evicted one by one. */
const MAX_APPS = 64;
const MAX_TOKENS_PER_APP = 1024;
/**
 * Proofs already computed, by app secret then token: a worker sends many calls with the same token,
 * and an HMAC per call is a visible part of a write's CPU. Kept only in memory, keyed by the very
 * strings the caller holds (no derived copies of the secrets); never logged or returned.
 */
const proofs = new Map<string, Map<string, string>>();

function cachedProof(token: string, appSecret: string): string {
  let byToken = proofs.get(appSecret);
  if (!byToken) {
    if (proofs.size >= MAX_APPS) proofs.clear();
    proofs.set(appSecret, (byToken = new Map()));
  }
  let proof = byToken.get(token);
  if (proof === undefined) {
    if (byToken.size >= MAX_TOKENS_PER_APP) byToken.clear();
    byToken.set(token, (proof = appSecretProof(token, appSecret)));
  }
  return proof;
}

/**
 * Graph API wire format (docs/platforms/facebook.md §1): the token travels as `access_token` (what both SDKs send);
 * GET/DELETE carry everything in the query, POST is form-urlencoded with JSON inside fields.
 * With the app secret known, every call that carries a token also carries `appsecret_proof`.
 */
export function facebookWire(apiBase: string): WireFormat {
  return {
    encode(req: PlatformRequest, token, extra) {
      const base = req.absoluteUrl ?? buildUrl(apiBase, req.path);
      const auth: Record<string, string> | undefined = token
        ? { access_token: token, ...(extra?.appSecret ? { appsecret_proof: cachedProof(token, extra.appSecret) } : {}) }
        : undefined;
      const withToken = auth ? { ...req.query, ...auth } : req.query;
      if (req.method === 'GET' || req.method === 'DELETE') {
        return { url: buildUrl(base, '', withToken), headers: {} };
      }
      const fields = { ...(req.form ?? {}), ...((req.body as Record<string, unknown>) ?? {}) };
      return { url: buildUrl(base, '', req.query), headers: FORM, body: formBody(auth ? { ...fields, ...auth } : fields) };
    },
  };
}

/** `act_123` or `123` → `123` (stored form); null if not an account id. */
export function normalizeFacebookAccountId(raw: string): string | null {
  const m = /^(?:act_)?(\d{1,20})$/.exec(raw.trim());
  return m ? m[1]! : null;
}

export const actId = (id: string) => `act_${id}`;
