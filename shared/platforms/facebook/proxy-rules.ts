import { denied, type ProxyRules } from '../core/proxy-rules';

/*
 * Graph paths (docs/proxy.md "Meta"): every node is addressed by its id as the first segment
 * (https://developers.facebook.com/docs/graph-api/overview/#nodes), an ad account as `act_{id}`
 * (https://developers.facebook.com/docs/marketing-api/reference/ad-account/). Ad objects carry
 * `account_id` (campaign, ad set, ad, creative, custom audience references), which is how an object
 * id is tied to one of the caller's accounts.
 */

const ACCOUNT = /^act_(\d{1,20})$/;
const OBJECT = /^\d{1,20}$/;

function pagingOf(body: unknown): Record<string, unknown> | undefined {
  const paging = body && typeof body === 'object' ? (body as { paging?: unknown }).paging : undefined;
  return paging && typeof paging === 'object' ? (paging as Record<string, unknown>) : undefined;
}

export const facebookProxyRules: ProxyRules = {
  methods: ['GET', 'POST', 'DELETE'],
  reservedQuery: ['access_token', 'appsecret_proof'],
  target(req) {
    const first = req.decoded[0]!;
    const account = ACCOUNT.exec(first);
    if (account) return { kind: 'accounts', ids: [account[1]!] };
    if (OBJECT.test(first)) return { kind: 'object', objectId: first };
    return denied('meta.first-segment', 'the first segment must be act_{id} of one of your ad accounts, or the id of an object in one');
  },
  // A Page is in no ad account; an account may act for the Pages it promotes
  // (https://developers.facebook.com/docs/marketing-api/reference/ad-account/promote_pages/).
  accountObjects: {
    rule: 'meta.promoted-page',
    path: (accountId) => `act_${accountId}/promote_pages`,
    query: { fields: 'id', limit: '100' },
    ids: (body) => {
      const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
      return Array.isArray(data) ? data.map((p) => String((p as { id?: unknown })?.id ?? '')).filter(Boolean) : [];
    },
  },
  // Graph errors are `{ error: { message, type, code, error_subcode, fbtrace_id } }` (https://developers.facebook.com/docs/graph-api/guides/error-handling/).
  platformError: (body) => (body && typeof body === 'object' && 'error' in body ? (body as { error: unknown }).error : body),
  allowList: [
    // Meta's targeting catalogue (interests, locations, locales): the same for every app and user.
    { pattern: /^search$/, methods: ['GET'], why: 'targeting search: GET /search?type=adinterest|adgeolocation|adlocale|…' },
  ],
  ownerOf: {
    path: (id) => id,
    query: { fields: 'account_id' },
    account: (body) => {
      const id = body && typeof body === 'object' ? (body as { account_id?: unknown }).account_id : undefined;
      return typeof id === 'string' || typeof id === 'number' ? String(id).replace(/^act_/, '') : null;
    },
  },
  // `paging.next`/`previous` are absolute Graph URLs carrying access_token and appsecret_proof.
  rewriteLinks(body, rewrite) {
    const paging = pagingOf(body);
    if (!paging) return body;
    const out: Record<string, unknown> = { ...paging };
    for (const key of ['next', 'previous']) {
      if (typeof paging[key] !== 'string') continue;
      const link = rewrite(paging[key]);
      if (link) out[key] = link;
      else delete out[key];
    }
    return { ...(body as object), paging: out };
  },
};
