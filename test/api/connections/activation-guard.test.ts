import { http } from '../../helpers/test-app';
import { createTenant, configureApps, externalUserToken } from '../../helpers/identity';
import { authorize, connectAccount } from '../../helpers/connections';
import { useWorld, type SimPlatform } from '../../world';
import { bodyGuardedRoute, guardedRoutes } from './guard-routes';

const w = useWorld({ app: { extraRoutes: [...guardedRoutes, bodyGuardedRoute] } });
/** A new external user of the world's tenant. */
const userToken = async (externalUserId: string) => (await w.userFor(externalUserId)).token;

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const guarded = (token: string, platform: string, id: string) =>
  http(w.url, 'GET', `/__test/${platform}/guarded?adAccountId=${encodeURIComponent(id)}`, { headers: bearer(token) });
const activate = (token: string, platform: string, body: Record<string, unknown>) =>
  http(w.url, 'POST', `/api/v1/connections/${platform}/activate`, { headers: bearer(token), body });
const simCalls = (platform: SimPlatform, path: string) => w.sims[platform]!.calls(path);

describe('activation', () => {
  it('with a token, validates the account at the platform and makes the caller its owner', async () => {
    const token = await userToken('act-owner');
    const { accessToken } = await w.sims.facebook!.token();
    const r = await activate(token, 'facebook', { adAccountId: 'act_100000000000001', accessToken });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ adAccountId: '100000000000001', status: 'active', currency: 'USD', timezone: 'America/Los_Angeles', connectionId: expect.any(String) });
    expect(r.body.data.validatedAt).toEqual(expect.any(String));
    expect(JSON.stringify(r.body)).not.toContain(accessToken);
    const calls = await simCalls('facebook', '/act_100000000000001');
    expect(calls.length).toBeGreaterThan(0);
  });

  it('when another user of the tenant owns the account, answers 409 AD_ACCOUNT_OWNED_BY_OTHER', async () => {
    const a = await userToken('conflict-a');
    const b = await userToken('conflict-b');
    await connectAccount(w.app, w.sims, { platform: 'tiktok', token: a, adAccountId: '7000000000000000012' });
    const { accessToken } = await w.sims.tiktok!.token();
    const r = await activate(b, 'tiktok', { adAccountId: '7000000000000000012', accessToken });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('AD_ACCOUNT_OWNED_BY_OTHER');
  });

  it('when two users activate the same account at once, exactly one wins', async () => {
    const users = await Promise.all(['race-1', 'race-2', 'race-3'].map((u) => userToken(u)));
    const { accessToken } = await w.sims.facebook!.token();
    const results = await Promise.all(users.map((t) => activate(t, 'facebook', { adAccountId: '100000000000003', accessToken })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('when the token cannot reach the account, answers the mapped platform error and stores nothing', async () => {
    const token = await userToken('wrong-token');
    const { accessToken } = await w.sims.facebook!.token('bob');
    const r = await activate(token, 'facebook', { adAccountId: '100000000000002', accessToken });
    expect([403, 404]).toContain(r.status);
    expect(r.body.error.details[0]).toMatchObject({ platform: 'facebook', code: expect.any(Number), traceId: expect.any(String) });
    const list = await http(w.url, 'GET', '/api/v1/connections', { headers: bearer(token) });
    expect(list.body.data).toEqual({ items: [], nextCursor: null });
  });

  it('without a token and without a connection, answers 404 CONNECTION_NOT_FOUND', async () => {
    const token = await userToken('no-conn');
    const r = await activate(token, 'google', { adAccountId: '1000000001' });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('CONNECTION_NOT_FOUND');
  });

  it('after OAuth, activates a discovered Google client account through its manager without a token', async () => {
    const token = await userToken('google-oauth-activator');
    const url = await http(w.url, 'POST', '/api/v1/connections/google/auth-url', { headers: bearer(token), body: {} });
    const cb = await fetch(await authorize(url.body.data.url), { redirect: 'manual' });
    expect(cb.status).toBe(200);
    const r = await activate(token, 'google', { adAccountId: '200-000-0001' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ adAccountId: '2000000001', managerId: '2000000000', status: 'active' });
    const g = await guarded(token, 'google', '2000000001');
    expect(g.body.data).toMatchObject({ platformAccountId: '2000000001', loginCustomerId: '2000000000' });
  });
});

describe('the ad-account guard', () => {
  let owner: string;
  let other: string;
  beforeAll(async () => {
    owner = await userToken('guard-owner');
    other = await userToken('guard-other');
    await connectAccount(w.app, w.sims, { platform: 'facebook', token: owner, adAccountId: '100000000000002' });
  });

  it('lets the owner through with either id form and hands the route the normalized account', async () => {
    for (const id of ['act_100000000000002', '100000000000002']) {
      const r = await guarded(owner, 'facebook', id);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ platform: 'facebook', platformAccountId: '100000000000002', connectionId: expect.any(String) });
    }
  });

  it('when the account is unknown in the tenant, answers 404 AD_ACCOUNT_NOT_FOUND', async () => {
    const r = await guarded(owner, 'facebook', 'act_999999');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_FOUND');
  });

  it('when the account belongs to another tenant, answers 404 (never 403)', async () => {
    const t2 = await createTenant(w.app);
    await configureApps(w.app, t2.apiKey);
    const stranger = await externalUserToken(w.app, t2.apiKey, 'guard-owner');
    const r = await guarded(stranger, 'facebook', '100000000000002');
    expect(r.status).toBe(404);
  });

  it('when another user owns the account, answers 403 AD_ACCOUNT_NOT_OWNED', async () => {
    const r = await guarded(other, 'facebook', 'act_100000000000002');
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
  });

  it('when the id is not an account id of the platform, answers 400', async () => {
    const r = await guarded(owner, 'google', 'act_12');
    expect(r.status).toBe(400);
  });

  it('when the account was discovered but never activated, answers 403 AD_ACCOUNT_NOT_VALIDATED', async () => {
    const token = await userToken('discoverer');
    const url = await http(w.url, 'POST', '/api/v1/connections/tiktok/auth-url', { headers: bearer(token), body: {} });
    await fetch(await authorize(url.body.data.url, { sim_user: 'bob' }), { redirect: 'manual' });
    const r = await guarded(token, 'tiktok', '7000000000000000021');
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_VALIDATED');
  });

  it('when the account is deactivated, answers 403 AD_ACCOUNT_NOT_VALIDATED at once (cache invalidated), and activate brings it back', async () => {
    const token = await userToken('deactivator');
    await connectAccount(w.app, w.sims, { platform: 'google', token, adAccountId: '1000000002' });
    expect((await guarded(token, 'google', '100-000-0002')).status).toBe(200);
    const d = await http(w.url, 'POST', '/api/v1/connections/google/deactivate', { headers: bearer(token), body: { adAccountId: '1000000002' } });
    expect(d.status).toBe(200);
    expect(d.body.data.status).toBe('deactivated');
    const r = await guarded(token, 'google', '1000000002');
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_VALIDATED');
    const again = await activate(token, 'google', { adAccountId: '1000000002' });
    expect(again.status).toBe(200);
    expect((await guarded(token, 'google', '1000000002')).status).toBe(200);
  });

  it('when the account is removed, answers 403 AD_ACCOUNT_NOT_VALIDATED and another user may then activate it', async () => {
    const token = await userToken('remover');
    await connectAccount(w.app, w.sims, { platform: 'tiktok', token, adAccountId: '7000000000000000013' });
    const del = await http(w.url, 'DELETE', '/api/v1/connections/ad-accounts/7000000000000000013?platform=tiktok', { headers: bearer(token) });
    expect(del.status).toBe(200);
    expect((await guarded(token, 'tiktok', '7000000000000000013')).body.error.code).toBe('AD_ACCOUNT_NOT_VALIDATED');
    const next = await userToken('remover-next');
    await connectAccount(w.app, w.sims, { platform: 'tiktok', token: next, adAccountId: '7000000000000000013' });
    expect((await guarded(next, 'tiktok', '7000000000000000013')).status).toBe(200);
  });

  it('when the connection is revoked, answers 403 CONNECTION_REAUTH_REQUIRED, and the revocation reached each platform', async () => {
    const token = await userToken('revoker');
    const cases = [
      { platform: 'facebook' as const, id: '100000000000011', simUser: 'bob', path: '/me/permissions', method: 'DELETE' },
      { platform: 'tiktok' as const, id: '7000000000000000011', simUser: 'alice', path: '/oauth2/revoke_token/', method: 'POST' },
      { platform: 'google' as const, id: '3000000001', simUser: 'bob', path: '/revoke', method: 'POST' },
    ];
    for (const c of cases) {
      const acc = await connectAccount(w.app, w.sims, { platform: c.platform, token, adAccountId: c.id, simUser: c.simUser });
      expect((await guarded(token, c.platform, c.id)).status).toBe(200);
      const before = (await simCalls(c.platform, c.path)).length;
      const r = await http(w.url, 'DELETE', `/api/v1/connections/${acc.connectionId}`, { headers: bearer(token) });
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ connectionId: acc.connectionId, status: 'revoked', platformRevoked: true });
      const calls = (await simCalls(c.platform, c.path)).filter((x) => x.method === c.method);
      expect(calls.length).toBe(before + 1);
      const g = await guarded(token, c.platform, c.id);
      expect(g.status).toBe(403);
      expect(g.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
    }
    const status = await http(w.url, 'GET', '/api/v1/connections/status', { headers: bearer(token) });
    const byPlatform = new Map(status.body.data.items.map((i: { platform: string; status: string }) => [i.platform, i.status]));
    expect(cases.map((c) => byPlatform.get(c.platform))).toEqual(['revoked', 'revoked', 'revoked']);
  });

  it('reads adAccountId from the body on write routes, with the same rules', async () => {
    const token = await userToken('body-guard');
    const post = (t: string, id: string) => http(w.url, 'POST', '/__test/tiktok/guarded-body', { headers: bearer(t), body: { adAccountId: id, name: 'x' } });
    expect((await post(token, '7000000000000000099')).body.error.code).toBe('AD_ACCOUNT_NOT_FOUND');
    expect((await post(other, '7000000000000000012')).body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    const missing = await http(w.url, 'POST', '/__test/tiktok/guarded-body', { headers: bearer(token), body: { name: 'x' } });
    expect(missing.status).toBe(400);
  });

  it("another user's connection id is 404 CONNECTION_NOT_FOUND", async () => {
    const mine = await connectAccount(w.app, w.sims, { platform: 'facebook', token: await userToken('conn-owner'), adAccountId: '100000000000012', simUser: 'bob' }).catch(() => undefined);
    const id = mine?.connectionId ?? '00000000-0000-0000-0000-000000000000';
    const r = await http(w.url, 'DELETE', `/api/v1/connections/${id}`, { headers: bearer(other) });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('CONNECTION_NOT_FOUND');
  });
});

describe('status and the team-scoped surface', () => {
  it('status lists every platform, connected or not', async () => {
    const token = await userToken('status-user');
    await connectAccount(w.app, w.sims, { platform: 'google', token, adAccountId: '1000000003' });
    const r = await http(w.url, 'GET', '/api/v1/connections/status', { headers: bearer(token) });
    expect(r.status).toBe(200);
    const byPlatform = Object.fromEntries(r.body.data.items.map((i: { platform: string }) => [i.platform, i]));
    // Connected through the consent dialog: every account the grant reaches is listed, the activated one active.
    expect(byPlatform.google).toMatchObject({
      connected: true,
      status: 'active',
      scopes: ['https://www.googleapis.com/auth/adwords'],
      unavailableFeatures: [],
      adAccounts: expect.arrayContaining([expect.objectContaining({ adAccountId: '1000000003', status: 'active' })]),
    });
    expect(byPlatform.facebook).toMatchObject({ connected: false, status: null, connectionId: null });
    const only = await http(w.url, 'GET', '/api/v1/connections/status?platform=google', { headers: bearer(token) });
    expect(only.body.data.items).toHaveLength(1);
  });

  it('POST and GET /{teamId}/connections act for the team with an API key', async () => {
    const { accessToken } = await w.sims.google!.token('bob');
    const post = await http(w.url, 'POST', '/api/v1/team-42/connections', {
      headers: { 'x-api-key': w.apiKey },
      body: { platform: 'google', adAccountId: '300-000-0002', accessToken },
    });
    expect(post.status).toBe(200);
    const get = await http(w.url, 'GET', '/api/v1/team-42/connections', { headers: { 'x-api-key': w.apiKey } });
    expect(get.status).toBe(200);
    expect(get.body.data.items[0].adAccounts[0]).toMatchObject({ adAccountId: '3000000002', status: 'active', currency: 'AUD' });
    const bearerOnly = await http(w.url, 'GET', '/api/v1/team-42/connections', { headers: bearer(await userToken('team-42')) });
    expect(bearerOnly.status).toBe(401);
  });
});
