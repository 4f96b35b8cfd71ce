import { ACCOUNTS } from '../../simulators/facebook';
import { createTenant, externalUserTokens, type CreatedTenant } from '../../helpers/identity';
import { connectAccount } from '../../helpers/connections';
import { http, startWorld, type TestApp, type World } from '../../world';
import { eventually } from '../../helpers/eventually';

/**
 * Two replicas (separate app instances on one Redis prefix and database). Deletion runs on `a`;
 * `a` refuses at once, `b` as soon as the pub/sub message arrives (polled for at most 3 s, far
 * under the 10 s key cache and 15 min token life that applied before).
 */
describe('deleting an external user and closing a tenant', () => {
  let w: World<'facebook'>;
  let a: TestApp;
  let b: TestApp;
  let t: CreatedTenant;
  let alice: { accessToken: string; refreshToken: string };
  let bob: { accessToken: string; refreshToken: string };

  beforeAll(async () => {
    w = await startWorld({ platform: 'facebook' });
    ({ app: a, tenant: t } = w);
    b = await w.replica();
    // Both tokens of each user: the test refreshes them too.
    alice = await externalUserTokens(a, t.apiKey, 'alice-ext');
    bob = await externalUserTokens(a, t.apiKey, 'bob-ext');
    await connectAccount(a, w.sims, { platform: 'facebook', token: alice.accessToken, adAccountId: `act_${ACCOUNTS.alice[0]}` });
  }, 60_000);
  afterAll(async () => {
    await w?.close();
  });

  const connections = (app: TestApp, headers: Record<string, string>) => http(app.url, 'GET', '/api/v1/connections', { headers });
  const asAlice = { authorization: '' };

  it('DELETE /external-users/{id} revokes its connection at the platform and removes its accounts; its tokens answer 401 on every replica', async () => {
    asAlice.authorization = `Bearer ${alice.accessToken}`;
    // Warm both replicas: token verified, (tenant, externalId) → user id cached, key cached.
    for (const app of [a, b]) {
      expect((await connections(app, asAlice)).body.data.items).toHaveLength(1);
      expect((await connections(app, { 'x-api-key': t.apiKey, 'x-external-user-id': 'alice-ext' })).status).toBe(200);
    }
    const del = await http(a.url, 'DELETE', '/api/v1/external-users/alice-ext', { headers: { 'x-api-key': t.apiKey } });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ externalUserId: 'alice-ext', connectionsRevoked: 1, revokedAtPlatform: 1, adAccountsRemoved: 1 });
    const revokeCalls = await w.sim.calls('permissions');
    expect(revokeCalls.filter((c) => c.method === 'DELETE')).toHaveLength(1);

    expect((await connections(a, asAlice)).status).toBe(401);
    expect(await eventually(async () => (await connections(b, asAlice)).status, (s) => s === 401, 3_000)).toBe(401);
    const refresh = await http(b.url, 'GET', '/api/v1/auth/refresh', { headers: { authorization: `Bearer ${alice.refreshToken}` } });
    expect(refresh.status).toBe(401);
    // The tenant key may act for that external id again, as a new user with nothing.
    for (const app of [a, b]) {
      const fresh = await connections(app, { 'x-api-key': t.apiKey, 'x-external-user-id': 'alice-ext' });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.items).toEqual([]);
    }
    expect((await connections(b, { authorization: `Bearer ${bob.accessToken}` })).status).toBe(200);
  });

  it('an unknown external user, or one of another tenant, is 404', async () => {
    expect((await http(a.url, 'DELETE', '/api/v1/external-users/nobody', { headers: { 'x-api-key': t.apiKey } })).status).toBe(404);
    const other = await createTenant(a);
    const cross = await http(a.url, 'DELETE', '/api/v1/external-users/bob-ext', { headers: { 'x-api-key': other.apiKey } });
    expect(cross.status).toBe(404);
  });

  it('closing the tenant needs the owner and its id; then its keys, owner and users answer 401 on every replica', async () => {
    const byKey = await http(a.url, 'POST', '/api/v1/tenant/close', { headers: { 'x-api-key': t.apiKey }, body: { confirmTenantId: t.tenantId } });
    expect(byKey.status).toBe(403);
    const owner = { authorization: `Bearer ${t.ownerToken}` };
    const wrong = await http(a.url, 'POST', '/api/v1/tenant/close', { headers: owner, body: { confirmTenantId: '00000000-0000-4000-8000-000000000000' } });
    expect(wrong.status).toBe(400);
    for (const app of [a, b]) expect((await http(app.url, 'GET', '/api/v1/tenant/profile', { headers: { 'x-api-key': t.apiKey } })).status).toBe(200);

    const closed = await http(a.url, 'POST', '/api/v1/tenant/close', { headers: owner, body: { confirmTenantId: t.tenantId } });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ tenantId: t.tenantId, externalUsersDeleted: 2 });

    expect((await http(a.url, 'GET', '/api/v1/tenant/profile', { headers: { 'x-api-key': t.apiKey } })).status).toBe(401);
    expect(await eventually(async () => (await http(b.url, 'GET', '/api/v1/tenant/profile', { headers: { 'x-api-key': t.apiKey } })).status, (s) => s === 401, 3_000)).toBe(401);
    expect((await http(b.url, 'GET', '/api/v1/tenant', { headers: owner })).status).toBe(401);
    expect((await connections(b, { authorization: `Bearer ${bob.accessToken}` })).status).toBe(401);
    expect((await http(b.url, 'POST', '/api/v1/auth/token', { headers: { 'x-api-key': t.apiKey }, body: { externalUserId: 'new-one' } })).status).toBe(401);
    expect((await http(b.url, 'POST', '/api/v1/tenant/auth/login', { body: { email: t.email, password: t.password } })).status).toBe(401);
    expect((await http(b.url, 'GET', '/api/v1/tenant/auth/refresh', { headers: { authorization: `Bearer ${t.ownerRefreshToken}` } })).status).toBe(401);
  });
});
