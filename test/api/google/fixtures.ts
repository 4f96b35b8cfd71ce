/** What the Google route tests share besides the world (test/world): data only — the seeded customers and path helpers. */

/** Seeded simulator customers (test/simulators/google/README.md). */
export const G = {
  aliceUs: '1000000001', // USD
  aliceEu: '1000000002', // EUR
  aliceJp: '1000000003', // JPY
  manager: '2000000000',
  bakery: '2000000001', // USD, client of the manager
  florist: '2000000002', // GBP, client of the manager; discovered by alice's connection, never activated
  bobBikes: '3000000001',
  /** Never seen in the tenant. */
  unknown: '1234567890',
} as const;

/** The accounts alice activates: her three, the manager and its bakery client (not the florist). */
export const ALICE_ACTIVATED = [G.aliceUs, G.aliceEu, G.aliceJp, G.manager, G.bakery] as const;

/** `/api/v1/google/gaql?…` with each parameter encoded. */
export function gaqlPath(params: Record<string, string | number | boolean>): string {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  return `/api/v1/google/gaql?${q}`;
}

export const searchStreamOf = (customerId: string) => `/customers/${customerId}/googleAds:searchStream`;
