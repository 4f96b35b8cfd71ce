import type { World } from '../../world';
/** What the Google route tests share besides the world (test/world): the seeded customers, path helpers and the users set-up. */

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

/**
 * The Google route tests' users: alice (her connection activates ALICE_ACTIVATED) and bob, a second
 * user of the same tenant whose one account is G.bobBikes. Pass to `useWorld` as its setup.
 */
export async function aliceAndBob(w: World<'google'>) {
  const bob = await w.userFor('bob-ext');
  const alice = await w.consent('google');
  const bobs = await w.consent('google', { as: bob, simUser: 'bob' });
  for (const id of ALICE_ACTIVATED) await w.connect('google', { adAccountId: id, through: alice });
  await w.connect('google', { adAccountId: G.bobBikes, as: bob, through: bobs });
  return { bob, connections: { alice: alice.connectionId, bob: bobs.connectionId } };
}
