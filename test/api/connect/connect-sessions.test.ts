import { createHash } from 'node:crypto';
import { http, startWorld, type TestApp } from '../../world';
import { configureApps, createTenant, externalUserToken, SIM_APPS, trackSecret, type CreatedTenant } from '../../helpers/identity';
import { closeAll, closeAndExpectNoLeaks } from '../identity/support';

/** POST /api/v1/connect/sessions: the tenant's server asks for a single-use Connect page link. */
describe('POST /api/v1/connect/sessions', () => {
  let app: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;

  beforeAll(async () => {
    // Two tenants of its own: a with every app, b with a Meta app only.
    app = (await startWorld({ platforms: [], linked: true, tenant: false })).app;
    [a, b] = [await createTenant(app), await createTenant(app)];
    await configureApps(app, a.apiKey);
    // Tenant b has only a Meta app.
    const r = await http(app.url, 'POST', '/api/v1/tenant/apps/facebook', { headers: { 'x-api-key': b.apiKey }, body: SIM_APPS.facebook });
    expect(r.status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await closeAll([app]);
  });

  const create = async (t: CreatedTenant, body: Record<string, unknown>, headers: Record<string, string> = { 'x-api-key': t.apiKey }) => {
    const r = await http(app.url, 'POST', '/api/v1/connect/sessions', { headers, body });
    if (r.status === 201) trackSecret(r.body.data.token);
    return r;
  };
  const rowOf = async (token: string) =>
    (
      (await app.infra.orm.em.getConnection().execute(
        `select s.*, u.external_id, u.tenant_id as user_tenant_id from connect_sessions s join external_users u on u.id = s.external_user_id where s.token_hash = ?`,
        [createHash('sha256').update(token).digest('hex')],
      )) as Record<string, any>[]
    )[0];
  const allowOrigins = async (t: CreatedTenant, allowedOrigins: string[]) => {
    const r = await http(app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': t.apiKey }, body: { settings: { allowedOrigins } } });
    expect(r.status).toBe(200);
  };

  it('answers a single-use link to the Connect page on this gateway, valid 30 minutes, with only the token hash stored', async () => {
    const r = await create(a, { externalUserId: 'sess-user-1', platforms: ['facebook', 'tiktok'], locale: 'en-GB' });
    expect(r.status).toBe(201);
    const { token, url, expiresAt } = r.body.data;
    expect(token).toMatch(/^cs_[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`${app.config.PUBLIC_URL}/connect/${token}`);
    const row = await rowOf(token);
    expect(row).toBeDefined();
    expect(row!.external_id).toBe('sess-user-1');
    expect(row!.platforms).toEqual(['facebook', 'tiktok']);
    expect(row!.locale).toBe('en-GB');
    expect(new Date(row!.expires_at).toISOString()).toBe(expiresAt);
    expect(new Date(expiresAt).getTime() - new Date(row!.created_at).getTime()).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(new Date(expiresAt).getTime() - new Date(row!.created_at).getTime()).toBeLessThanOrEqual(30 * 60_000 + 1000);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it.each([
    ['no externalUserId', {}],
    ['an externalUserId with spaces', { externalUserId: 'has spaces' }],
    ['an unknown platform', { externalUserId: 'u', platforms: ['myspace'] }],
    ['an empty platform list', { externalUserId: 'u', platforms: [] }],
    ['a returnUrl that is not http(s)', { externalUserId: 'u', returnUrl: 'javascript:alert(1)' }],
    ['a returnUrl that is not a URL', { externalUserId: 'u', returnUrl: 'back home' }],
    ['a locale that is not a language tag', { externalUserId: 'u', locale: 'english please' }],
    ['an unknown field', { externalUserId: 'u', theme: 'dark' }],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_what, body) => {
    const r = await create(a, body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('needs the tenant API key: none, a wrong one, or an external user token is 401', async () => {
    expect((await create(a, { externalUserId: 'u' }, {})).status).toBe(401);
    expect((await create(a, { externalUserId: 'u' }, { 'x-api-key': `aag_${'z'.repeat(40)}` })).status).toBe(401);
    const userToken = await externalUserToken(app, a.apiKey, 'sess-user-2');
    expect((await create(a, { externalUserId: 'u' }, { authorization: `Bearer ${userToken}` })).status).toBe(401);
  });

  it("refuses a returnUrl off the tenant's allowed origins, and accepts the gateway's own origin and the allowed ones", async () => {
    const off = await create(a, { externalUserId: 'u', returnUrl: 'https://evil.example/steal' });
    expect(off.status).toBe(400);
    expect(off.body.error.details).toEqual([expect.objectContaining({ path: 'body.returnUrl' })]);
    expect((await create(a, { externalUserId: 'u', returnUrl: `${app.config.PUBLIC_URL}/connection-result` })).status).toBe(201);
    await allowOrigins(a, ['https://app.tenant-a.example']);
    expect((await create(a, { externalUserId: 'u', returnUrl: 'https://app.tenant-a.example/after?x=1' })).status).toBe(201);
    // A look-alike host is another origin.
    expect((await create(a, { externalUserId: 'u', returnUrl: 'https://app.tenant-a.example.evil.example/' })).status).toBe(400);
  });

  it("keeps tenants apart: another tenant's allowed origin is refused, and the same externalUserId is another user", async () => {
    await allowOrigins(a, ['https://app.tenant-a.example']);
    const r = await create(b, { externalUserId: 'shared-id', returnUrl: 'https://app.tenant-a.example/after' });
    expect(r.status).toBe(400);
    const inA = await create(a, { externalUserId: 'shared-id' });
    const inB = await create(b, { externalUserId: 'shared-id' });
    const [rowA, rowB] = [await rowOf(inA.body.data.token), await rowOf(inB.body.data.token)];
    expect(rowA!.tenant_id).toBe(a.tenantId);
    expect(rowA!.user_tenant_id).toBe(a.tenantId);
    expect(rowB!.tenant_id).toBe(b.tenantId);
    expect(rowB!.user_tenant_id).toBe(b.tenantId);
    expect(rowA!.external_user_id).not.toBe(rowB!.external_user_id);
  });

  it('answers 409 PLATFORM_APP_NOT_CONFIGURED for a platform the tenant has no app for, or when it has none', async () => {
    const r = await create(b, { externalUserId: 'u', platforms: ['facebook', 'tiktok'] });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('PLATFORM_APP_NOT_CONFIGURED');
    expect(r.body.error.details).toEqual([expect.objectContaining({ path: 'body.platforms', message: expect.stringContaining('tiktok') })]);
    const bare = await createTenant(app);
    const none = await create(bare, { externalUserId: 'u' });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('PLATFORM_APP_NOT_CONFIGURED');
  });

  // Last: it closes the app to flush its log.
  it('never writes a link token (or any other secret of this file) to the logs, not even when the link is opened', async () => {
    const r = await create(a, { externalUserId: 'sess-log' });
    const opened = await fetch(r.body.data.url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    await closeAndExpectNoLeaks([app]);
  });
});
