import { AppError } from '../../errors/app-error';
import type { AccountOperations, DiscoveredAccount, PlatformApp, PlatformClient, TokenSource } from '../core/types';
import { idOf, normalizeLinkedinAccountId, urnOf } from './ids';
import { finder, getOne, type CursorPage, type LinkedinCall } from './operations/call';

interface AdAccount {
  id?: number | string;
  name?: string;
  currency?: string;
}

interface AccountUsersPage {
  elements?: { account?: string; role?: string }[];
  paging?: { start?: number; count?: number; total?: number; links?: { rel?: string }[] };
}

/** adAccountUsers pages by start/count (at most 1000); account records are read 50 ids per search. */
const USERS_PAGE = 1000;
const MAX_USER_PAGES = 50;
const SEARCH_BATCH = 50;

const toAccount = (a: AdAccount): DiscoveredAccount => ({
  platformAccountId: String(a.id),
  name: a.name ?? null,
  currency: a.currency ?? null,
  // LinkedIn ad accounts carry no time zone.
  timezone: null,
});

/**
 * The member's ad accounts (docs/platforms/linkedin.md, "Ad accounts"): the account URNs of
 * `adAccountUsers?q=authenticatedUser`, then their records from `adAccounts?q=search` by id.
 */
export function linkedinOperations(client: PlatformClient): AccountOperations {
  const read = <T>(app: PlatformApp, token: string | TokenSource, c: LinkedinCall, accountKey?: string) =>
    client.request<T>({ method: c.method, path: c.path, query: c.query, headers: c.headers, token, kind: 'read', appKey: app.clientId, accountKey });

  async function accountIds(app: PlatformApp, token: string | TokenSource): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 0; page < MAX_USER_PAGES; page++) {
      const r = await read<AccountUsersPage>(app, token, finder('adAccountUsers', 'authenticatedUser', { start: page * USERS_PAGE, count: USERS_PAGE }));
      const rows = r.elements ?? [];
      for (const u of rows) {
        const id = u.account ? idOf('account', u.account) : null;
        if (id && !ids.includes(id)) ids.push(id);
      }
      const more = r.paging?.links?.some((l) => l.rel === 'next') ?? rows.length === USERS_PAGE;
      if (!more || rows.length === 0) return ids;
    }
    return ids;
  }

  async function records(app: PlatformApp, token: string | TokenSource, ids: string[]): Promise<AdAccount[]> {
    const out: AdAccount[] = [];
    for (let i = 0; i < ids.length; i += SEARCH_BATCH) {
      const batch = ids.slice(i, i + SEARCH_BATCH);
      let pageToken: string | undefined;
      do {
        const r = await read<CursorPage<AdAccount>>(app, token, finder('adAccounts', 'search', { search: { id: { values: batch.map((id) => urnOf('account', id)) } }, pageSize: SEARCH_BATCH, pageToken }));
        out.push(...(r.elements ?? []));
        pageToken = r.metadata?.nextPageToken;
      } while (pageToken);
    }
    return out;
  }

  return {
    normalizeAccountId: normalizeLinkedinAccountId,
    async discoverAccounts({ app, token }) {
      const ids = await accountIds(app, token);
      return ids.length ? (await records(app, token, ids)).map(toAccount) : [];
    },
    async fetchAccount({ app, token, platformAccountId }) {
      const a = await read<AdAccount>(app, token, getOne(`adAccounts/${platformAccountId}`), platformAccountId);
      if (a?.id === undefined) throw new AppError('FORBIDDEN', `LinkedIn ad account ${platformAccountId} is not reachable with this token`);
      return toAccount(a);
    },
  };
}
