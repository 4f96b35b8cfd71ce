import { startGoogleSim } from '../../simulators/google';
import { http, startTestApp, type JsonResponse, type TestApp } from '../../helpers/test-app';
import { configureApps, createTenant, externalUserToken } from '../../helpers/identity';
import { authorize, simEnv } from '../../helpers/connections';
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

export type GoogleSim = Awaited<ReturnType<typeof startGoogleSim>>;

export interface SimCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: any;
}

export interface GoogleWorld {
  sim: GoogleSim;
  app: TestApp;
  apiKey: string;
  alice: Record<string, string>;
  bob: Record<string, string>;
  connections: { alice: string; bob: string };
  get(path: string, headers?: Record<string, string>): Promise<JsonResponse>;
  calls(fragment: string): Promise<SimCall[]>;
  clearCalls(): Promise<void>;
  fault(f: Record<string, unknown>): Promise<void>;
  clearFaults(): Promise<void>;
  simPost(path: string, body: unknown): Promise<unknown>;
  /** The platform access token the gateway holds for a connection (read from the vault, as the gateway would). */
  storedAccessToken(connectionId: string): Promise<string>;
  close(): Promise<void>;
}

/** Connects through the real OAuth round trip (so the connection has a refresh token) for a seeded sim user. */
async function oauthConnect(app: TestApp, token: string, simUser: string): Promise<string> {
  const bearer = { authorization: `Bearer ${token}` };
  const r = await http(app.url, 'POST', '/api/v1/connections/google/auth-url', { headers: bearer, body: { redirectUri: 'https://tenant.example/done' } });
  if (r.status !== 200) throw new Error(`auth-url: ${r.status} ${JSON.stringify(r.body)}`);
  const cb = await fetch(await authorize(r.body.data.url, { sim_user: simUser }), { redirect: 'manual' });
  const final = new URL(cb.headers.get('location') ?? 'x:/');
  const connectionId = final.searchParams.get('connectionId');
  if (final.searchParams.get('status') !== 'success' || !connectionId) throw new Error(`callback: ${final}`);
  return connectionId;
}

async function activate(app: TestApp, token: string, adAccountId: string) {
  const r = await http(app.url, 'POST', '/api/v1/connections/google/activate', { headers: { authorization: `Bearer ${token}` }, body: { adAccountId } });
  if (r.status !== 200) throw new Error(`activate ${adAccountId}: ${r.status} ${JSON.stringify(r.body)}`);
}

/**
 * The real app with workers against the Google simulator. alice (sim user alice) owns her three
 * accounts, the manager and its bakery client; bob (sim user bob) owns Bob Bikes; same tenant.
 */
export async function startGoogleWorld(opts: { env?: Record<string, string>; google?: Record<string, string> } = {}): Promise<GoogleWorld> {
  const sim = await startGoogleSim({ port: 0 });
  const app = await startTestApp({ workers: true, env: { ...simEnv({ google: sim }), ...opts.env } });
  const t = await createTenant(app);
  await configureApps(app, t.apiKey, opts.google ? { google: opts.google } : {});
  await http(app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': t.apiKey }, body: { settings: { allowedOrigins: ['https://tenant.example'] } } });
  const aliceToken = await externalUserToken(app, t.apiKey, 'alice-ext');
  const bobToken = await externalUserToken(app, t.apiKey, 'bob-ext');
  const connections = { alice: await oauthConnect(app, aliceToken, 'alice'), bob: await oauthConnect(app, bobToken, 'bob') };
  for (const id of [G.aliceUs, G.aliceEu, G.aliceJp, G.manager, G.bakery]) await activate(app, aliceToken, id);
  await activate(app, bobToken, G.bobBikes);
  const alice = { authorization: `Bearer ${aliceToken}` };
  const simFetch = async (path: string, method = 'GET', body?: unknown) =>
    fetch(`${sim.baseUrl}/__sim${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  await simFetch('/calls', 'DELETE');
  return {
    sim,
    app,
    apiKey: t.apiKey,
    alice,
    bob: { authorization: `Bearer ${bobToken}` },
    connections,
    get: (path, headers = alice) => http(app.url, 'GET', path, { headers }),
    calls: async (fragment) => ((await (await simFetch(`/calls?path=${encodeURIComponent(fragment)}`)).json()) as { calls: SimCall[] }).calls,
    clearCalls: async () => void (await simFetch('/calls', 'DELETE')),
    fault: async (f) => void (await simFetch('/faults', 'POST', f)),
    clearFaults: async () => void (await simFetch('/faults', 'DELETE')),
    simPost: async (path, body) => (await simFetch(path, 'POST', body)).json().catch(() => undefined),
    async storedAccessToken(connectionId) {
      const c = await app.infra.orm.em.fork().findOneOrFail(Connection, { id: connectionId });
      return app.services.vault.decrypt(c.accessTokenEnc!);
    },
    async close() {
      await app.close();
      await sim.close();
    },
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
  worldPerFile(
    () => startGoogleWorld(opts),
    async (w) => {
      await w.clearFaults();
      await w.clearCalls();
    },
  );
