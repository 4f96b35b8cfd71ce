import { ACCOUNTS, PAGES, BUSINESSES } from '../../simulators/facebook';
import type { RunningSimOf } from '../../simulators';
import { startWorld, type ConnectedAccount, type JsonResponse, type PlatformErrorSpec, type SimCall, type TestApp, type World } from '../../world';
import { worldPerFile } from '../../helpers/world-per-file';

export { ACCOUNTS, PAGES, BUSINESSES };

/** The one declaration of a simulator call (test/simulators/common/sim-kit.ts), under this file's old name. */
export type SimCallRecord = SimCall;

/** The app with workers against the Meta simulator, a tenant, and two external users with their own accounts. */
export interface FbWorld {
  /** The same world through the shared API (test/world). */
  world: World<'facebook'>;
  app: TestApp;
  sim: RunningSimOf<'facebook'>;
  apiKey: string;
  alice: Record<string, string>;
  bob: Record<string, string>;
  aliceAccount: ConnectedAccount;
  /** A second account of the same simulator user, activated by alice too. */
  aliceSecond: ConnectedAccount;
  bobAccount: ConnectedAccount;
  call(method: string, path: string, opts?: { body?: unknown; headers?: Record<string, string>; as?: Record<string, string> }): Promise<JsonResponse>;
  simCalls(pathPart?: string): Promise<SimCallRecord[]>;
  clearSim(): Promise<void>;
  injectGraphError(e: PlatformErrorSpec): Promise<void>;
  close(): Promise<void>;
}

export async function startFbWorld(env: Record<string, string> = {}): Promise<FbWorld> {
  const world = await startWorld({
    platform: 'facebook',
    workers: true,
    env: { WRITE_SYNC_TIMEOUT_MS: '10000', FACEBOOK_INSIGHTS_POLL_MS: '50', HTTP_MAX_RETRIES: '1', RATE_LIMIT_PER_MINUTE: '100000', ...env },
  });
  const bobUser = await world.userFor('bob-ext');
  const aliceAccount = await world.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
  const aliceSecond = await world.connect('facebook', { adAccountId: ACCOUNTS.alice[1]!, through: aliceAccount });
  const bobAccount = await world.connect('facebook', { adAccountId: ACCOUNTS.bob[0]!, as: bobUser, simUser: 'bob' });
  return {
    world,
    app: world.app,
    sim: world.sim.raw,
    apiKey: world.apiKey,
    alice: world.user.headers,
    bob: bobUser.headers,
    aliceAccount,
    aliceSecond,
    bobAccount,
    call: (method, path, opts = {}) => world.call(method, path, opts),
    simCalls: (pathPart) => world.sim.calls(pathPart),
    clearSim: () => world.sim.clear(),
    injectGraphError: async (e) => void (await world.sim.injectError(e)),
    close: () => world.close(),
  };
}

/** The one Graph call of a request (GET params in the query, POST fields in the form body). */
export function paramsOf(c: SimCallRecord): Record<string, string> {
  return c.method === 'GET' ? c.query : c.body;
}

/** The world for one describe block: Meta simulator calls and faults cleared before each test. */
export const useFbWorld = (env: Record<string, string> = {}) => worldPerFile(() => startFbWorld(env), (w) => w.clearSim());
