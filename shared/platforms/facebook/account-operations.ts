import type { AccountOperations, DiscoveredAccount, PlatformClient } from '../core/types';
import { actId, normalizeFacebookAccountId } from './client';

interface GraphAccount {
  id?: string;
  account_id?: string;
  name?: string;
  currency?: string;
  timezone_name?: string;
}

const ACCOUNT_FIELDS = 'account_id,name,currency,timezone_name';
/** Bound on discovery paging; a user with more accounts than this activates the rest by id. */
const MAX_PAGES = 20;

const toAccount = (a: GraphAccount): DiscoveredAccount => ({
  platformAccountId: a.account_id ?? normalizeFacebookAccountId(a.id ?? '') ?? '',
  name: a.name ?? null,
  currency: a.currency ?? null,
  timezone: a.timezone_name ?? null,
});

export function facebookOperations(client: PlatformClient): AccountOperations {
  return {
    normalizeAccountId: normalizeFacebookAccountId,
    async discoverAccounts({ app, token }) {
      const out: DiscoveredAccount[] = [];
      let after: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const r = await client.request<{ data?: GraphAccount[]; paging?: { cursors?: { after?: string }; next?: string } }>({
          method: 'GET',
          path: 'me/adaccounts',
          query: { fields: ACCOUNT_FIELDS, limit: 100, after },
          token,
          kind: 'read',
          appKey: app.clientId,
          appSecret: app.clientSecret,
        });
        out.push(...(r.data ?? []).map(toAccount));
        after = r.paging?.cursors?.after;
        if (!r.paging?.next || !after) break;
      }
      return out.filter((a) => a.platformAccountId);
    },
    async fetchAccount({ app, token, platformAccountId }) {
      const r = await client.request<GraphAccount>({
        method: 'GET',
        path: actId(platformAccountId),
        query: { fields: ACCOUNT_FIELDS },
        token,
        accountKey: platformAccountId,
        kind: 'read',
        appKey: app.clientId,
        appSecret: app.clientSecret,
      });
      return { ...toAccount(r), platformAccountId };
    },
  };
}
