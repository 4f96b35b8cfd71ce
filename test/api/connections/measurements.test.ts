import { performance } from 'node:perf_hooks';
import { startTestApp, http, uniquePrefix, type TestApp } from '../../helpers/test-app';
import { createTenant, configureApps, externalUserToken } from '../../helpers/identity';
import { connectAccount, simEnv, simToken, startSims, type Sims } from '../../helpers/connections';
import { guardedRoutes } from './guard-routes';
import type { AuthContext } from '../../../shared/domain/identity/auth-context';

/**
 * Numbers for the issue note: guard latency cached vs uncached, and the outbound limiter's overhead
 * per call. Printed; the assertions are loose ceilings so a regression by an order of magnitude fails.
 */
let sims: Sims & { close(): Promise<void> };
let cached: TestApp;
let uncached: TestApp;
let token: string;
let auth: AuthContext;

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { mean: +(s.reduce((a, b) => a + b, 0) / s.length).toFixed(3), p50: +q(0.5).toFixed(3), p99: +q(0.99).toFixed(3) };
};
async function time(n: number, f: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await f();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return stats(out);
}

beforeAll(async () => {
  sims = await startSims(['facebook']);
  const prefix = uniquePrefix('meas');
  cached = await startTestApp({ env: { ...simEnv(sims), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' }, app: { extraRoutes: guardedRoutes } });
  uncached = await startTestApp({ env: { ...simEnv(sims), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn', GUARD_CACHE_TTL_MS: '0' }, app: { extraRoutes: guardedRoutes } });
  const t = await createTenant(cached);
  await configureApps(cached, t.apiKey);
  token = await externalUserToken(cached, t.apiKey, 'measurer');
  await connectAccount(cached, sims, { platform: 'facebook', token, adAccountId: '100000000000001' });
  const row = (await cached.infra.orm.em.fork().getConnection().execute('select tenant_id, owner_id from ad_accounts where platform_account_id = ? and tenant_id = ?', ['100000000000001', t.tenantId])) as { tenant_id: string; owner_id: string }[];
  auth = { kind: 'external-user', tenantId: row[0]!.tenant_id, userId: row[0]!.owner_id, externalId: 'measurer', via: 'bearer' };
}, 60_000);
afterAll(async () => {
  await cached?.close();
  await uncached?.close();
  await sims?.close();
});

it('guard latency: cached vs uncached (service call and full HTTP request)', async () => {
  const n = 400;
  const svcCached = await time(n, () => cached.services.guard.check(auth, 'facebook', 'act_100000000000001'));
  const svcUncached = await time(n, () => uncached.services.guard.check(auth, 'facebook', 'act_100000000000001'));
  const get = (app: TestApp) => () => http(app.url, 'GET', '/__test/facebook/guarded?adAccountId=act_100000000000001', { headers: { authorization: `Bearer ${token}` } });
  const httpCached = await time(n, get(cached));
  const httpUncached = await time(n, get(uncached));
  process.stdout.write(`GUARD ms ${JSON.stringify({ svcCached, svcUncached, httpCached, httpUncached })}\n`);
  expect(svcCached.p50).toBeLessThan(svcUncached.p50);
  expect(svcCached.p99).toBeLessThan(5);
}, 60_000);

it('outbound limiter overhead per call', async () => {
  const limiter = cached.services.limiter;
  const key = { platform: 'facebook' as const, appKey: 'm', accountKey: 'm1', accountRps: 0, appRps: 0 };
  const noop = async () => undefined;
  const direct = await time(500, noop);
  const pauseCheckOnly = await time(500, () => limiter.run(key, 'read', noop));
  const clustered = await time(500, () => limiter.run({ ...key, accountRps: 1000 }, 'read', noop));
  // Against the simulator: the same Graph read with pacing off vs on (1000/s, so it never waits).
  const { accessToken } = await simToken(sims, 'facebook');
  const client = cached.services.platforms.get('facebook').client;
  const read = (rps: number) => () => {
    (cached.services.platforms.get('facebook').descriptor as { accountRps: number }).accountRps = rps;
    return client.request({ method: 'GET', path: 'act_100000000000002', query: { fields: 'id' }, token: accessToken, kind: 'read', accountKey: '100000000000002' });
  };
  const simUnpaced = await time(300, read(0));
  const simPaced = await time(300, read(1000));
  process.stdout.write(`LIMITER ms ${JSON.stringify({ direct, pauseCheckOnly, clustered, simUnpaced, simPaced })}\n`);
  expect(clustered.p50).toBeLessThan(10);
}, 60_000);
