import { createTenant, configureApps, externalUserToken, leakedSecrets, trackSecret } from '../../helpers/identity';
import { authorize } from '../../helpers/connections';
import { http, startWorld, type TestApp, type World } from '../../world';

let w: World;
let app: TestApp;
let apiKey: string;

beforeAll(async () => {
  w = await startWorld();
  ({ app, apiKey } = w);
  await allowOrigins(apiKey, ['https://tenant.example']);
});
afterAll(() => w?.close());

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
async function allowOrigins(key: string, allowedOrigins: string[] | null) {
  const r = await http(app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': key }, body: { settings: { allowedOrigins } } });
  expect(r.status).toBe(200);
  return r;
}
const FINAL = 'https://tenant.example/connected';

async function authUrl(token: string, platform: string, body: Record<string, unknown> = { redirectUri: FINAL }) {
  return http(app.url, 'POST', `/api/v1/connections/${platform}/auth-url`, { headers: bearer(token), body });
}

/** Runs authorize → gateway callback and returns where the gateway redirected the browser. */
async function roundTrip(token: string, platform: string, simParams: Record<string, string> = {}) {
  const r = await authUrl(token, platform);
  expect(r.status).toBe(200);
  const callback = await authorize(r.body.data.url, simParams);
  expect(callback.startsWith(`${app.url}/api/v1/connections/${platform}/callback`)).toBe(true);
  const cb = await fetch(callback, { redirect: 'manual' });
  expect(cb.status).toBe(302);
  return { final: new URL(cb.headers.get('location')!), callback, state: r.body.data.state as string };
}

describe.each([
  ['facebook', ['100000000000001', '100000000000002', '100000000000003']],
  ['tiktok', ['7000000000000000011', '7000000000000000012', '7000000000000000013']],
  ['google', ['1000000001', '1000000002', '2000000001', '2000000002']],
])('OAuth round trip on %s', (platform, expected) => {
  it('connects, stores the grant and lists the discovered ad accounts with names, currencies and time zones', async () => {
    const token = await externalUserToken(app, apiKey, `oauth-${platform}`);
    const { final } = await roundTrip(token, platform);
    expect(final.origin + final.pathname).toBe(FINAL);
    expect(final.searchParams.get('status')).toBe('success');
    const connectionId = final.searchParams.get('connectionId');
    expect(connectionId).toMatch(/^[0-9a-f-]{36}$/);

    const list = await http(app.url, 'GET', '/api/v1/connections', { headers: bearer(token) });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toMatch(/access_?token|refresh_?token/i);
    const conn = list.body.data.items.find((c: { connectionId: string }) => c.connectionId === connectionId);
    expect(conn).toMatchObject({ platform, status: 'active', connected: true, kind: 'oauth' });
    const ids = conn.adAccounts.map((a: { adAccountId: string }) => a.adAccountId);
    for (const id of expected) expect(ids).toContain(id);
    const first = conn.adAccounts.find((a: { adAccountId: string }) => a.adAccountId === expected[0]);
    expect(first).toMatchObject({ name: expect.any(String), currency: expect.stringMatching(/^[A-Z]{3}$/), timezone: expect.any(String), status: 'available' });
  });
});

describe('auth-url', () => {
  it('builds the Google URL with PKCE S256 and offline access, and a state that is unguessable', async () => {
    const token = await externalUserToken(app, apiKey, 'pkce-user');
    const r = await authUrl(token, 'google');
    const u = new URL(r.body.data.url);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.searchParams.get('access_type')).toBe('offline');
    expect(u.searchParams.get('state')).toBe(r.body.data.state);
    expect(r.body.data.state.length).toBeGreaterThanOrEqual(43);
    expect(new Date(r.body.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('when the tenant has no app for the platform, answers 409 PLATFORM_APP_NOT_CONFIGURED', async () => {
    const other = await createTenant(app);
    const token = await externalUserToken(app, other.apiKey, 'no-app-user');
    const r = await authUrl(token, 'facebook');
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('PLATFORM_APP_NOT_CONFIGURED');
  });

  it('when the platform is unknown or the body has unknown fields, answers 400', async () => {
    const token = await externalUserToken(app, apiKey, 'bad-input');
    expect((await authUrl(token, 'myspace')).status).toBe(400);
    const r = await authUrl(token, 'facebook', { redirectUri: FINAL, extra: 1 });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('without a credential answers 401', async () => {
    const r = await http(app.url, 'POST', '/api/v1/connections/facebook/auth-url', { body: {} });
    expect(r.status).toBe(401);
  });
});

describe('auth-url redirectUri must be on one of the tenant allowedOrigins', () => {
  it('a redirectUri on another origin answers 400 VALIDATION_FAILED naming body.redirectUri', async () => {
    const token = await externalUserToken(app, apiKey, 'origin-user');
    for (const evil of ['http://evil.example.com/steal', 'https://tenant.example.evil.com/x', 'http://tenant.example/connected', 'https://tenant.example:8443/x']) {
      const r = await authUrl(token, 'facebook', { redirectUri: evil });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
      expect(r.body.error.details[0].path).toBe('body.redirectUri');
    }
    expect((await authUrl(token, 'facebook', { redirectUri: 'https://tenant.example/any/path?x=1' })).status).toBe(200);
  });

  it("with an empty list only the gateway's own PUBLIC_URL origin is allowed", async () => {
    const other = await createTenant(app);
    await configureApps(app, other.apiKey);
    const token = await externalUserToken(app, other.apiKey, 'own-origin-user');
    const foreign = await authUrl(token, 'tiktok', { redirectUri: FINAL });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details[0].message).toContain(app.url);
    expect((await authUrl(token, 'tiktok', { redirectUri: `${app.url}/connection-result` })).status).toBe(200);
  });

  it('PATCH /api/v1/tenant stores validated origins, de-duplicated, and null clears them', async () => {
    const other = await createTenant(app);
    const set = await allowOrigins(other.apiKey, ['https://a.example', 'http://localhost:5173', 'https://a.example']);
    expect(set.body.data.settings.allowedOrigins).toEqual(['https://a.example', 'http://localhost:5173']);
    for (const bad of ['https://a.example/', 'https://a.example/path', 'ftp://a.example', 'a.example', 'javascript:alert(1)']) {
      const r = await http(app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': other.apiKey }, body: { settings: { allowedOrigins: [bad] } } });
      expect(r.status).toBe(400);
      expect(r.body.error.details[0].path).toBe('body.settings.allowedOrigins.0');
    }
    const cleared = await allowOrigins(other.apiKey, null);
    expect(cleared.body.data.settings.allowedOrigins).toBeUndefined();
  });
});

describe('callback failures redirect with status=error, never a 500', () => {
  it('when the user denies consent, redirects with code=ACCESS_DENIED', async () => {
    const token = await externalUserToken(app, apiKey, 'denier');
    for (const platform of ['facebook', 'tiktok', 'google']) {
      const { final } = await roundTrip(token, platform, { sim_deny: '1' });
      expect(final.searchParams.get('status')).toBe('error');
      expect(final.searchParams.get('code')).toBe('ACCESS_DENIED');
    }
    const list = await http(app.url, 'GET', '/api/v1/connections', { headers: bearer(token) });
    expect(list.body.data).toEqual({ items: [], nextCursor: null });
  });

  it('when the state is reused, redirects with code=STATE_REUSED and creates nothing more', async () => {
    const token = await externalUserToken(app, apiKey, 'reuser');
    const { final, callback } = await roundTrip(token, 'tiktok');
    expect(final.searchParams.get('status')).toBe('success');
    const again = await fetch(callback, { redirect: 'manual' });
    expect(again.status).toBe(302);
    const loc = new URL(again.headers.get('location')!);
    expect(loc.searchParams.get('status')).toBe('error');
    expect(loc.searchParams.get('code')).toBe('STATE_REUSED');
  });

  it('when the state is unknown, answers 400 (there is nowhere to redirect)', async () => {
    const r = await http(app.url, 'GET', '/api/v1/connections/facebook/callback?code=x&state=forged-state');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('when the state has expired, redirects with code=STATE_EXPIRED', async () => {
    const token = await externalUserToken(app, apiKey, 'late-user');
    const r = await authUrl(token, 'facebook');
    const callback = await authorize(r.body.data.url);
    await app.infra.orm.em.fork().getConnection().execute(`update oauth_states set expires_at = now() - interval '1 minute' where expires_at > now()`);
    const cb = await fetch(callback, { redirect: 'manual' });
    expect(cb.status).toBe(302);
    expect(new URL(cb.headers.get('location')!).searchParams.get('code')).toBe('STATE_EXPIRED');
  });

  it('when the platform refuses the code, redirects with the mapped error code', async () => {
    const token = await externalUserToken(app, apiKey, 'refused-user');
    const r = await authUrl(token, 'google');
    const callback = new URL(await authorize(r.body.data.url));
    callback.searchParams.set('code', 'not-a-real-code');
    const cb = await fetch(callback, { redirect: 'manual' });
    expect(cb.status).toBe(302);
    const loc = new URL(cb.headers.get('location')!);
    expect(loc.searchParams.get('status')).toBe('error');
    expect(loc.searchParams.get('code')).toMatch(/^(CONNECTION_REAUTH_REQUIRED|PLATFORM_REJECTED)$/);
  });
});

describe('secrets', () => {
  it('platform tokens are stored encrypted and appear in no log line', async () => {
    const rows = (await app.infra.orm.em.fork().getConnection().execute('select access_token_enc, refresh_token_enc from connections')) as { access_token_enc: string | null; refresh_token_enc: string | null }[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) {
      for (const enc of [r.access_token_enc, r.refresh_token_enc]) {
        if (!enc) continue;
        expect(enc).toMatch(/^v1\./);
        // Other test files share the database; rows under another file's key ring are not ours to read.
        if (!app.config.ENCRYPTION_KEYS.split(',').some((k) => enc.startsWith(`v1.${k.split(':')[0]}.`))) continue;
        trackSecret(app.services.vault.decrypt(enc));
      }
    }
    expect(leakedSecrets([app.logFile])).toEqual([]);
  });
});
