import { denied, type ProxyRules } from '../core/proxy-rules';

/*
 * TikTok Business API paths (docs/proxy.md "TikTok"): every advertiser-scoped endpoint takes
 * `advertiser_id` (query for GET, JSON body for POST), a few `advertiser_ids`
 * (https://business-api.tiktok.com/portal/docs?id=1740302848100353, "Common parameters").
 * Business Center (`bc/…`) and OAuth (`oauth2/…`) endpoints act above the advertiser: never proxied.
 */

const ABOVE_ADVERTISER = /^(bc|oauth2|user)$/;

function idsFrom(part: unknown, into: Set<string>): boolean {
  if (!part || typeof part !== 'object') return true;
  const p = part as Record<string, unknown>;
  const single = p.advertiser_id;
  let ok = true;
  const add = (v: unknown) => {
    if ((typeof v === 'string' || typeof v === 'number') && /^\d{1,24}$/.test(String(v))) into.add(String(v));
    else ok = false;
  };
  if (single !== undefined) add(single);
  let many = p.advertiser_ids;
  if (typeof many === 'string') {
    try {
      many = JSON.parse(many);
    } catch {
      return false;
    }
  }
  if (many !== undefined) {
    if (!Array.isArray(many)) return false;
    many.forEach(add);
  }
  return ok;
}

export const tiktokProxyRules: ProxyRules = {
  methods: ['GET', 'POST'],
  reservedQuery: ['access_token'],
  target(req) {
    if (ABOVE_ADVERTISER.test(req.decoded[0]!)) return denied('tiktok.above-advertiser', 'Business Center, OAuth and user endpoints act above one advertiser');
    const ids = new Set<string>();
    const ok = idsFrom(req.query, ids) && idsFrom(req.body, ids);
    if (!ok) return denied('tiktok.advertiser-id', 'advertiser_id and advertiser_ids must be advertiser ids (digits)');
    if (!ids.size) return denied('tiktok.advertiser-id', 'the request must name advertiser_id (or advertiser_ids) of your activated accounts');
    return { kind: 'accounts', ids: [...ids] };
  },
  // An error answer is the usual envelope with a non-zero `code` (https://business-api.tiktok.com/portal/docs?id=1737172488964097).
  platformError: (body) => {
    if (!body || typeof body !== 'object') return body;
    const { code, message, request_id } = body as Record<string, unknown>;
    return { code, message, request_id };
  },
  allowList: [],
};
