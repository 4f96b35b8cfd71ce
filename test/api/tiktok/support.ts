import { startTiktokSim } from '../../simulators/tiktok';
import { http, startTestApp, type JsonResponse, type TestApp } from '../../helpers/test-app';
import { configureApps, createTenant, externalUserToken } from '../../helpers/identity';
import { connectAccount, simEnv, type ConnectedAccount } from '../../helpers/connections';
import { worldPerFile } from '../../helpers/world-per-file';

/** Seeded simulator advertisers (test/simulators/tiktok/README.md). */
export const ALICE_US = '7000000000000000011';
export const ALICE_UK = '7000000000000000012';
export const BOB_BIKES = '7000000000000000021';
/** Unknown to the gateway: never activated by anyone. */
export const ALICE_APPS = '7000000000000000013';

export type TiktokSim = Awaited<ReturnType<typeof startTiktokSim>>;

export interface SimCall {
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: any;
}

export interface TiktokWorld {
  sim: TiktokSim;
  app: TestApp;
  /** Bearer headers: alice owns ALICE_US and ALICE_UK, bob owns BOB_BIKES (same tenant). */
  alice: Record<string, string>;
  bob: Record<string, string>;
  aliceToken: string;
  /** The tenant's API key (server-to-server: x-api-key + externalUserId). */
  apiKey: string;
  accounts: { aliceUs: ConnectedAccount; aliceUk: ConnectedAccount; bob: ConnectedAccount };
  get(path: string, headers?: Record<string, string>): Promise<JsonResponse>;
  send(method: string, path: string, body: unknown, headers?: Record<string, string>): Promise<JsonResponse>;
  /** Calls the simulator received whose path contains `fragment` (since the last `clearCalls`). */
  calls(fragment: string): Promise<SimCall[]>;
  clearCalls(): Promise<void>;
  platformError(code: number, path?: string, count?: number, message?: string): Promise<void>;
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

/** The real app with workers against the TikTok simulator; two external users with activated accounts. */
export async function startTiktokWorld(env: Record<string, string> = {}): Promise<TiktokWorld> {
  const sim = await startTiktokSim({ port: 0 });
  const app = await startTestApp({ workers: true, env: { ...simEnv({ tiktok: sim }), ...env } });
  const t = await createTenant(app);
  await configureApps(app, t.apiKey);
  const aliceToken = await externalUserToken(app, t.apiKey, 'alice-ext');
  const bobToken = await externalUserToken(app, t.apiKey, 'bob-ext');
  const sims = { tiktok: sim };
  // Caller-supplied tokens, not the dialog: the ownership tests need an advertiser of alice's that
  // the tenant never discovered (a dialog connection lists all of them), and TikTok grants scopes per
  // app in its portal, so the dialog would ask for nothing more.
  const accounts = {
    aliceUs: await connectAccount(app, sims, { platform: 'tiktok', token: aliceToken, adAccountId: ALICE_US, via: 'token' }),
    aliceUk: await connectAccount(app, sims, { platform: 'tiktok', token: aliceToken, adAccountId: ALICE_UK, via: 'token' }),
    bob: await connectAccount(app, sims, { platform: 'tiktok', token: bobToken, adAccountId: BOB_BIKES, simUser: 'bob', via: 'token' }),
  };
  const alice = { authorization: `Bearer ${aliceToken}` };
  const simFetch = (path: string, method = 'GET', body?: unknown) =>
    fetch(`${sim.baseUrl}/__sim${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return {
    sim,
    app,
    alice,
    bob: { authorization: `Bearer ${bobToken}` },
    aliceToken,
    apiKey: t.apiKey,
    accounts,
    get: (path, headers = alice) => http(app.url, 'GET', path, { headers }),
    send: (method, path, body, headers = alice) => http(app.url, method, path, { headers, body }),
    calls: async (fragment) => ((await (await simFetch(`/calls?path=${encodeURIComponent(fragment)}`)).json()) as { calls: SimCall[] }).calls,
    clearCalls: async () => void (await simFetch('/calls', 'DELETE')),
    platformError: async (code, path, count, message) => void (await simFetch('/platform-errors', 'POST', { code, path, count, message })),
    clearFaults: async () => {
      await simFetch('/platform-errors', 'DELETE');
      await simFetch('/faults', 'DELETE');
    },
    async close() {
      await app.close();
      await sim.close();
    },
  };
}

/** The world for one describe block: recorded calls and injected faults cleared before each test. */
export const useTiktokWorld = (env: Record<string, string> = {}) =>
  worldPerFile(
    () => startTiktokWorld(env),
    async (w) => {
      await w.clearCalls();
      await w.clearFaults();
    },
  );

/** A query string from an object (values JSON-encoded when not strings). */
export function qs(q: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return p.toString();
}

/** GET query params as TikTok received them, arrays/objects decoded from their JSON text. */
export function decoded(q: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) {
    const t = v.trim();
    out[k] = t.startsWith('[') || t.startsWith('{') ? JSON.parse(t) : v;
  }
  return out;
}
