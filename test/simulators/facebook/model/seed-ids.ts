/**
 * Well-known ids of the seeded world. Tests and the gateway's own test suites import these
 * instead of discovering them, so they are part of the simulator's public surface (see README).
 */
export const USERS = {
  alice: { id: '10000000000001', name: 'Alice Example' },
  bob: { id: '10000000000002', name: 'Bob Example' },
  carol: { id: '10000000000003', name: 'Carol Example' },
} as const;
export type SeedUserName = keyof typeof USERS;

/** Numeric ad account ids (the wire id is `act_<id>`). */
export const ACCOUNTS = {
  alice: ['100000000000001', '100000000000002', '100000000000003'],
  bob: ['100000000000011', '100000000000012'],
  carol: [] as string[],
} as const;

/** Added to alice when `size.bigAccountEntities` is set. */
export const BIG_ACCOUNT_ID = '100000000000099';

export const PAGES = {
  alice: ['200000000000001', '200000000000002'],
  bob: ['200000000000011'],
  carol: [] as string[],
} as const;

export const BUSINESSES = {
  alice: '300000000000001',
  bob: '300000000000011',
} as const;

/** App accepted in strict mode unless the caller registers others. */
export const DEFAULT_APP = { id: '1234567890123456', secret: 'sim-app-secret' } as const;

/** Long-lived user tokens that exist from the start (never expire; handy for the standalone runner). */
export function wellKnownToken(user: string): string {
  return `EAASim${user[0]!.toUpperCase()}${user.slice(1)}0000LongLivedToken`;
}
