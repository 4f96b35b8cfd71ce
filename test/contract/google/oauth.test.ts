import { createHash, randomBytes } from 'node:crypto';
import { ADWORDS_SCOPE, DEFAULT_APP } from '../../simulators/google';
import { call, start, V, type Sim } from './google-sim.helpers';

const REDIRECT = 'http://127.0.0.1:9999/callback';

function authorizeUrl(sim: Sim, extra: Record<string, string> = {}) {
  const u = new URL(`${sim.baseUrl}/o/oauth2/v2/auth`);
  const params = {
    client_id: DEFAULT_APP.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: ADWORDS_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    state: 'st-123',
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

async function authorize(sim: Sim, extra: Record<string, string> = {}) {
  const r = await fetch(authorizeUrl(sim, extra), { redirect: 'manual' });
  return { status: r.status, location: r.headers.get('location') ? new URL(r.headers.get('location')!) : undefined, text: await r.text() };
}

async function token(sim: Sim, form: Record<string, string>) {
  const r = await fetch(`${sim.baseUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: r.status, body: (await r.json()) as any };
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

describe('google simulator OAuth (docs/platforms/google.md §2)', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await start();
  });
  afterAll(() => sim.close());

  it('authorize redirects at once with code, scope and state; the code + S256 verifier buys tokens that reach alice accounts', async () => {
    const { verifier, challenge } = pkce();
    const a = await authorize(sim, { code_challenge: challenge, code_challenge_method: 'S256' });
    expect(a.status).toBe(302);
    expect(a.location!.origin + a.location!.pathname).toBe(REDIRECT);
    expect(a.location!.searchParams.get('state')).toBe('st-123');
    expect(a.location!.searchParams.get('scope')).toBe(ADWORDS_SCOPE);
    const code = a.location!.searchParams.get('code')!;
    expect(code).toMatch(/^4\/0A/);

    const t = await token(sim, { grant_type: 'authorization_code', code, client_id: DEFAULT_APP.clientId, client_secret: 'x', redirect_uri: REDIRECT, code_verifier: verifier });
    expect(t.status).toBe(200);
    expect(t.body).toEqual({ access_token: expect.stringMatching(/^ya29\./), expires_in: expect.any(Number), refresh_token: expect.stringMatching(/^1\/\//), scope: ADWORDS_SCOPE, token_type: 'Bearer' });
    expect(t.body.expires_in).toBeGreaterThan(3500);
    expect(t.body.expires_in).toBeLessThanOrEqual(3599);

    const list = await call(sim, 'GET', `/${V}/customers:listAccessibleCustomers`, { token: t.body.access_token });
    expect(list.status).toBe(200);
    expect(list.body.resourceNames).toEqual(['customers/1000000001', 'customers/1000000002', 'customers/1000000003', 'customers/2000000000']);

    const again = await token(sim, { grant_type: 'authorization_code', code, client_id: DEFAULT_APP.clientId, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });

  it('a wrong or missing PKCE verifier is refused with invalid_grant', async () => {
    const { challenge } = pkce();
    const a1 = await authorize(sim, { code_challenge: challenge, code_challenge_method: 'S256' });
    const bad = await token(sim, { grant_type: 'authorization_code', code: a1.location!.searchParams.get('code')!, client_id: DEFAULT_APP.clientId, redirect_uri: REDIRECT, code_verifier: 'wrong' });
    expect(bad).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'Invalid code verifier.' } });
    const a2 = await authorize(sim, { code_challenge: challenge, code_challenge_method: 'S256' });
    const missing = await token(sim, { grant_type: 'authorization_code', code: a2.location!.searchParams.get('code')!, client_id: DEFAULT_APP.clientId, redirect_uri: REDIRECT });
    expect(missing.body).toEqual({ error: 'invalid_grant', error_description: 'Missing code verifier.' });
  });

  it('refresh_token grant returns a new access token without a refresh token; a revoked one answers invalid_grant', async () => {
    const a = await authorize(sim);
    const t = await token(sim, { grant_type: 'authorization_code', code: a.location!.searchParams.get('code')!, client_id: DEFAULT_APP.clientId, redirect_uri: REDIRECT });
    const r = await token(sim, { grant_type: 'refresh_token', refresh_token: t.body.refresh_token, client_id: DEFAULT_APP.clientId, client_secret: 's' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ access_token: expect.stringMatching(/^ya29\./), expires_in: expect.any(Number), scope: ADWORDS_SCOPE, token_type: 'Bearer' });
    expect(r.body.access_token).not.toBe(t.body.access_token);

    const rv = await fetch(`${sim.baseUrl}/revoke?token=${encodeURIComponent(t.body.refresh_token)}`, { method: 'POST' });
    expect(rv.status).toBe(200);
    const after = await token(sim, { grant_type: 'refresh_token', refresh_token: t.body.refresh_token, client_id: DEFAULT_APP.clientId });
    expect(after).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } });
    const api = await call(sim, 'GET', `/${V}/customers:listAccessibleCustomers`, { token: r.body.access_token });
    expect(api.status).toBe(401);
    expect(api.body.error.details[0].errors[0].errorCode).toEqual({ authenticationError: 'OAUTH_TOKEN_REVOKED' });
  });

  it('without access_type=offline no refresh token is issued', async () => {
    const a = await authorize(sim, { access_type: 'online' });
    const t = await token(sim, { grant_type: 'authorization_code', code: a.location!.searchParams.get('code')!, client_id: DEFAULT_APP.clientId, redirect_uri: REDIRECT });
    expect(t.status).toBe(200);
    expect(t.body.refresh_token).toBeUndefined();
  });

  it('sim_deny=1 redirects with error=access_denied and the state', async () => {
    const a = await authorize(sim, { sim_deny: '1' });
    expect(a.status).toBe(302);
    expect(Object.fromEntries(a.location!.searchParams)).toEqual({ state: 'st-123', error: 'access_denied' });
  });

  it('sim_user=bob yields a token for bob, who sees only his accounts', async () => {
    const a = await authorize(sim, { sim_user: 'bob' });
    const t = await token(sim, { grant_type: 'authorization_code', code: a.location!.searchParams.get('code')!, client_id: DEFAULT_APP.clientId, redirect_uri: REDIRECT });
    const list = await call(sim, 'GET', `/${V}/customers:listAccessibleCustomers`, { token: t.body.access_token });
    expect(list.body).toEqual({ resourceNames: ['customers/3000000001', 'customers/3000000002'] });
  });

  it('a redirect_uri different from the authorize one is refused, and unknown grant types are refused', async () => {
    const a = await authorize(sim);
    const t = await token(sim, { grant_type: 'authorization_code', code: a.location!.searchParams.get('code')!, client_id: DEFAULT_APP.clientId, redirect_uri: 'http://evil/cb' });
    expect(t).toEqual({ status: 400, body: { error: 'redirect_uri_mismatch', error_description: 'Bad Request' } });
    const u = await token(sim, { grant_type: 'password', client_id: DEFAULT_APP.clientId });
    expect(u.status).toBe(400);
    expect(u.body.error).toBe('unsupported_grant_type');
  });
});

describe('google simulator strict mode', () => {
  let sim: Sim;
  const app = { clientId: 'registered.apps.googleusercontent.com', clientSecret: 'right-secret', redirectUris: [REDIRECT] };
  beforeAll(async () => {
    sim = await start({ strict: true, apps: [app] });
  });
  afterAll(() => sim.close());

  it('rejects an unknown client at authorize (no redirect) and at the token endpoint with invalid_client', async () => {
    const a = await authorize(sim, { client_id: 'unknown-client' });
    expect(a.status).toBe(401);
    expect(a.location).toBeUndefined();
    expect(a.text).toContain('invalid_client');
    const t = await token(sim, { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'unknown-client', client_secret: 'y' });
    expect(t).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } });
  });

  it('rejects a wrong secret for a registered client and an unregistered redirect URI', async () => {
    const a = await authorize(sim, { client_id: app.clientId });
    const t = await token(sim, { grant_type: 'authorization_code', code: a.location!.searchParams.get('code')!, client_id: app.clientId, client_secret: 'wrong', redirect_uri: REDIRECT });
    expect(t).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'Unauthorized' } });
    const bad = await authorize(sim, { client_id: app.clientId, redirect_uri: 'http://127.0.0.1:1/other' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('redirect_uri_mismatch');
  });

  it('accepts the registered client with its secret (also via HTTP Basic)', async () => {
    const a = await authorize(sim, { client_id: app.clientId });
    const r = await fetch(`${sim.baseUrl}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: a.location!.searchParams.get('code')!, redirect_uri: REDIRECT }).toString(),
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as any).access_token).toMatch(/^ya29\./);
  });
});
