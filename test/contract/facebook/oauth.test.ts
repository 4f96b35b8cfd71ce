import { startFacebookSim, DEFAULT_APP, USERS, wellKnownToken } from '../../simulators/facebook';
import { FbClient, mintToken, simPost } from './fb-client';

type Sim = Awaited<ReturnType<typeof startFacebookSim>>;
const REDIRECT = 'https://gateway.example.test/api/v1/connections/facebook/callback';

async function authorize(sim: Sim, params: Record<string, string>) {
  const q = new URLSearchParams({ client_id: DEFAULT_APP.id, redirect_uri: REDIRECT, state: 'st-1', scope: 'ads_management,ads_read', response_type: 'code', ...params });
  const res = await fetch(`${sim.baseUrl}/v25.0/dialog/oauth?${q}`, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') ?? '', text: await res.text() };
}

const queryOf = (location: string) => new URL(location.replace(/#.*$/, '')).searchParams;

describe('facebook simulator: OAuth', () => {
  let sim: Sim;
  let graph: FbClient;
  beforeAll(async () => {
    sim = await startFacebookSim();
    graph = new FbClient(sim.baseUrl);
  });
  afterAll(() => sim.close());

  it('redirects the dialog at once with a code for alice, which exchanges for a working bearer token', async () => {
    const dialog = await authorize(sim, {});
    expect(dialog.status).toBe(302);
    expect(dialog.location.startsWith(`${REDIRECT}?`)).toBe(true);
    expect(dialog.location.endsWith('#_=_')).toBe(true);
    const q = queryOf(dialog.location);
    expect(q.get('state')).toBe('st-1');
    const code = q.get('code')!;
    expect(code).toBeTruthy();

    const tok = await graph.get('oauth/access_token', { client_id: DEFAULT_APP.id, client_secret: 'anything', redirect_uri: REDIRECT, code });
    expect(tok.status).toBe(200);
    expect(tok.body).toEqual({ access_token: expect.stringMatching(/^EAA/), token_type: 'bearer', expires_in: expect.any(Number) });
    expect(tok.body.expires_in).toBeGreaterThan(5_000_000);

    const me = await new FbClient(sim.baseUrl, tok.body.access_token).get('me', { fields: 'id,name' });
    expect(me.body).toEqual({ id: USERS.alice.id, name: USERS.alice.name });
    const perms = await new FbClient(sim.baseUrl, tok.body.access_token).get('me/permissions');
    expect(perms.body.data).toEqual([
      { permission: 'ads_management', status: 'granted' },
      { permission: 'ads_read', status: 'granted' },
    ]);
  });

  it('answers 100/36009 when a code is used twice and 100/36008 when redirect_uri differs', async () => {
    const code = queryOf((await authorize(sim, {})).location).get('code')!;
    const mismatch = await graph.get('oauth/access_token', { client_id: DEFAULT_APP.id, client_secret: 's', redirect_uri: `${REDIRECT}/other`, code });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatchObject({ type: 'OAuthException', code: 100, error_subcode: 36008, fbtrace_id: expect.any(String) });

    const ok = await graph.get('oauth/access_token', { client_id: DEFAULT_APP.id, client_secret: 's', redirect_uri: REDIRECT, code });
    expect(ok.status).toBe(200);
    const again = await graph.get('oauth/access_token', { client_id: DEFAULT_APP.id, client_secret: 's', redirect_uri: REDIRECT, code });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ message: 'This authorization code has been used.', type: 'OAuthException', code: 100, error_subcode: 36009 });
  });

  it('logs in another seeded user with sim_user and redirects with the real denial params with sim_deny=1', async () => {
    const code = queryOf((await authorize(sim, { sim_user: 'bob' })).location).get('code')!;
    const tok = await graph.get('oauth/access_token', { client_id: DEFAULT_APP.id, client_secret: 's', redirect_uri: REDIRECT, code });
    const me = await new FbClient(sim.baseUrl, tok.body.access_token).get('me');
    expect(me.body).toEqual({ id: USERS.bob.id, name: USERS.bob.name });

    const denied = await authorize(sim, { sim_deny: '1' });
    expect(denied.status).toBe(302);
    const q = queryOf(denied.location);
    expect(Object.fromEntries(q)).toEqual({ error: 'access_denied', error_reason: 'user_denied', error_description: 'Permissions error', state: 'st-1' });
  });

  it('exchanges a token for a long-lived one (fb_exchange_token) and describes it in debug_token', async () => {
    const { access_token } = await mintToken(sim.baseUrl, { expiresIn: 3600 });
    const ll = await new FbClient(sim.baseUrl, undefined, '').get('oauth/access_token', {
      grant_type: 'fb_exchange_token', client_id: DEFAULT_APP.id, client_secret: 's', fb_exchange_token: access_token,
    });
    expect(ll.status).toBe(200);
    expect(ll.body.expires_in).toBeGreaterThan(5_000_000);
    expect(ll.body.access_token).not.toBe(access_token);

    const dbg = await graph.get('debug_token', { input_token: ll.body.access_token, access_token: `${DEFAULT_APP.id}|${DEFAULT_APP.secret}` });
    expect(dbg.status).toBe(200);
    expect(dbg.body.data).toMatchObject({ app_id: DEFAULT_APP.id, type: 'USER', is_valid: true, user_id: USERS.alice.id, scopes: expect.arrayContaining(['ads_management', 'ads_read']) });
    expect(dbg.body.data.granular_scopes).toContainEqual({ scope: 'ads_management', target_ids: expect.arrayContaining(['100000000000001']) });
    expect(dbg.body.data.expires_at).toBeGreaterThan(Date.now() / 1000);
  });

  it('answers 104 without a token, 190 for an unknown one, and accepts a Bearer header', async () => {
    const none = await graph.get('me');
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: 104, type: 'OAuthException' });
    const bad = await new FbClient(sim.baseUrl, 'EAAnotatoken').get('me');
    expect(bad.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    const viaHeader = await fetch(`${sim.baseUrl}/v25.0/me`, { headers: { authorization: `Bearer ${wellKnownToken('alice')}` } });
    expect(await viaHeader.json()).toEqual({ id: USERS.alice.id, name: USERS.alice.name });
  });

  it('makes minted tokens fail with 190/463 once expired and 190/458 once revoked, as debug_token reports', async () => {
    const t1 = await mintToken(sim.baseUrl, { user: 'bob' });
    const c1 = new FbClient(sim.baseUrl, t1.access_token);
    expect((await c1.get('me')).status).toBe(200);
    expect((await simPost(sim.baseUrl, '/tokens/expire', { token: t1.access_token })).status).toBe(200);
    const expired = await c1.get('me');
    expect(expired.status).toBe(400);
    expect(expired.body.error).toMatchObject({ code: 190, error_subcode: 463, type: 'OAuthException' });
    expect(expired.body.error.message).toMatch(/^Error validating access token: Session has expired on /);
    const dbg = await graph.get('debug_token', { input_token: t1.access_token, access_token: `${DEFAULT_APP.id}|x` });
    expect(dbg.body.data).toMatchObject({ is_valid: false, error: { code: 190, subcode: 463 } });

    const t2 = await mintToken(sim.baseUrl, { user: 'bob' });
    await simPost(sim.baseUrl, '/tokens/revoke', { token: t2.access_token });
    const revoked = await new FbClient(sim.baseUrl, t2.access_token).get('me/adaccounts');
    expect(revoked.body.error).toMatchObject({ code: 190, error_subcode: 458 });
  });

  it('revokes every token of the user for the app on DELETE /me/permissions', async () => {
    const t = await mintToken(sim.baseUrl, { user: 'carol' });
    const other = await mintToken(sim.baseUrl, { user: 'carol' });
    const c = new FbClient(sim.baseUrl, t.access_token);
    const del = await c.del('me/permissions');
    expect(del.body).toEqual({ success: true });
    expect((await c.get('me')).body.error).toMatchObject({ code: 190, error_subcode: 458 });
    expect((await new FbClient(sim.baseUrl, other.access_token).get('me')).body.error).toMatchObject({ code: 190, error_subcode: 458 });
  });
});

describe('facebook simulator: strict mode', () => {
  let sim: Sim;
  const app = { id: '999000111', secret: 'registered-secret', redirectUris: [REDIRECT] };
  beforeAll(async () => {
    sim = await startFacebookSim({ strict: true, apps: [app] });
  });
  afterAll(() => sim.close());

  it('rejects an unknown app id at the dialog (400 page) and at the token endpoint (code 101)', async () => {
    const dialog = await authorize(sim, { client_id: '123' });
    expect(dialog.status).toBe(400);
    expect(dialog.text).toContain('Invalid App ID');
    const tok = await new FbClient(sim.baseUrl).get('oauth/access_token', { client_id: '123', client_secret: 'x', redirect_uri: REDIRECT, code: 'c' });
    expect(tok.status).toBe(400);
    expect(tok.body.error).toMatchObject({ code: 101, type: 'OAuthException' });
  });

  it('rejects a wrong secret with code 1 "Error validating client secret." and accepts the registered pair', async () => {
    const code = queryOf((await authorize(sim, { client_id: app.id })).location).get('code')!;
    const wrong = await new FbClient(sim.baseUrl).get('oauth/access_token', { client_id: app.id, client_secret: 'nope', redirect_uri: REDIRECT, code });
    expect(wrong.body.error).toMatchObject({ code: 1, message: 'Error validating client secret.' });
    const ok = await new FbClient(sim.baseUrl).get('oauth/access_token', { client_id: app.id, client_secret: app.secret, redirect_uri: REDIRECT, code });
    expect(ok.status).toBe(200);
  });

  it('blocks a redirect URI that is not registered for the app', async () => {
    const res = await authorize(sim, { client_id: app.id, redirect_uri: 'https://evil.example.test/cb' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('URL Blocked');
  });
});
