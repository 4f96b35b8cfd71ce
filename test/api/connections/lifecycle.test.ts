import { createTenant, configureApps, externalUserToken } from '../../helpers/identity';
import { authorize, connectAccount } from '../../helpers/connections';
import { http, startWorld, type SimPlatform, type TestApp, type World } from '../../world';
import { accountReadRoutes, guardedRoutes } from './guard-routes';
import { eventually } from '../../helpers/eventually';
import { Connection } from '../../../shared/persistence/entities/connection.entity';
import { runTokenMaintenance } from '../../../shared/domain/connections/token-maintenance';

let w: World;
let a: TestApp;
let b: TestApp;
let apiKey: string;

beforeAll(async () => {
  // Two replicas of the gateway: same database, same Redis prefix, separate processes' state. The
  // database is the world's own: the token maintenance pass probes every connection of its database.
  w = await startWorld({ app: { extraRoutes: [...guardedRoutes, ...accountReadRoutes] }, ownDatabase: 'lifecycle' });
  ({ app: a, apiKey } = w);
  b = await w.replica();
});
afterAll(() => w?.close());

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const read = (app: TestApp, token: string, platform: string, id: string) =>
  http(app.url, 'GET', `/__test/${platform}/account?adAccountId=${id}`, { headers: bearer(token) });
const sql = (q: string, params: unknown[] = []) => a.infra.orm.em.fork().getConnection().execute(q, params);
const tokenCalls = async (grant: string) => (await w.sims.google!.calls('/token')).filter((c) => c.body?.grant_type === grant).length;
const sims = () => w.sims;
const sim = (platform: SimPlatform) => w.sims[platform]!;

/** A Google OAuth connection with account 1000000001 activated, in a tenant of its own (one owner per tenant). */
async function googleOAuth(user: string) {
  const t = await createTenant(a);
  await configureApps(a, t.apiKey);
  const token = await externalUserToken(a, t.apiKey, user);
  const url = await http(a.url, 'POST', '/api/v1/connections/google/auth-url', { headers: bearer(token), body: {} });
  const cb = await http(a.url, 'GET', (await authorize(url.body.data.url)).replace(a.url, ''));
  expect(cb.status).toBe(200);
  const act = await http(a.url, 'POST', '/api/v1/connections/google/activate', { headers: bearer(token), body: { adAccountId: '1000000001' } });
  expect(act.status).toBe(200);
  return { token, connectionId: cb.body.data.connectionId as string };
}

describe('Google token refresh', () => {
  it('ten parallel requests on two replicas with a token about to expire make exactly one refresh call', async () => {
    const { token, connectionId } = await googleOAuth('refresh-10');
    await sql(`update connections set expires_at = now() + interval '5 seconds' where id = ?`, [connectionId]);
    // Written behind the gateway's back: drop the replicas' cached tokens as a gateway write would.
    await a.services.platformAuth.forget([connectionId]);
    await new Promise((r) => setTimeout(r, 50));
    const before = await tokenCalls('refresh_token');
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => read(i % 2 ? a : b, token, 'google', '1000000001')));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await tokenCalls('refresh_token')) - before).toBe(1);
    const [row] = (await sql('select expires_at, last_refreshed_at from connections where id = ?', [connectionId])) as { expires_at: Date }[];
    expect(new Date(row!.expires_at).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it('when Google refuses the access token, refreshes once and retries the call', async () => {
    const { token, connectionId } = await googleOAuth('refresh-on-401');
    const c = await a.infra.orm.em.fork().findOneOrFail(Connection, { id: connectionId });
    await sim('google').expireToken(a.services.vault.decrypt(c.accessTokenEnc!));
    const before = await tokenCalls('refresh_token');
    const r = await read(a, token, 'google', '1000000001');
    expect(r.status).toBe(200);
    expect((await tokenCalls('refresh_token')) - before).toBe(1);
  });

  it('when the grant is revoked at Google, answers 403 CONNECTION_REAUTH_REQUIRED and marks the connection revoked', async () => {
    const { token, connectionId } = await googleOAuth('refresh-revoked');
    const c = await a.infra.orm.em.fork().findOneOrFail(Connection, { id: connectionId });
    await sim('google').revokeToken(a.services.vault.decrypt(c.refreshTokenEnc!));
    const r = await read(a, token, 'google', '1000000001');
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
    const status = await http(b.url, 'GET', '/api/v1/connections/status?platform=google', { headers: bearer(token) });
    expect(status.body.data.items[0].status).toBe('revoked');
    expect((await http(b.url, 'GET', '/__test/google/guarded?adAccountId=1000000001', { headers: bearer(token) })).body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
  });
});

describe('platform says the token is dead', () => {
  it('Meta 190 answers 403 CONNECTION_REAUTH_REQUIRED with the platform details and marks the connection expired', async () => {
    const token = await externalUserToken(a, apiKey, 'meta-190');
    const acc = await connectAccount(a, sims(), { platform: 'facebook', token, adAccountId: '100000000000001' });
    await sim('facebook').expireToken(acc.platformToken);
    const r = await read(a, token, 'facebook', '100000000000001');
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: 'CONNECTION_REAUTH_REQUIRED', details: [expect.objectContaining({ platform: 'facebook', code: 190, subcode: 463, traceId: expect.any(String) })] });
    const status = await http(a.url, 'GET', '/api/v1/connections/status?platform=facebook', { headers: bearer(token) });
    expect(status.body.data.items[0].status).toBe('expired');
  });

  it('TikTok 40105 marks the connection revoked', async () => {
    const token = await externalUserToken(a, apiKey, 'tt-40105');
    const acc = await connectAccount(a, sims(), { platform: 'tiktok', token, adAccountId: '7000000000000000011' });
    await sim('tiktok').revokeToken(acc.platformToken);
    const r = await read(b, token, 'tiktok', '7000000000000000011');
    expect(r.status).toBe(403);
    expect(r.body.error.details[0]).toMatchObject({ platform: 'tiktok', code: 40105 });
    expect((await http(a.url, 'GET', '/__test/tiktok/guarded?adAccountId=7000000000000000011', { headers: bearer(token) })).body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
  });
});

describe('guard cache across replicas', () => {
  it('a deactivation on one replica is seen at once by another that had the account cached', async () => {
    const token = await externalUserToken(a, apiKey, 'cache-x');
    await connectAccount(a, sims(), { platform: 'facebook', token, adAccountId: '100000000000003' });
    expect((await http(b.url, 'GET', '/__test/facebook/guarded?adAccountId=100000000000003', { headers: bearer(token) })).status).toBe(200);
    await http(a.url, 'POST', '/api/v1/connections/facebook/deactivate', { headers: bearer(token), body: { adAccountId: 'act_100000000000003' } });
    const r = await eventually(
      () => http(b.url, 'GET', '/__test/facebook/guarded?adAccountId=100000000000003', { headers: bearer(token) }),
      (res) => res.status !== 200,
      3_000,
    );
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_VALIDATED');
  });
});

describe('token maintenance job', () => {
  const run = () =>
    runTokenMaintenance({
      em: a.infra.orm.em.fork() as never,
      auth: a.services.platformAuth,
      platforms: a.services.platforms,
      vault: a.services.vault,
      apps: (e, t, p) => a.services.tenantApps.getDecrypted(e, t, p),
      logger: a.infra.logger,
      leewayMs: 300_000,
      extendWithinMs: 10 * 24 * 3600_000,
    });

  it('re-extends a Meta token near the end of its 60 days, refreshes Google tokens that expire soon, and marks revoked TikTok tokens', async () => {
    const token = await externalUserToken(a, apiKey, 'maint');
    const fb = await connectAccount(a, sims(), { platform: 'facebook', token, adAccountId: '100000000000002' });
    const tt = await connectAccount(a, sims(), { platform: 'tiktok', token, adAccountId: '7000000000000000012' });
    const g = await googleOAuth('maint-google');
    await sql(`update connections set expires_at = now() + interval '3 days' where id = ?`, [fb.connectionId]);
    await sql(`update connections set expires_at = now() + interval '2 minutes' where id = ?`, [g.connectionId]);
    await sim('tiktok').revokeToken(tt.platformToken);
    const report = await run();
    expect(report.extended).toBeGreaterThanOrEqual(1);
    expect(report.refreshed).toBeGreaterThanOrEqual(1);
    expect(report.markedInvalid).toBeGreaterThanOrEqual(1);
    const rows = (await sql('select id, status, expires_at from connections where id in (?, ?, ?)', [fb.connectionId, tt.connectionId, g.connectionId])) as { id: string; status: string; expires_at: Date | null }[];
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(new Date(byId[fb.connectionId]!.expires_at!).getTime()).toBeGreaterThan(Date.now() + 50 * 24 * 3600_000);
    expect(new Date(byId[g.connectionId]!.expires_at!).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(byId[tt.connectionId]!.status).toBe('revoked');
  });
});
