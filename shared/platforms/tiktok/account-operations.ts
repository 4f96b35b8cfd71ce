import { AppError } from '../../errors/app-error';
import type { AccountOperations, DiscoveredAccount, PlatformApp, PlatformClient, TokenSource } from '../core/types';
import { normalizeTiktokAccountId } from './client';

interface AdvertiserInfo {
  advertiser_id: string;
  name?: string;
  currency?: string;
  timezone?: string;
}

/** advertiser/info takes at most 100 ids per call (ASSUMED from Airbyte's batching, docs/platforms/tiktok.md §2). */
const INFO_BATCH = 100;
const INFO_FIELDS = ['advertiser_id', 'name', 'currency', 'timezone'];

const toAccount = (a: AdvertiserInfo): DiscoveredAccount => ({
  platformAccountId: String(a.advertiser_id),
  name: a.name ?? null,
  currency: a.currency ?? null,
  timezone: a.timezone ?? null,
});

export function tiktokOperations(client: PlatformClient): AccountOperations {
  async function info(app: PlatformApp, token: string | TokenSource, ids: string[], accountKey?: string): Promise<AdvertiserInfo[]> {
    const out: AdvertiserInfo[] = [];
    for (let i = 0; i < ids.length; i += INFO_BATCH) {
      const data = await client.request<{ list?: AdvertiserInfo[] }>({
        method: 'GET',
        path: 'advertiser/info/',
        query: { advertiser_ids: ids.slice(i, i + INFO_BATCH), fields: INFO_FIELDS },
        token,
        accountKey,
        kind: 'read',
        appKey: app.clientId,
      });
      out.push(...(data?.list ?? []));
    }
    return out;
  }

  return {
    normalizeAccountId: normalizeTiktokAccountId,
    async discoverAccounts({ app, token, grant }) {
      let ids = grant?.accountIds;
      if (!ids?.length) {
        const data = await client.request<{ list?: { advertiser_id: string }[] }>({
          method: 'GET',
          path: 'oauth2/advertiser/get/',
          query: { app_id: app.clientId, secret: app.clientSecret },
          token,
          kind: 'read',
          appKey: app.clientId,
        });
        ids = (data?.list ?? []).map((a) => String(a.advertiser_id));
      }
      return ids.length ? (await info(app, token, ids)).map(toAccount) : [];
    },
    async fetchAccount({ app, token, platformAccountId }) {
      const [a] = await info(app, token, [platformAccountId], platformAccountId);
      if (!a) throw new AppError('FORBIDDEN', `TikTok advertiser ${platformAccountId} is not reachable with this token`);
      return toAccount(a);
    },
  };
}
