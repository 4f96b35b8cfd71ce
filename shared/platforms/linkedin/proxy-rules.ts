import { denied, stringsIn, type ProxyRules } from '../core/proxy-rules';

/*
 * LinkedIn Marketing REST paths (docs/proxy.md "LinkedIn"): account-scoped resources sit under
 * `adAccounts/{id}` (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-accounts),
 * others name the account as `urn:li:sponsoredAccount:{id}` in a finder's query or the body
 * (conversions: `account=urn:li:sponsoredAccount:{id}`,
 * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/conversion-tracking).
 * An object URN (campaign, campaign group, creative) can only be checked through its account, so
 * one is accepted only on a path under `adAccounts/{id}`, where LinkedIn itself scopes it.
 */

const ACCOUNT_URN = /urn:li:sponsoredAccount:(\d{1,20})/g;
const OBJECT_URN = /urn:li:(sponsoredCampaign|sponsoredCampaignGroup|sponsoredCreative)\b/;

export const linkedinProxyRules: ProxyRules = {
  methods: ['GET', 'POST', 'DELETE'],
  reservedQuery: ['oauth2_access_token'],
  target(req) {
    const ids = new Set<string>();
    const underAccount = req.decoded[0] === 'adAccounts' && /^\d{1,20}$/.test(req.decoded[1] ?? '');
    if (underAccount) ids.add(req.decoded[1]!);
    const strings = stringsIn([req.decoded, req.query, req.body]);
    for (const s of strings) for (const m of s.matchAll(ACCOUNT_URN)) ids.add(m[1]!);
    if (!underAccount && strings.some((s) => OBJECT_URN.test(s))) {
      return denied('linkedin.object-urn', 'campaign, campaign group and creative URNs are accepted only on paths under adAccounts/{id}');
    }
    if (!ids.size) return denied('linkedin.account', 'the path, query or body must name adAccounts/{id} or urn:li:sponsoredAccount:{id} of your activated accounts');
    return { kind: 'accounts', ids: [...ids] };
  },
  allowList: [],
};
