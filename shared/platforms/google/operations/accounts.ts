/**
 * Account discovery reads (docs/platforms/google.md §3, §6): customers:listAccessibleCustomers, a customer's own
 * settings, and a manager's client tree through customer_client.
 */
import type { GoogleCall, GoogleRow } from './search';

export const listAccessibleCustomersCall: GoogleCall = { method: 'GET', path: 'customers:listAccessibleCustomers' };

/** `{"resourceNames":["customers/1234567890"]}` → `['1234567890']`, order kept, duplicates dropped. */
export function customerIdsFrom(body: unknown): string[] {
  const names = (body as { resourceNames?: unknown } | undefined)?.resourceNames;
  if (!Array.isArray(names)) return [];
  const ids = names.map((n) => (typeof n === 'string' ? /^customers\/(\d+)$/.exec(n)?.[1] : undefined)).filter((id): id is string => !!id);
  return [...new Set(ids)];
}

export const CUSTOMER_INFO_QUERY =
  'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager, customer.test_account, customer.status FROM customer';

export const CURRENCY_QUERY = 'SELECT customer.id, customer.currency_code FROM customer';

export interface CustomerInfo {
  resourceName: string;
  id: string;
  descriptiveName: string | null;
  currencyCode: string | null;
  timeZone: string | null;
  manager: boolean;
  testAccount: boolean;
  status: string | null;
}

/** The `customer` row of CUSTOMER_INFO_QUERY, in the platform's camelCase names. */
export function customerInfoFrom(id: string, rows: GoogleRow[]): CustomerInfo | null {
  const c = rows[0]?.customer as Record<string, unknown> | undefined;
  if (!c) return null;
  const s = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    resourceName: s(c.resourceName) ?? `customers/${id}`,
    id: s(c.id) ?? id,
    descriptiveName: s(c.descriptiveName),
    currencyCode: s(c.currencyCode),
    timeZone: s(c.timeZone),
    // proto3 JSON omits false booleans.
    manager: c.manager === true,
    testAccount: c.testAccount === true,
    status: s(c.status),
  };
}

/**
 * The whole tree below a manager (self at level 0). Filtering happens here rather than in WHERE so
 * the same query serves every use and its answer can feed the currency cache.
 */
export const CLIENTS_QUERY =
  'SELECT customer_client.id, customer_client.client_customer, customer_client.level, customer_client.manager, customer_client.status, customer_client.currency_code, customer_client.descriptive_name FROM customer_client';

export interface ClientAccount {
  id: string;
  currencyCode: string | null;
  level: number;
  descriptiveName: string | null;
}

export interface ManagerTree {
  /** Whether the queried account is itself a manager (its level-0 row says so). */
  isManager: boolean;
  /** Enabled, non-manager accounts below it: the ones that can report metrics. */
  clients: ClientAccount[];
}

export function managerTreeFrom(customerId: string, rows: GoogleRow[]): ManagerTree {
  let isManager = false;
  const clients = new Map<string, ClientAccount>();
  for (const row of rows) {
    const cc = row.customerClient as Record<string, unknown> | undefined;
    if (!cc) continue;
    const id = typeof cc.id === 'string' ? cc.id : typeof cc.clientCustomer === 'string' ? /(\d+)$/.exec(cc.clientCustomer)?.[1] : undefined;
    if (!id) continue;
    const level = Number(cc.level ?? 0);
    if (id === customerId || level === 0) {
      isManager = isManager || cc.manager === true;
      continue;
    }
    // Sub-managers cannot report metrics (REQUESTED_METRICS_FOR_MANAGER); their clients are listed themselves.
    if (cc.manager === true || (cc.status !== undefined && cc.status !== 'ENABLED') || clients.has(id)) continue;
    clients.set(id, {
      id,
      currencyCode: typeof cc.currencyCode === 'string' ? cc.currencyCode : null,
      level,
      descriptiveName: typeof cc.descriptiveName === 'string' ? cc.descriptiveName : null,
    });
  }
  return { isManager, clients: [...clients.values()] };
}

/** The currency of the one `customer` row of CURRENCY_QUERY. */
export function currencyFrom(rows: GoogleRow[]): string | null {
  const code = (rows[0]?.customer as { currencyCode?: unknown } | undefined)?.currencyCode;
  return typeof code === 'string' && code ? code : null;
}
