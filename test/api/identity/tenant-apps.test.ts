import { randomBytes } from 'node:crypto';
import { reencryptWithServices } from '../../../workers/jobs/reencrypt-secrets.job';
import { http, startWorld, type TestApp, type World } from '../../world';
import { configureApps, createTenant, trackSecret, SIM_APPS, type CreatedTenant } from '../../helpers/identity';
import { bearer, closeAll, closeAndExpectNoLeaks, key } from './support';

const ring = (...kids: string[]) => kids.map((k) => `${k}:${randomBytes(32).toString('base64')}`);

describe('tenant apps and platform metadata', () => {
  const [k1, k2] = ring('k1', 'k2');
  let w: World;
  let a: CreatedTenant;
  let b: CreatedTenant;
  const others: TestApp[] = [];
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false, env: { ENCRYPTION_KEYS: k1! } });
    [a, b] = await Promise.all([createTenant(w.app), createTenant(w.app)]);
  });
  afterAll(() => closeAll([w.app, ...others]));

  const stored = async (tenantId: string, platform: string): Promise<any> =>
    (await w.app.infra.orm.em.getConnection().execute('select fields, secrets from tenant_apps where tenant_id = ? and platform = ?', [tenantId, platform]))[0];

  it('GET /tenant/platforms lists the fields of facebook, google, tiktok and linkedin', async () => {
    const r = await http(w.app.url, 'GET', '/api/v1/tenant/platforms', { headers: key(a.apiKey) });
    expect(r.status).toBe(200);
    const byPlatform = Object.fromEntries(r.body.data.map((p: { platform: string; fields: { name: string; secret: boolean; required: boolean }[] }) => [p.platform, p.fields]));
    expect(Object.keys(byPlatform)).toEqual(['facebook', 'google', 'tiktok', 'linkedin']);
    expect(byPlatform.facebook).toEqual([
      { name: 'appId', label: 'App ID', secret: false, required: true },
      { name: 'appSecret', label: 'App secret', secret: true, required: true },
      expect.objectContaining({ name: 'redirectUri', secret: false, required: false }),
    ]);
    expect(byPlatform.google.map((f: { name: string }) => f.name)).toEqual(['clientId', 'clientSecret', 'developerToken', 'loginCustomerId', 'redirectUri']);
    expect(byPlatform.tiktok.find((f: { name: string }) => f.name === 'secret')).toMatchObject({ secret: true, required: true });
    expect(byPlatform.linkedin.map((f: { name: string }) => f.name)).toEqual(['clientId', 'clientSecret', 'redirectUri']);
  });

  it('GET /tenant/platforms marks every listed platform, LinkedIn included, as available, and its connection route knows it', async () => {
    const r = await http(w.app.url, 'GET', '/api/v1/tenant/platforms', { headers: key(a.apiKey) });
    const avail = Object.fromEntries(r.body.data.map((p: { platform: string; available: boolean; reason?: string }) => [p.platform, { available: p.available, reason: p.reason }]));
    for (const p of ['facebook', 'google', 'tiktok', 'linkedin']) expect(avail[p]).toEqual({ available: true, reason: undefined });
    const user = (await http(w.app.url, 'POST', '/api/v1/auth/token', { headers: key(a.apiKey), body: { externalUserId: 'li-user' } })).body.data.accessToken;
    const li = await http(w.app.url, 'POST', '/api/v1/connections/linkedin/auth-url', { headers: { authorization: `Bearer ${user}` }, body: {} });
    // Known platform now: this tenant just has no LinkedIn app yet (a 409 naming that), not a 400 for an unknown platform.
    expect(li.status).toBe(409);
    expect(JSON.stringify(li.body)).toMatch(/app/i);
  });

  it('create stores secrets as vault ciphertext, reads never return them (configured + last 4), and they round-trip', async () => {
    const secret = `fb-secret-${randomBytes(8).toString('hex')}`;
    trackSecret(secret);
    const r = await http(w.app.url, 'POST', '/api/v1/tenant/apps/facebook', {
      headers: bearer(a.ownerToken),
      body: { appId: '987654321012345', appSecret: secret, redirectUri: 'https://tenant.example/cb' },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toEqual({
      platform: 'facebook',
      configured: true,
      appId: '987654321012345',
      appSecret: { configured: true, last4: secret.slice(-4) },
      redirectUri: 'https://tenant.example/cb',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const g = await http(w.app.url, 'GET', '/api/v1/tenant/apps/facebook', { headers: key(a.apiKey) });
    expect(g.body.data).toEqual(r.body.data);
    expect(JSON.stringify(g.body)).not.toContain(secret);

    const row = await stored(a.tenantId, 'facebook');
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.secrets.appSecret).toMatch(/^v1\.k1\./);
    const dec = await w.app.services.tenantApps.getDecrypted(w.app.infra.orm.em.fork() as never, a.tenantId, 'facebook');
    expect(dec).toEqual({ clientId: '987654321012345', clientSecret: secret, redirectUri: 'https://tenant.example/cb', extras: {} });
    expect(await w.app.services.tenantApps.getDecrypted(w.app.infra.orm.em.fork() as never, b.tenantId, 'facebook')).toBeNull();
  });

  it('a second create → 409 ALREADY_EXISTS; PATCH changes only what is sent; DELETE removes; then 404', async () => {
    const body = { clientId: 'li-client', clientSecret: 'li-secret-value-1' };
    trackSecret(body.clientSecret, 'li-secret-value-2');
    expect((await http(w.app.url, 'POST', '/api/v1/tenant/apps/linkedin', { headers: key(a.apiKey), body })).status).toBe(201);
    const dup = await http(w.app.url, 'POST', '/api/v1/tenant/apps/linkedin', { headers: key(a.apiKey), body });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('ALREADY_EXISTS');
    const p = await http(w.app.url, 'PATCH', '/api/v1/tenant/apps/linkedin', { headers: key(a.apiKey), body: { clientSecret: 'li-secret-value-2', redirectUri: 'https://x.example/cb' } });
    expect(p.status).toBe(200);
    expect(p.body.data).toMatchObject({ clientId: 'li-client', clientSecret: { configured: true, last4: 'ue-2' }, redirectUri: 'https://x.example/cb' });
    const clear = await http(w.app.url, 'PATCH', '/api/v1/tenant/apps/linkedin', { headers: key(a.apiKey), body: { redirectUri: null } });
    expect(clear.body.data.redirectUri).toBeUndefined();
    expect((await http(w.app.url, 'DELETE', '/api/v1/tenant/apps/linkedin', { headers: key(a.apiKey) })).status).toBe(200);
    for (const m of ['GET', 'DELETE']) expect((await http(w.app.url, m, '/api/v1/tenant/apps/linkedin', { headers: key(a.apiKey) })).status).toBe(404);
    expect((await http(w.app.url, 'PATCH', '/api/v1/tenant/apps/linkedin', { headers: key(a.apiKey), body: { clientId: 'x' } })).status).toBe(404);
  });

  it('google keeps developerToken secret and loginCustomerId plain (digits only in getDecrypted)', async () => {
    trackSecret('g-secret-123456', 'dev-token-abcdefgh');
    const r = await http(w.app.url, 'POST', '/api/v1/tenant/apps/google', {
      headers: key(a.apiKey),
      body: { clientId: 'g-client', clientSecret: 'g-secret-123456', developerToken: 'dev-token-abcdefgh', loginCustomerId: '123-456-7890' },
    });
    expect(r.status).toBe(201);
    expect(r.body.data.developerToken).toEqual({ configured: true, last4: 'efgh' });
    const dec = await w.app.services.tenantApps.getDecrypted(w.app.infra.orm.em.fork() as never, a.tenantId, 'google');
    expect(dec?.extras).toEqual({ developerToken: 'dev-token-abcdefgh', loginCustomerId: '1234567890' });
  });

  it("404 across tenants: B's key never sees, changes or deletes A's apps", async () => {
    for (const creds of [key(b.apiKey), bearer(b.ownerToken)]) {
      expect((await http(w.app.url, 'GET', '/api/v1/tenant/apps/facebook', { headers: creds })).status).toBe(404);
      expect((await http(w.app.url, 'PATCH', '/api/v1/tenant/apps/facebook', { headers: creds, body: { appId: '111111' } })).status).toBe(404);
      expect((await http(w.app.url, 'DELETE', '/api/v1/tenant/apps/facebook', { headers: creds })).status).toBe(404);
    }
    // B configuring its own facebook app does not collide with A's
    trackSecret('b-own-secret-1');
    const own = await http(w.app.url, 'POST', '/api/v1/tenant/apps/facebook', { headers: key(b.apiKey), body: { appId: '222222', appSecret: 'b-own-secret-1' } });
    expect(own.status).toBe(201);
    const mine = await http(w.app.url, 'GET', '/api/v1/tenant/apps/facebook', { headers: key(a.apiKey) });
    expect(mine.body.data.appId).toBe('987654321012345');
  });

  it('values stay readable after a new key is put in front of the ring, and new writes use the new key', async () => {
    const c = await createTenant(w.app);
    trackSecret('c-fb-secret-value');
    await http(w.app.url, 'POST', '/api/v1/tenant/apps/facebook', { headers: key(c.apiKey), body: { appId: '333333', appSecret: 'c-fb-secret-value' } });
    expect((await stored(c.tenantId, 'facebook')).secrets.appSecret).toMatch(/^v1\.k1\./);
    const rotated = await startWorld({ platforms: [], tenant: false, env: { ENCRYPTION_KEYS: `${k2},${k1}` } });
    others.push(rotated.app);
    try {
      const em = () => rotated.app.infra.orm.em.fork() as never;
      const before = await rotated.app.services.tenantApps.getDecrypted(em(), c.tenantId, 'facebook');
      expect(before?.clientSecret).toBe('c-fb-secret-value');
      const g = await http(rotated.app.url, 'GET', '/api/v1/tenant/apps/facebook', { headers: key(c.apiKey) });
      expect(g.body.data.appSecret.configured).toBe(true);
      expect((await reencryptWithServices(rotated.app.services, rotated.app.infra.logger)).tenantApps.rewritten).toBeGreaterThan(0);
      expect((await stored(c.tenantId, 'facebook')).secrets.appSecret).toMatch(/^v1\.k2\./);
      expect((await rotated.app.services.tenantApps.getDecrypted(em(), c.tenantId, 'facebook'))?.clientSecret).toBe(before?.clientSecret);
    } finally {
      await closeAll([rotated.app]);
    }
  });

  it('configureApps (test helper) sets the simulator apps for facebook, google and tiktok', async () => {
    const c = await createTenant(w.app);
    await configureApps(w.app, c.apiKey);
    const em = () => w.app.infra.orm.em.fork() as never;
    expect(await w.app.services.tenantApps.getDecrypted(em(), c.tenantId, 'tiktok')).toMatchObject({ clientId: SIM_APPS.tiktok.appId, clientSecret: SIM_APPS.tiktok.secret });
    expect(await w.app.services.tenantApps.getDecrypted(em(), c.tenantId, 'google')).toMatchObject({ clientId: SIM_APPS.google.clientId });
    expect(await w.app.services.tenantApps.getDecrypted(em(), c.tenantId, 'facebook')).toMatchObject({ clientId: SIM_APPS.facebook.appId });
  });

  it('an unsupported platform → 404', async () => {
    expect((await http(w.app.url, 'GET', '/api/v1/tenant/apps/myspace', { headers: key(a.apiKey) })).status).toBe(404);
  });

  it('leaves no secret (app secrets, API keys, tokens) in the captured pino logs', async () => {
    await closeAndExpectNoLeaks([w.app, ...others]);
  });
});
