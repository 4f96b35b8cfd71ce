import { startFacebookSim, ACCOUNTS, PAGES, BUSINESSES } from '../../simulators/facebook';
import { startTestApp, http, type TestApp, type JsonResponse } from '../../helpers/test-app';
import { configureApps, createTenant, externalUserToken } from '../../helpers/identity';
import { connectAccount, type ConnectedAccount } from '../../helpers/connections';
import { worldPerFile } from '../../helpers/world-per-file';

export { ACCOUNTS, PAGES, BUSINESSES };

export interface SimCallRecord {
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  headers: Record<string, string>;
}

/** The app with workers against the Meta simulator, a tenant, and two external users with their own accounts. */
export interface FbWorld {
  app: TestApp;
  sim: Awaited<ReturnType<typeof startFacebookSim>>;
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
  injectGraphError(e: { code?: number; subcode?: number; kind?: string; path?: string; method?: string; count?: number }): Promise<void>;
  close(): Promise<void>;
}

export async function startFbWorld(env: Record<string, string> = {}): Promise<FbWorld> {
  const sim = await startFacebookSim();
  const app = await startTestApp({
    workers: true,
    env: {
      FACEBOOK_GRAPH_URL: sim.baseUrl,
      FACEBOOK_DIALOG_URL: sim.baseUrl,
      WRITE_SYNC_TIMEOUT_MS: '10000',
      FACEBOOK_INSIGHTS_POLL_MS: '50',
      HTTP_MAX_RETRIES: '1',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
  });
  const t = await createTenant(app);
  await configureApps(app, t.apiKey);
  const aliceToken = await externalUserToken(app, t.apiKey, 'alice-ext');
  const bobToken = await externalUserToken(app, t.apiKey, 'bob-ext');
  const sims = { facebook: sim };
  const aliceAccount = await connectAccount(app, sims, { platform: 'facebook', token: aliceToken, adAccountId: `act_${ACCOUNTS.alice[0]}` });
  const aliceSecond = await connectAccount(app, sims, { platform: 'facebook', token: aliceToken, adAccountId: ACCOUNTS.alice[1], through: aliceAccount });
  const bobAccount = await connectAccount(app, sims, { platform: 'facebook', token: bobToken, adAccountId: ACCOUNTS.bob[0], simUser: 'bob' });
  const alice = { authorization: `Bearer ${aliceToken}` };
  const bob = { authorization: `Bearer ${bobToken}` };
  return {
    app,
    sim,
    apiKey: t.apiKey,
    alice,
    bob,
    aliceAccount,
    aliceSecond,
    bobAccount,
    call: (method, path, opts = {}) => http(app.url, method, path, { body: opts.body, headers: { ...(opts.as ?? alice), ...opts.headers } }),
    async simCalls(pathPart) {
      const r = await fetch(`${sim.baseUrl}/__sim/calls${pathPart ? `?path=${encodeURIComponent(pathPart)}` : ''}`);
      return ((await r.json()) as { calls: SimCallRecord[] }).calls;
    },
    async clearSim() {
      await fetch(`${sim.baseUrl}/__sim/calls`, { method: 'DELETE' });
      await fetch(`${sim.baseUrl}/__sim/faults`, { method: 'DELETE' });
    },
    async injectGraphError(e) {
      const r = await fetch(`${sim.baseUrl}/__sim/graph-errors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(e) });
      if (r.status !== 201) throw new Error(`inject: ${r.status} ${await r.text()}`);
    },
    async close() {
      await app.close();
      await sim.close();
    },
  };
}

/** The one Graph call of a request (GET params in the query, POST fields in the form body). */
export function paramsOf(c: SimCallRecord): Record<string, string> {
  return c.method === 'GET' ? c.query : c.body;
}

/** The world for one describe block: Meta simulator calls and faults cleared before each test. */
export const useFbWorld = (env: Record<string, string> = {}) => worldPerFile(() => startFbWorld(env), (w) => w.clearSim());
