import { createHmac } from 'node:crypto';
import type { WireFormat } from '../core/http-client';
import { buildUrl, formBody, FORM } from '../core/encode';
import type { PlatformRequest } from '../core/types';
import { TtlCache } from '../../infra/ttl-cache';

/**
 * `appsecret_proof`: hex HMAC-SHA256 of the access token keyed with the app secret, what an app with
 * "Require App Secret" demands on every call (https://developers.facebook.com/docs/graph-api/securing-requests/;
 * facebook-python-business-sdk facebook_business/session.py `_gen_appsecret_proof` sends this form).
 */
export const appSecretProof = (token: string, appSecret: string) => createHmac('sha256', appSecret).update(token).digest('hex');

/**
 * Proofs already computed, by token (with the app secret each was made with): a worker sends many
 * calls with one token, and an HMAC per call is a visible part of a write's CPU. Only in memory,
 * never logged or returned; entries expire, so a token no longer in use is not held for good.
 */
const proofs = new TtlCache<string, { appSecret: string; proof: string }>(10 * 60_000, 4096);

function cachedProof(token: string, appSecret: string): string {
  const kept = proofs.get(token);
  if (kept?.appSecret === appSecret) return kept.proof;
  const proof = appSecretProof(token, appSecret);
  proofs.set(token, { appSecret, proof });
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
