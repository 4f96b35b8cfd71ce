import { denied, stringsIn, type ProxyRules } from '../core/proxy-rules';

/*
 * Google Ads REST paths (docs/proxy.md "Google"): every customer resource lives under
 * `customers/{customerId}` (https://developers.google.com/google-ads/api/rest/design/resource-names),
 * with services as `customers/{id}/googleAds:search`, `…:searchStream`, `customers/{id}/campaigns:mutate`
 * and customer methods as `customers/{id}:method`. Resource names in a body (`customers/{id}/…`) name
 * accounts too, and so do any in a GAQL query.
 */

const CUSTOMER = /^(\d{10})(?::[A-Za-z]+)?$/;
const RESOURCE = /customers\/(\d{10})\b/g;

export const googleProxyRules: ProxyRules = {
  methods: ['GET', 'POST'],
  reservedQuery: ['access_token', 'key'],
  readingPost: /^(customers\/\d{10}\/googleAds:(search|searchStream)|googleAdsFields:search)$/,
  target(req) {
    const [first, second] = req.decoded;
    const customer = first === 'customers' && second ? CUSTOMER.exec(second) : null;
    if (!customer) return denied('google.customer-path', 'the path must be under customers/{customerId} of one of your activated accounts');
    const ids = new Set([customer[1]!]);
    for (const s of stringsIn([req.query, req.body])) for (const m of s.matchAll(RESOURCE)) ids.add(m[1]!);
    return { kind: 'accounts', ids: [...ids] };
  },
  // Errors are `{ error: { code, message, status, details } }`; searchStream answers an array of them
  // (https://developers.google.com/google-ads/api/rest/common/errors).
  platformError: (body) => {
    const first = Array.isArray(body) ? body[0] : body;
    return first && typeof first === 'object' && 'error' in first ? (first as { error: unknown }).error : body;
  },
  allowList: [
    // Field metadata for GAQL: the same for every customer (GoogleAdsFieldService).
    { pattern: /^googleAdsFields:search$/, methods: ['POST'], why: 'GAQL field metadata: POST googleAdsFields:search' },
    { pattern: /^googleAdsFields\/[A-Za-z0-9_.]+$/, methods: ['GET'], why: 'one GAQL field’s metadata: GET googleAdsFields/{name}' },
  ],
};
