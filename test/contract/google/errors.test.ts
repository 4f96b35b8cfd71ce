import { adsError, call, mintToken, search, start, V, type Sim } from './google-sim.helpers';

const Q = { query: 'SELECT customer.id FROM customer' };

describe('google simulator authentication and platform errors (docs/platforms/google.md §7)', () => {
  let sim: Sim;
  let alice: string;
  beforeAll(async () => {
    sim = await start();
    alice = (await mintToken(sim, 'alice')).access_token;
  });
  afterAll(() => sim.close());
  afterEach(() => call(sim, 'DELETE', '/__sim/faults'));

  it('no Authorization header → 401 UNAUTHENTICATED with ErrorInfo CREDENTIALS_MISSING', async () => {
    const r = await call(sim, 'POST', `/${V}/customers/1000000001/googleAds:search`, { body: Q });
    expect(r.status).toBe(401);
    expect(r.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(r.body.error.details[0]).toMatchObject({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'CREDENTIALS_MISSING' });
  });

  it('an unknown token → 401 authenticationError OAUTH_TOKEN_INVALID', async () => {
    const r = await search(sim, 'ya29.not-a-token', '1000000001', Q);
    expect(r.status).toBe(401);
    expect(adsError(r.body).errorCode).toEqual({ authenticationError: 'OAUTH_TOKEN_INVALID' });
  });

  it('a token forced to expire via /__sim/tokens/expire → 401 OAUTH_TOKEN_EXPIRED', async () => {
    const t = (await mintToken(sim, 'alice')).access_token;
    expect((await search(sim, t, '1000000001', Q)).status).toBe(200);
    expect((await call(sim, 'POST', '/__sim/tokens/expire', { body: { token: t } })).status).toBe(200);
    const r = await search(sim, t, '1000000001', Q);
    expect(r.status).toBe(401);
    expect(r.body.error.status).toBe('UNAUTHENTICATED');
    expect(adsError(r.body).errorCode).toEqual({ authenticationError: 'OAUTH_TOKEN_EXPIRED' });
  });

  it('expires_in is honoured: a 1-second token stops working after a second', async () => {
    const t = await mintToken(sim, 'alice', { expiresIn: 1 });
    expect(t.expires_in).toBeLessThanOrEqual(1);
    expect((await search(sim, t.access_token, '1000000001', Q)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect(adsError((await search(sim, t.access_token, '1000000001', Q)).body).errorCode).toEqual({ authenticationError: 'OAUTH_TOKEN_EXPIRED' });
  });

  it('a token revoked via /__sim/tokens/revoke → 401 OAUTH_TOKEN_REVOKED', async () => {
    const t = (await mintToken(sim, 'alice')).access_token;
    await call(sim, 'POST', '/__sim/tokens/revoke', { body: { token: t } });
    expect(adsError((await search(sim, t, '1000000001', Q)).body).errorCode).toEqual({ authenticationError: 'OAUTH_TOKEN_REVOKED' });
  });

  it('a user without Ads accounts → 401 NOT_ADS_USER; a token without the adwords scope → 403 ACCESS_TOKEN_SCOPE_INSUFFICIENT', async () => {
    const nobody = (await mintToken(sim, 'nobody')).access_token;
    const r = await call(sim, 'GET', `/${V}/customers:listAccessibleCustomers`, { token: nobody });
    expect(r.status).toBe(401);
    expect(adsError(r.body).errorCode).toEqual({ authenticationError: 'NOT_ADS_USER' });
    const narrow = (await mintToken(sim, 'alice', { scope: 'openid email' })).access_token;
    const s = await search(sim, narrow, '1000000001', Q);
    expect(s.status).toBe(403);
    expect(s.body.error.details[0].reason).toBe('ACCESS_TOKEN_SCOPE_INSUFFICIENT');
  });

  it('unknown customer → 401 CUSTOMER_NOT_FOUND; malformed id → 400 INVALID_CUSTOMER_ID; bad login-customer-id → 400 INVALID_LOGIN_CUSTOMER_ID', async () => {
    expect(adsError((await search(sim, alice, '1234567890', Q)).body).errorCode).toEqual({ authenticationError: 'CUSTOMER_NOT_FOUND' });
    const bad = await search(sim, alice, '123-456-7890', Q);
    expect(bad.status).toBe(400);
    expect(adsError(bad.body).errorCode).toEqual({ requestError: 'INVALID_CUSTOMER_ID' });
    const hdr = await search(sim, alice, '1000000001', Q, { 'login-customer-id': '200-000-0000' });
    expect(adsError(hdr.body).errorCode).toEqual({ headerError: 'INVALID_LOGIN_CUSTOMER_ID' });
  });

  it('a sunset version answers UNSUPPORTED_VERSION; any later vNN is served', async () => {
    const old = await call(sim, 'POST', '/v19/customers/1000000001/googleAds:search', { token: alice, body: Q });
    expect(old.status).toBe(400);
    expect(old.body.error.details[0]['@type']).toBe('type.googleapis.com/google.ads.googleads.v19.errors.GoogleAdsFailure');
    expect(adsError(old.body).errorCode).toEqual({ requestError: 'UNSUPPORTED_VERSION' });
    expect((await call(sim, 'POST', '/v26/customers/1000000001/googleAds:search', { token: alice, body: Q })).status).toBe(200);
  });

  it.each([
    [{ status: 500 }, 500, 'INTERNAL', { internalError: 'INTERNAL_ERROR' }],
    [{ status: 503 }, 503, 'UNAVAILABLE', { internalError: 'TRANSIENT_ERROR' }],
    [{ status: 504 }, 504, 'DEADLINE_EXCEEDED', { internalError: 'DEADLINE_EXCEEDED' }],
    [{ status: 429 }, 429, 'RESOURCE_EXHAUSTED', { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' }],
    [{ kind: 'quota' }, 429, 'RESOURCE_EXHAUSTED', { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' }],
    [{ kind: 'daily-quota' }, 429, 'RESOURCE_EXHAUSTED', { quotaError: 'RESOURCE_EXHAUSTED' }],
    [{ kind: 'temporarily-exhausted' }, 429, 'RESOURCE_EXHAUSTED', { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' }],
    [{ kind: 'token-expired' }, 401, 'UNAUTHENTICATED', { authenticationError: 'OAUTH_TOKEN_EXPIRED' }],
    [{ kind: 'permission' }, 403, 'PERMISSION_DENIED', { authorizationError: 'USER_PERMISSION_DENIED' }],
    [{ kind: 'not-enabled' }, 403, 'PERMISSION_DENIED', { authorizationError: 'CUSTOMER_NOT_ENABLED' }],
    [{ kind: 'query' }, 400, 'INVALID_ARGUMENT', { queryError: 'UNEXPECTED_INPUT' }],
  ])('injected fault %j → %i %s with GoogleAdsFailure %j', async (fault, status, rpcStatus, errorCode) => {
    await call(sim, 'POST', '/__sim/faults', { body: { ...fault, path: 'googleAds:search', count: 1 } });
    const r = await search(sim, alice, '1000000001', Q);
    expect(r.status).toBe(status);
    expect(r.body.error).toMatchObject({ code: status, status: rpcStatus });
    expect(adsError(r.body).errorCode).toEqual(errorCode);
    expect((await search(sim, alice, '1000000001', Q)).status).toBe(200);
  });

  // Source: google/ads/googleads/v23/errors/quota_error.proto and
  // https://developers.google.com/google-ads/api/docs/best-practices/quotas (daily operations quota).
  it('the daily quota fault carries no retryDelay; short-term throttling does', async () => {
    await call(sim, 'POST', '/__sim/faults', { body: { kind: 'daily-quota', count: 1 } });
    const r = await search(sim, alice, '1000000001', Q);
    expect(adsError(r.body).details).toEqual({ quotaErrorDetails: { rateScope: 'DEVELOPER', rateName: expect.any(String) } });
  });

  it('a quota fault carries quotaErrorDetails with a retryDelay', async () => {
    await call(sim, 'POST', '/__sim/faults', { body: { kind: 'quota', count: 1 } });
    const r = await search(sim, alice, '1000000001', Q);
    expect(adsError(r.body).details).toEqual({ quotaErrorDetails: { rateScope: 'ACCOUNT', rateName: expect.any(String), retryDelay: '30s' } });
  });

  it('an explicit fault body is sent verbatim; latency and dropped connections apply', async () => {
    await call(sim, 'POST', '/__sim/faults', { body: { status: 502, body: { custom: true }, count: 1 } });
    const r = await search(sim, alice, '1000000001', Q);
    expect(r).toMatchObject({ status: 502, body: { custom: true } });
    await call(sim, 'POST', '/__sim/faults', { body: { latencyMs: 150, count: 1 } });
    const t0 = Date.now();
    expect((await search(sim, alice, '1000000001', Q)).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    await call(sim, 'POST', '/__sim/faults', { body: { drop: true, count: 1 } });
    await expect(search(sim, alice, '1000000001', Q)).rejects.toThrow();
  });

  it('a token-endpoint fault answers in the OAuth error shape', async () => {
    await call(sim, 'POST', '/__sim/faults', { body: { path: '/token', status: 503, count: 1 } });
    const r = await fetch(`${sim.baseUrl}/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'c' }) });
    expect(r.status).toBe(503);
    expect(await r.json()).toEqual({ error: expect.any(String), error_description: expect.any(String) });
  });

  it('malformed JSON → 400 INVALID_ARGUMENT, never 500', async () => {
    const r = await fetch(`${sim.baseUrl}/${V}/customers/1000000001/googleAds:search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as any).error.status).toBe('INVALID_ARGUMENT');
  });
});
