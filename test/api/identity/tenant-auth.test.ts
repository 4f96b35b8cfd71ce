import { http, startWorld, type World } from '../../world';
import { createTenant, externalUserToken, trackSecret, type CreatedTenant } from '../../helpers/identity';
import { startMailBox, mailTo, type MailBox } from '../../helpers/smtp';
import { bearer, closeAll, closeAndExpectNoLeaks, forge, key } from './support';

const tokenIn = (text: string, prefix: 'rst' | 'inv') => new RegExp(`${prefix}_[A-Za-z0-9_-]{43}`).exec(text)?.[0];

describe('tenant sign-up, login, API keys and passwords', () => {
  let w: World;
  let grace: World;
  let mail: MailBox;
  let t: CreatedTenant;
  beforeAll(async () => {
    mail = await startMailBox();
    w = await startWorld({ platforms: [], tenant: false, env: { SMTP_URL: mail.url } });
    grace = await startWorld({ platforms: [], tenant: false, env: { API_KEY_GRACE_SECONDS: '1' } });
    t = await createTenant(w.app);
  });
  afterAll(async () => {
    await closeAll([w.app, grace.app]);
    await mail?.close();
  });

  const login = (email: string, password: string) => http(w.app.url, 'POST', '/api/v1/tenant/auth/login', { body: { email, password } });

  describe('sign-up', () => {
    it('creates the tenant, its owner and a first API key shown once, stored only as a hash', async () => {
      const r = await http(w.app.url, 'POST', '/api/v1/tenants', {
        body: { email: 'Founder@Example.test', password: 'Sign-up-pass-1', name: 'Founder', tenantName: 'Acme' },
      });
      trackSecret('Sign-up-pass-1');
      expect(r.status).toBe(201);
      trackSecret(r.body.data.apiKey, r.body.data.tokens.accessToken, r.body.data.tokens.refreshToken);
      expect(r.body.data).toMatchObject({
        tenant: { id: expect.any(String), name: 'Acme' },
        user: { email: 'founder@example.test', name: 'Founder', role: 'owner' },
        apiKey: expect.stringMatching(/^aag_[A-Za-z0-9_-]{43}$/),
        tokens: { tokenType: 'Bearer', expiresIn: 3600 },
      });
      const rows = await w.app.infra.orm.em.getConnection().execute('select prefix, key_hash from api_keys where tenant_id = ?', [r.body.data.tenant.id]);
      expect(rows).toHaveLength(1);
      expect(r.body.data.apiKey.startsWith(rows[0]!.prefix)).toBe(true);
      expect(rows[0]!.key_hash).not.toContain(r.body.data.apiKey.slice(4));
      const pw = await w.app.infra.orm.em.getConnection().execute('select password_hash from tenant_users where email = ?', ['founder@example.test']);
      expect(pw[0]!.password_hash).toMatch(/^scrypt\$/);
      const masked = await http(w.app.url, 'GET', '/api/v1/tenant/api-key', { headers: key(r.body.data.apiKey) });
      expect(JSON.stringify(masked.body)).not.toContain(r.body.data.apiKey);
      expect(masked.body.data.current.maskedKey).toMatch(/^aag_.{8}•+.{4}$/);
    });

    it('with an email already registered (any case), answers 409 ALREADY_EXISTS and creates nothing', async () => {
      const r = await http(w.app.url, 'POST', '/api/v1/tenants', {
        body: { email: t.email.toUpperCase(), password: 'Another-pass-1', name: 'X', tenantName: 'Dup' },
      });
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('ALREADY_EXISTS');
      const n = await w.app.infra.orm.em.getConnection().execute("select count(*)::int as n from tenants where name = 'Dup'");
      expect(n[0]!.n).toBe(0);
    });
    it('two sign-ups racing for one email: one 201, the other 409 (never 500)', async () => {
      const body = { email: `race-${Date.now()}@example.test`, password: 'Race-pass-1234', name: 'R', tenantName: 'Race' };
      trackSecret(body.password);
      const rs = await Promise.all([1, 2].map(() => http(w.app.url, 'POST', '/api/v1/tenants', { body })));
      for (const r of rs) if (r.status === 201) trackSecret(r.body.data.apiKey, r.body.data.tokens.accessToken, r.body.data.tokens.refreshToken);
      expect(rs.map((r) => r.status).sort()).toEqual([201, 409]);
    });
  });

  describe('login and refresh', () => {
    it('logs in with email and password and the token administers the tenant', async () => {
      const r = await login(t.email, t.password);
      expect(r.status).toBe(200);
      trackSecret(r.body.data.accessToken, r.body.data.refreshToken);
      const me = await http(w.app.url, 'GET', '/api/v1/tenant', { headers: bearer(r.body.data.accessToken) });
      expect(me.status).toBe(200);
      expect(me.body.data.id).toBe(t.tenantId);
    });

    it('a wrong password or unknown email → 401 UNAUTHENTICATED with the same message', async () => {
      const wrong = await login(t.email, 'Wrong-password-1');
      const unknown = await login('nobody@example.test', 'Wrong-password-1');
      expect([wrong.status, unknown.status]).toEqual([401, 401]);
      expect(wrong.body.message).toBe(unknown.body.message);
    });

    it('rotates tenant refresh tokens; reuse revokes the family', async () => {
      const l = await login(t.email, t.password);
      trackSecret(l.body.data.accessToken, l.body.data.refreshToken);
      const r1 = await http(w.app.url, 'GET', '/api/v1/tenant/auth/refresh', { headers: bearer(l.body.data.refreshToken) });
      expect(r1.status).toBe(200);
      trackSecret(r1.body.data.accessToken, r1.body.data.refreshToken);
      const reuse = await http(w.app.url, 'GET', '/api/v1/tenant/auth/refresh', { headers: bearer(l.body.data.refreshToken) });
      expect(reuse.status).toBe(401);
      const newest = await http(w.app.url, 'GET', '/api/v1/tenant/auth/refresh', { headers: bearer(r1.body.data.refreshToken) });
      expect(newest.status).toBe(401);
    });

    it('tokens of the wrong kind are refused on the tenant surfaces (401)', async () => {
      const ext = await externalUserToken(w.app, t.apiKey, 'someone');
      expect((await http(w.app.url, 'GET', '/api/v1/tenant', { headers: bearer(ext) })).status).toBe(401);
      expect((await http(w.app.url, 'GET', '/api/v1/tenant', { headers: bearer(t.ownerRefreshToken) })).status).toBe(401);
      expect((await http(w.app.url, 'GET', '/api/v1/tenant/auth/refresh', { headers: bearer(t.ownerToken) })).status).toBe(401);
      const expired = forge(w.app, { sub: t.ownerId, tid: t.tenantId, typ: 'tenant-user', tv: 0, exp: Math.floor(Date.now() / 1000) - 5 });
      const r = await http(w.app.url, 'GET', '/api/v1/tenant', { headers: bearer(expired) });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('TOKEN_EXPIRED');
      expect((await http(w.app.url, 'GET', '/api/v1/tenant', { headers: bearer(`${t.ownerToken}x`) })).body.error.code).toBe('TOKEN_INVALID');
      expect((await http(w.app.url, 'GET', `/api/v1/tenant?token=${t.ownerToken}`)).status).toBe(401);
    });
  });

  describe('API key rotation', () => {
    it('returns the new key once; the old key keeps working during the grace period', async () => {
      const own = await createTenant(w.app);
      const r = await http(w.app.url, 'POST', '/api/v1/tenant/api-key', { headers: bearer(own.ownerToken) });
      expect(r.status).toBe(201);
      trackSecret(r.body.data.apiKey);
      expect(r.body.data.apiKey).not.toBe(own.apiKey);
      const graceEnds = new Date(r.body.data.previousKeyExpiresAt).getTime();
      expect(graceEnds - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
      expect((await http(w.app.url, 'GET', '/api/v1/tenant', { headers: key(own.apiKey) })).status).toBe(200);
      expect((await http(w.app.url, 'GET', '/api/v1/tenant', { headers: key(r.body.data.apiKey) })).status).toBe(200);
      const view = await http(w.app.url, 'GET', '/api/v1/tenant/api-key', { headers: key(r.body.data.apiKey) });
      expect(view.body.data.current.prefix).toBe(r.body.data.prefix);
      expect(view.body.data.previous).toHaveLength(1);
    });

    it('after the grace period the rotated-out key answers 401 API_KEY_INVALID', async () => {
      const own = await createTenant(grace.app);
      const r = await http(grace.app.url, 'POST', '/api/v1/tenant/api-key', { headers: key(own.apiKey) });
      expect(r.status).toBe(201);
      trackSecret(r.body.data.apiKey);
      await new Promise((res) => setTimeout(res, 1200));
      const old = await http(grace.app.url, 'POST', '/api/v1/auth/token', { headers: key(own.apiKey), body: { externalUserId: 'u' } });
      expect(old.status).toBe(401);
      expect(old.body.error.code).toBe('API_KEY_INVALID');
      const fresh = await http(grace.app.url, 'GET', '/api/v1/tenant', { headers: key(r.body.data.apiKey) });
      expect(fresh.status).toBe(200);
    });
  });

  describe('passwords', () => {
    it('change: wrong current password → 400; right one changes it, ends other sessions and returns fresh tokens', async () => {
      const u = await createTenant(w.app);
      const bad = await http(w.app.url, 'POST', '/api/v1/tenant/auth/password/change', {
        headers: bearer(u.ownerToken),
        body: { currentPassword: 'not-it-at-all', newPassword: 'Brand-new-pass-1' },
      });
      expect(bad.status).toBe(400);
      trackSecret('Brand-new-pass-1');
      const ok = await http(w.app.url, 'POST', '/api/v1/tenant/auth/password/change', {
        headers: bearer(u.ownerToken),
        body: { currentPassword: u.password, newPassword: 'Brand-new-pass-1' },
      });
      expect(ok.status).toBe(200);
      trackSecret(ok.body.data.accessToken, ok.body.data.refreshToken);
      expect((await http(w.app.url, 'GET', '/api/v1/tenant', { headers: bearer(u.ownerToken) })).status).toBe(401);
      expect((await http(w.app.url, 'GET', '/api/v1/tenant/auth/refresh', { headers: bearer(u.ownerRefreshToken) })).status).toBe(401);
      expect((await http(w.app.url, 'GET', '/api/v1/tenant', { headers: bearer(ok.body.data.accessToken) })).status).toBe(200);
      expect((await login(u.email, u.password)).status).toBe(401);
      expect((await login(u.email, 'Brand-new-pass-1')).status).toBe(200);
    });

    it('change with the API key (no person) → 403 FORBIDDEN', async () => {
      const r = await http(w.app.url, 'POST', '/api/v1/tenant/auth/password/change', {
        headers: key(t.apiKey),
        body: { currentPassword: 'whatever-1', newPassword: 'Whatever-new-1' },
      });
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('FORBIDDEN');
    });

    it('forgot always answers 200; the emailed token resets the password once, then is refused', async () => {
      const u = await createTenant(w.app);
      const unknown = await http(w.app.url, 'POST', '/api/v1/tenant/auth/password/forgot', { body: { email: 'ghost@example.test' } });
      const known = await http(w.app.url, 'POST', '/api/v1/tenant/auth/password/forgot', { body: { email: u.email } });
      expect([unknown.status, known.status]).toEqual([200, 200]);
      expect(unknown.body.message).toBe(known.body.message);

      const msg = await mailTo(mail, u.email);
      expect(msg.subject).toMatch(/reset/i);
      const token = tokenIn(msg.text, 'rst')!;
      expect(token).toBeDefined();
      trackSecret(token, 'Reset-new-pass-1');
      const stored = await w.app.infra.orm.em.getConnection().execute('select token_hash, expires_at, created_at from password_resets where tenant_id = ?', [u.tenantId]);
      expect(stored[0]!.token_hash).not.toContain(token);
      expect(new Date(stored[0]!.expires_at).getTime() - new Date(stored[0]!.created_at).getTime()).toBe(3600_000);

      const reset = await http(w.app.url, 'POST', '/api/v1/tenant/auth/password/reset', { body: { token, newPassword: 'Reset-new-pass-1' } });
      expect(reset.status).toBe(200);
      expect((await login(u.email, 'Reset-new-pass-1')).status).toBe(200);
      expect((await http(w.app.url, 'GET', '/api/v1/tenant', { headers: bearer(u.ownerToken) })).status).toBe(401);
      const again = await http(w.app.url, 'POST', '/api/v1/tenant/auth/password/reset', { body: { token, newPassword: 'Reset-new-pass-2' } });
      expect(again.status).toBe(401);
      expect(again.body.error.code).toBe('TOKEN_INVALID');
      expect(mail.messages.some((m) => m.to.includes('ghost@example.test'))).toBe(false);
    });

    it('a reset token older than one hour → 401 TOKEN_EXPIRED', async () => {
      const u = await createTenant(w.app);
      await http(w.app.url, 'POST', '/api/v1/tenant/auth/password/forgot', { body: { email: u.email } });
      const token = tokenIn((await mailTo(mail, u.email)).text, 'rst')!;
      trackSecret(token);
      await w.app.infra.orm.em.getConnection().execute("update password_resets set expires_at = now() - interval '1 second' where tenant_id = ?", [u.tenantId]);
      const r = await http(w.app.url, 'POST', '/api/v1/tenant/auth/password/reset', { body: { token, newPassword: 'Too-late-pass-1' } });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('TOKEN_EXPIRED');
    });
  });

  it('leaves no secret (API keys, passwords, tokens, reset tokens) in the captured pino logs', async () => {
    await closeAndExpectNoLeaks([w.app, grace.app]);
  });
});
