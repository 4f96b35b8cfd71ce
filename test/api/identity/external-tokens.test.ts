import { http, startWorld, type World } from '../../world';
import { createTenant, externalUserTokens, trackSecret, type CreatedTenant } from '../../helpers/identity';
import { bearer, closeAll, closeAndExpectNoLeaks, forge, key, whoamiRoutes } from './support';

describe('external-user tokens (POST /auth/token, GET /auth/refresh)', () => {
  let world: World;
  let a: CreatedTenant;
  let b: CreatedTenant;
  beforeAll(async () => {
    world = await startWorld({ platforms: [], tenant: false, app: { extraRoutes: whoamiRoutes } });
    [a, b] = await Promise.all([createTenant(world.app), createTenant(world.app)]);
  });
  afterAll(() => closeAll([world.app]));

  const whoami = (headers: Record<string, string>, query = '') => http(world.app.url, 'GET', `/api/v1/__test/whoami${query}`, { headers });

  it('issues access and refresh JWTs with sub, tenant, typ, jti and exp from config', async () => {
    const t = await externalUserTokens(world.app, a.apiKey, 'user-1');
    expect(t).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, refreshExpiresIn: 30 * 24 * 3600 });
    const claims = JSON.parse(Buffer.from(t.accessToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ tid: a.tenantId, typ: 'access', ext: 'user-1', jti: expect.any(String), sub: expect.any(String) });
    expect(claims.exp - claims.iat).toBe(900);
    const r = await whoami(bearer(t.accessToken));
    expect(r.status).toBe(200);
    expect(r.body.data.auth).toEqual({ kind: 'external-user', tenantId: a.tenantId, userId: claims.sub, externalId: 'user-1', via: 'bearer' });
  });

  it('creates the external user on first use and reuses it afterwards (same userId)', async () => {
    const first = await externalUserTokens(world.app, a.apiKey, 'user-2');
    const second = await externalUserTokens(world.app, a.apiKey, 'user-2');
    const sub = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()).sub;
    expect(sub(first.accessToken)).toBe(sub(second.accessToken));
  });

  it("keeps tenants apart: the same externalUserId in tenant B is a different user, and B's key never reaches A's user", async () => {
    const ta = await externalUserTokens(world.app, a.apiKey, 'shared-id');
    const tb = await externalUserTokens(world.app, b.apiKey, 'shared-id');
    const ra = (await whoami(bearer(ta.accessToken))).body.data.auth;
    const rb = (await whoami(bearer(tb.accessToken))).body.data.auth;
    expect(ra.tenantId).toBe(a.tenantId);
    expect(rb.tenantId).toBe(b.tenantId);
    expect(ra.userId).not.toBe(rb.userId);
    const viaKey = (await whoami({ ...key(b.apiKey), 'x-external-user-id': 'shared-id' })).body.data.auth;
    expect(viaKey).toEqual({ ...rb, via: 'api-key' });
  });

  it('accepts the access token as ?token= and never logs it', async () => {
    const t = await externalUserTokens(world.app, a.apiKey, 'user-q');
    const r = await whoami({}, `?token=${encodeURIComponent(t.accessToken)}`);
    expect(r.status).toBe(200);
    expect(r.body.data.auth.via).toBe('query-token');
  });

  it('accepts x-api-key with externalUserId from the header, the query or the body', async () => {
    const h = await whoami({ ...key(a.apiKey), 'x-external-user-id': 'via-header' });
    const q = await whoami(key(a.apiKey), '?externalUserId=via-query');
    const bd = await http(world.app.url, 'POST', '/api/v1/__test/whoami', { headers: key(a.apiKey), body: { externalUserId: 'via-body', note: 'x' } });
    expect([h.status, q.status, bd.status]).toEqual([200, 200, 200]);
    expect(h.body.data.auth.externalId).toBe('via-header');
    expect(q.body.data.auth.externalId).toBe('via-query');
    expect(bd.body.data.auth).toMatchObject({ externalId: 'via-body', via: 'api-key' });
    // the credential field does not reach the route's strict body schema
    expect(bd.body.data.body).toEqual({ note: 'x' });
  });

  it('with x-api-key but no externalUserId, answers 400 VALIDATION_FAILED', async () => {
    const r = await whoami(key(a.apiKey));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('when externalUserId values disagree, answers 400', async () => {
    const r = await whoami({ ...key(a.apiKey), 'x-external-user-id': 'one' }, '?externalUserId=two');
    expect(r.status).toBe(400);
  });

  describe('401 paths on the main surface', () => {
    const cases: [string, () => Record<string, string>, () => string, string][] = [
      ['no credential', () => ({}), () => '', 'UNAUTHENTICATED'],
      ['a malformed Authorization header', () => ({ authorization: 'Token abc' }), () => '', 'UNAUTHENTICATED'],
      ['a bearer that is not a JWT', () => bearer('not-a-jwt'), () => '', 'TOKEN_INVALID'],
      ['a JWT with a bad signature', () => bearer(forge(world.app, { sub: 'x', tid: a.tenantId, typ: 'access', ext: 'u' }, { secret: 'x'.repeat(40) })), () => '', 'TOKEN_INVALID'],
      ['an expired access token', () => bearer(forge(world.app, { sub: 'x', tid: a.tenantId, typ: 'access', ext: 'u', exp: Math.floor(Date.now() / 1000) - 10 })), () => '', 'TOKEN_EXPIRED'],
      ['an unknown API key', () => ({ ...key(`aag_${'A'.repeat(43)}`), 'x-external-user-id': 'u' }), () => '', 'API_KEY_INVALID'],
      ['a malformed API key', () => ({ ...key('nope'), 'x-external-user-id': 'u' }), () => '', 'API_KEY_INVALID'],
      ['a tenant-user token on a platform surface', () => bearer(a.ownerToken), () => '', 'TOKEN_INVALID'],
      ['two credentials at once (Bearer and x-api-key)', () => ({ ...bearer(a.ownerToken), ...key(a.apiKey), 'x-external-user-id': 'u' }), () => '', 'UNAUTHENTICATED'],
    ];
    it.each(cases)('with %s → 401', async (_name, headers, query, code) => {
      const r = await whoami(headers(), query());
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe(code);
      expect(r.headers.get('ratelimit-limit')).toBeNull();
    });

    it('a refresh token where an access token is expected → 401 TOKEN_INVALID', async () => {
      const t = await externalUserTokens(world.app, a.apiKey, 'user-typ');
      const r = await whoami(bearer(t.refreshToken));
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('TOKEN_INVALID');
    });

    it('an access token where a refresh token is expected → 401 TOKEN_INVALID', async () => {
      const t = await externalUserTokens(world.app, a.apiKey, 'user-typ2');
      const r = await http(world.app.url, 'GET', '/api/v1/auth/refresh', { headers: bearer(t.accessToken) });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('TOKEN_INVALID');
    });

    it('an expired refresh token → 401 TOKEN_EXPIRED', async () => {
      const expired = forge(world.app, { sub: 'x', tid: a.tenantId, typ: 'refresh', ext: 'u', exp: Math.floor(Date.now() / 1000) - 1 });
      const r = await http(world.app.url, 'GET', '/api/v1/auth/refresh', { headers: bearer(expired) });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('TOKEN_EXPIRED');
    });

    it('a well-signed refresh token that was never issued → 401 TOKEN_INVALID', async () => {
      const r = await http(world.app.url, 'GET', '/api/v1/auth/refresh', { headers: bearer(forge(world.app, { sub: 'x', tid: a.tenantId, typ: 'refresh', ext: 'u' })) });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('TOKEN_INVALID');
    });

    it('POST /auth/token with a Bearer token instead of x-api-key → 401', async () => {
      const t = await externalUserTokens(world.app, a.apiKey, 'u-wrong-form');
      const r = await http(world.app.url, 'POST', '/api/v1/auth/token', { headers: bearer(t.accessToken), body: { externalUserId: 'x' } });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('refresh rotation', () => {
    it('rotates: the new pair works and the old refresh token stops working', async () => {
      const t = await externalUserTokens(world.app, a.apiKey, 'rot-1');
      const r1 = await http(world.app.url, 'GET', '/api/v1/auth/refresh', { headers: bearer(t.refreshToken) });
      expect(r1.status).toBe(200);
      trackSecret(r1.body.data.accessToken, r1.body.data.refreshToken);
      expect(r1.body.data.refreshToken).not.toBe(t.refreshToken);
      expect((await whoami(bearer(r1.body.data.accessToken))).body.data.auth.externalId).toBe('rot-1');
      const r2 = await http(world.app.url, 'GET', '/api/v1/auth/refresh', { headers: bearer(r1.body.data.refreshToken) });
      expect(r2.status).toBe(200);
      trackSecret(r2.body.data.accessToken, r2.body.data.refreshToken);
    });

    it('reusing a rotated refresh token revokes the whole family (401), including the newest token', async () => {
      const t = await externalUserTokens(world.app, a.apiKey, 'rot-2');
      const r1 = await http(world.app.url, 'GET', '/api/v1/auth/refresh', { headers: bearer(t.refreshToken) });
      trackSecret(r1.body.data.accessToken, r1.body.data.refreshToken);
      const reuse = await http(world.app.url, 'GET', '/api/v1/auth/refresh', { headers: bearer(t.refreshToken) });
      expect(reuse.status).toBe(401);
      expect(reuse.body.error.code).toBe('TOKEN_INVALID');
      const newest = await http(world.app.url, 'GET', '/api/v1/auth/refresh', { headers: bearer(r1.body.data.refreshToken) });
      expect(newest.status).toBe(401);
      expect(newest.body.error.code).toBe('TOKEN_INVALID');
      // a fresh login starts a new family and works
      const again = await externalUserTokens(world.app, a.apiKey, 'rot-2');
      expect((await http(world.app.url, 'GET', '/api/v1/auth/refresh', { headers: bearer(again.refreshToken) })).status).toBe(200);
    });

    it('two concurrent refreshes of one token count as reuse: at most one answers 200, and afterwards no token of the family works', async () => {
      const t = await externalUserTokens(world.app, a.apiKey, 'rot-3');
      const rs = await Promise.all([1, 2].map(() => http(world.app.url, 'GET', '/api/v1/auth/refresh', { headers: bearer(t.refreshToken) })));
      const winners = rs.filter((r) => r.status === 200);
      for (const r of winners) trackSecret(r.body.data.accessToken, r.body.data.refreshToken);
      expect(winners.length).toBeLessThanOrEqual(1);
      expect(rs.filter((r) => r.status === 401)).not.toHaveLength(0);
      for (const w of winners) {
        const after = await http(world.app.url, 'GET', '/api/v1/auth/refresh', { headers: bearer(w.body.data.refreshToken) });
        expect(after.status).toBe(401);
      }
    });
  });

  describe('team-scoped twins', () => {
    it('POST /{teamId}/auth/token issues tokens for the team as the external user', async () => {
      const r = await http(world.app.url, 'POST', '/api/v1/team-42/auth/token', { headers: key(a.apiKey) });
      expect(r.status).toBe(200);
      trackSecret(r.body.data.accessToken, r.body.data.refreshToken);
      const auth = (await whoami(bearer(r.body.data.accessToken))).body.data.auth;
      expect(auth).toMatchObject({ tenantId: a.tenantId, externalId: 'team-42' });
      const team = await http(world.app.url, 'GET', '/api/v1/team-42/__test/whoami', { headers: key(a.apiKey) });
      expect(team.body.data.auth).toEqual({ ...auth, via: 'team' });

      const refreshed = await http(world.app.url, 'GET', '/api/v1/team-42/auth/refresh', { headers: { ...key(a.apiKey), ...bearer(r.body.data.refreshToken) } });
      expect(refreshed.status).toBe(200);
      trackSecret(refreshed.body.data.accessToken, refreshed.body.data.refreshToken);
      const reuse = await http(world.app.url, 'GET', '/api/v1/team-42/auth/refresh', { headers: { ...key(a.apiKey), ...bearer(r.body.data.refreshToken) } });
      expect(reuse.status).toBe(401);
    });

    it('team refresh with another team or another tenant key → 401', async () => {
      const r = await http(world.app.url, 'POST', '/api/v1/team-7/auth/token', { headers: key(a.apiKey), body: { name: 'Team Seven' } });
      trackSecret(r.body.data.accessToken, r.body.data.refreshToken);
      const other = await http(world.app.url, 'GET', '/api/v1/team-8/auth/refresh', { headers: { ...key(a.apiKey), ...bearer(r.body.data.refreshToken) } });
      expect(other.status).toBe(401);
      const otherTenant = await http(world.app.url, 'GET', '/api/v1/team-7/auth/refresh', { headers: { ...key(b.apiKey), ...bearer(r.body.data.refreshToken) } });
      expect(otherTenant.status).toBe(401);
      const noKey = await http(world.app.url, 'GET', '/api/v1/team-7/auth/refresh', { headers: bearer(r.body.data.refreshToken) });
      expect(noKey.status).toBe(401);
    });

    it('the team surface refuses a Bearer token (x-api-key only) → 401', async () => {
      const t = await externalUserTokens(world.app, a.apiKey, 'team-b');
      const r = await http(world.app.url, 'GET', '/api/v1/team-b/__test/whoami', { headers: bearer(t.accessToken) });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('UNAUTHENTICATED');
      const both = await http(world.app.url, 'POST', '/api/v1/team-b/auth/token', { headers: { ...key(a.apiKey), ...bearer(t.accessToken) } });
      expect(both.status).toBe(401);
    });

    it('an invalid teamId → 400', async () => {
      const r = await http(world.app.url, 'POST', `/api/v1/${'x'.repeat(129)}/auth/token`, { headers: key(a.apiKey) });
      expect(r.status).toBe(400);
    });
  });

  it('leaves no secret (API keys, passwords, tokens) in the captured pino logs', async () => {
    await closeAndExpectNoLeaks([world.app]);
  });
});
