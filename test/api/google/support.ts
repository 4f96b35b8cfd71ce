import type { RunningSimOf } from '../../simulators';
import { http, startWorld, type FaultSpec, type JsonResponse, type SimCall, type TestApp, type World } from '../../world';
import { activateAccount, consent } from '../../world/connect';
import { worldPerFile } from '../../helpers/world-per-file';
import { Connection } from '../../../shared/persistence/entities/connection.entity';

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

export type GoogleSim = RunningSimOf<'google'>;
export type { SimCall };

export interface GoogleWorld {
  /** The same world through the shared API (test/world). */
  world: World<'google'>;
  sim: GoogleSim;
  app: TestApp;
  apiKey: string;
  alice: Record<string, string>;
  bob: Record<string, string>;
  connections: { alice: string; bob: string };
  get(path: string, headers?: Record<string, string>): Promise<JsonResponse>;
  calls(fragment: string): Promise<SimCall[]>;
  clearCalls(): Promise<void>;
  fault(f: FaultSpec): Promise<void>;
  clearFaults(): Promise<void>;
  simPost(path: string, body: unknown): Promise<unknown>;
  /** The platform access token the gateway holds for a connection (read from the vault, as the gateway would). */
  storedAccessToken(connectionId: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real app with workers against the Google simulator. alice (sim user alice) owns her three
 * accounts, the manager and its bakery client; bob (sim user bob) owns Bob Bikes; same tenant.
 * Connections go through the real OAuth round trip, so they hold a refresh token.
 */
export async function startGoogleWorld(opts: { env?: Record<string, string>; google?: Record<string, string> } = {}): Promise<GoogleWorld> {
  const world = await startWorld({ platform: 'google', workers: true, env: opts.env, apps: opts.google ? { google: opts.google } : {} });
  const { app } = world;
  await http(app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': world.apiKey }, body: { settings: { allowedOrigins: ['https://tenant.example'] } } });
  const bob = await world.userFor('bob-ext');
  const redirectUri = 'https://tenant.example/done';
  const dialog = (token: string, simUser: string) => consent(app, { platform: 'google', token, simUser, redirectUri });
  const connections = { alice: await dialog(world.user.token, 'alice'), bob: await dialog(bob.token, 'bob') };
  for (const id of [G.aliceUs, G.aliceEu, G.aliceJp, G.manager, G.bakery]) await activateAccount(app, { platform: 'google', token: world.user.token, adAccountId: id });
  await activateAccount(app, { platform: 'google', token: bob.token, adAccountId: G.bobBikes });
  await world.sim.clearCalls();
  const alice = world.user.headers;
  return {
    world,
    sim: world.sim.raw,
    app,
    apiKey: world.apiKey,
    alice,
    bob: bob.headers,
    connections,
    get: (path, headers = alice) => world.call('GET', path, { as: headers }),
    calls: (fragment) => world.sim.calls(fragment),
    clearCalls: () => world.sim.clearCalls(),
    fault: async (f) => void (await world.sim.fault(f)),
    clearFaults: () => world.sim.clearFaults(),
    simPost: async (path, body) => (await world.sim.sim('POST', path, body)).json().catch(() => undefined),
    async storedAccessToken(connectionId) {
      const c = await app.infra.orm.em.fork().findOneOrFail(Connection, { id: connectionId });
      return app.services.vault.decrypt(c.accessTokenEnc!);
    },
    close: () => world.close(),
  };
}

/** `/api/v1/google/gaql?…` with each parameter encoded. */
export function gaqlPath(params: Record<string, string | number | boolean>): string {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  return `/api/v1/google/gaql?${q}`;
}

export const searchStreamOf = (customerId: string) => `/customers/${customerId}/googleAds:searchStream`;

/** The world for one test file: simulator faults and recorded calls cleared before each test. */
export const useGoogleWorld = (opts: Parameters<typeof startGoogleWorld>[0] = {}) =>
worldPerFile(() => startGoogleWorld(opts), (w) => w.world.sim.clear());
