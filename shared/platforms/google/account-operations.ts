import { AppError } from '../../errors/app-error';
import type { AccountOperations, DiscoveredAccount, PlatformApp, PlatformClient, TokenSource } from '../core/types';
import { googleHeaders, normalizeGoogleCustomerId } from './client';

interface CustomerRow {
  customer?: { id?: string; descriptiveName?: string; currencyCode?: string; timeZone?: string; manager?: boolean };
  customerClient?: { id?: string; descriptiveName?: string; currencyCode?: string; timeZone?: string; manager?: boolean; status?: string; level?: string };
}

const CUSTOMER_QUERY = 'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager FROM customer';
const CLIENTS_QUERY =
  'SELECT customer_client.id, customer_client.descriptive_name, customer_client.currency_code, customer_client.time_zone, customer_client.manager, customer_client.status, customer_client.level FROM customer_client WHERE customer_client.level = 1';

export function googleOperations(client: PlatformClient): AccountOperations {
  async function search(app: PlatformApp, token: string | TokenSource, customerId: string, query: string, login?: string | null): Promise<CustomerRow[]> {
    const r = await client.request<{ results?: CustomerRow[] }>({
      method: 'POST',
      path: `customers/${customerId}/googleAds:search`,
      body: { query },
      token,
      accountKey: customerId,
      kind: 'read',
      appKey: app.clientId,
      headers: googleHeaders(app, login),
    });
    return r.results ?? [];
  }

  async function customer(app: PlatformApp, token: string | TokenSource, id: string, login?: string | null) {
    const [row] = await search(app, token, id, CUSTOMER_QUERY, login);
    const c = row?.customer;
    if (!c) throw new AppError('NOT_FOUND', `Google Ads customer ${id} was not found`);
    return c;
  }

  return {
    normalizeAccountId: normalizeGoogleCustomerId,
    async discoverAccounts({ app, token }) {
      const r = await client.request<{ resourceNames?: string[] }>({
        method: 'GET',
        path: 'customers:listAccessibleCustomers',
        token,
        kind: 'read',
        appKey: app.clientId,
        headers: googleHeaders(app, null),
      });
      const direct = (r.resourceNames ?? []).map((n) => n.split('/')[1]!).filter(Boolean);
      const out = new Map<string, DiscoveredAccount>();
      for (const id of direct) {
        const c = await customer(app, token, id, null).catch(() => undefined);
        if (!c) continue;
        out.set(id, { platformAccountId: id, name: c.descriptiveName ?? null, currency: c.currencyCode ?? null, timezone: c.timeZone ?? null, managerId: null });
        if (!c.manager) continue;
        // A manager's enabled clients are usable through it with login-customer-id = the manager.
        const clients = await search(app, token, id, CLIENTS_QUERY, id).catch(() => []);
        for (const row of clients) {
          const cc = row.customerClient;
          if (!cc?.id || cc.id === id || out.has(cc.id) || (cc.status && cc.status !== 'ENABLED')) continue;
          out.set(cc.id, { platformAccountId: cc.id, name: cc.descriptiveName ?? null, currency: cc.currencyCode ?? null, timezone: cc.timeZone ?? null, managerId: id });
        }
      }
      return [...out.values()];
    },
    async fetchAccount({ app, token, platformAccountId, managerId }) {
      const c = await customer(app, token, platformAccountId, managerId ?? undefined);
      return { platformAccountId, name: c.descriptiveName ?? null, currency: c.currencyCode ?? null, timezone: c.timeZone ?? null, managerId: managerId ?? null };
    },
  };
}
