import type { RunningSimOf } from '../../simulators';
import { startWorld, type ConnectedAccount, type JsonResponse, type SimCall, type TestApp, type World } from '../../world';
import { worldPerFile } from '../../helpers/world-per-file';

/** Seeded simulator advertisers (test/simulators/tiktok/README.md). */
export const ALICE_US = '7000000000000000011';
export const ALICE_UK = '7000000000000000012';
export const BOB_BIKES = '7000000000000000021';
/** Unknown to the gateway: never activated by anyone. */
export const ALICE_APPS = '7000000000000000013';

export type TiktokSim = RunningSimOf<'tiktok'>;
export type { SimCall };

export interface TiktokWorld {
  /** The same world through the shared API (test/world). */
  world: World<'tiktok'>;
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
  const world = await startWorld({ platform: 'tiktok', workers: true, env });
  const bob = await world.userFor('bob-ext');
  // Caller-supplied tokens, not the dialog: the ownership tests need an advertiser of alice's that
  // the tenant never discovered (a dialog connection lists all of them), and TikTok grants scopes per
  // app in its portal, so the dialog would ask for nothing more.
  const accounts = {
    aliceUs: await world.connect('tiktok', { adAccountId: ALICE_US, via: 'token' }),
    aliceUk: await world.connect('tiktok', { adAccountId: ALICE_UK, via: 'token' }),
    bob: await world.connect('tiktok', { adAccountId: BOB_BIKES, as: bob, simUser: 'bob', via: 'token' }),
  };
  const alice = world.user.headers;
  return {
    world,
    sim: world.sim.raw,
    app: world.app,
    alice,
    bob: bob.headers,
    aliceToken: world.user.token,
    apiKey: world.apiKey,
    accounts,
    get: (path, headers = alice) => world.call('GET', path, { as: headers }),
    send: (method, path, body, headers = alice) => world.call(method, path, { as: headers, body }),
    calls: (fragment) => world.sim.calls(fragment),
    clearCalls: () => world.sim.clearCalls(),
    platformError: async (code, path, count, message) => void (await world.sim.injectError({ code, path, count, message })),
    clearFaults: () => world.sim.clearFaults(),
    close: () => world.close(),
  };
}

/** The world for one describe block: recorded calls and injected faults cleared before each test. */
export const useTiktokWorld = (env: Record<string, string> = {}) => worldPerFile(() => startTiktokWorld(env), (w) => w.world.sim.clear());

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
