import { useWorld } from '../../world';
import { aliceAndBob, G, gaqlPath, searchStreamOf } from './fixtures';

/**
 * Each GoogleAdsFailure family as the caller sees it. Faults are injected on one
 * account's searchStream path; currencies are warmed first so each test sees only its own call.
 */
const w = useWorld({ platform: 'google', workers: true }, aliceAndBob);
const Q = 'SELECT campaign.id FROM campaign';
beforeAll(async () => {
  for (const id of [G.aliceUs, G.aliceEu, G.aliceJp, G.bobBikes]) {
    await w.call('GET', gaqlPath({ adAccountId: id, query: Q }), { as: id === G.bobBikes ? w.bob.headers : w.user.headers });
  }
}, 60_000);

const run = (id: string = G.aliceUs, headers = w.user.headers) => w.call('GET', gaqlPath({ adAccountId: id, query: Q }), { as: headers });
const streamCalls = async (id: string = G.aliceUs) => (await w.sim.calls(searchStreamOf(id))).length;

function quotaBody(code: string, retryDelay: string | undefined) {
  return {
    error: {
      code: 429,
      message: 'Resource has been exhausted (e.g. check quota).',
      status: 'RESOURCE_EXHAUSTED',
      details: [
        {
          '@type': 'type.googleapis.com/google.ads.googleads.v23.errors.GoogleAdsFailure',
          errors: [
            {
              errorCode: { quotaError: code },
              message: 'Too many requests.',
              details: { quotaErrorDetails: { rateScope: 'ACCOUNT', rateName: 'Requests per account per second', ...(retryDelay ? { retryDelay } : {}) } },
            },
          ],
          requestId: 'sim-quota',
        },
      ],
    },
  };
}

describe('Google Ads failures on /api/v1/google/gaql', () => {
  it('authorizationError USER_PERMISSION_DENIED → 403 FORBIDDEN with the platform error, not retried', async () => {
    await w.sim.fault({ kind: 'permission', path: searchStreamOf(G.aliceUs) });
    const r = await run();
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({
      code: 'FORBIDDEN',
      details: [expect.objectContaining({ platform: 'google', code: 'authorizationError.USER_PERMISSION_DENIED', traceId: expect.any(String) })],
    });
    expect(await streamCalls()).toBe(1);
  });

  it('authorizationError CUSTOMER_NOT_ENABLED → 403 FORBIDDEN', async () => {
    await w.sim.fault({ kind: 'not-enabled', path: searchStreamOf(G.aliceUs) });
    const r = await run();
    expect(r.status).toBe(403);
    expect(r.body.error.details[0].code).toBe('authorizationError.CUSTOMER_NOT_ENABLED');
  });

  it('queryError (the platform disagreeing with our validator) → 400 INVALID_QUERY', async () => {
    await w.sim.fault({ kind: 'query', path: searchStreamOf(G.aliceUs) });
    const r = await run();
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'INVALID_QUERY', details: [expect.objectContaining({ code: 'queryError.UNEXPECTED_INPUT' })] });
    expect(await streamCalls()).toBe(1);
  });

  it('quotaError with a short retry delay: waits that long, retries and answers 200', async () => {
    await w.sim.fault({ status: 429, body: quotaBody('RESOURCE_TEMPORARILY_EXHAUSTED', '1s'), path: searchStreamOf(G.aliceEu), count: 1 });
    const started = Date.now();
    const r = await run(G.aliceEu);
    expect(r.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await streamCalls(G.aliceEu)).toBe(2);
  });

  it('quotaError whose delay cannot be waited out → 429 PLATFORM_RATE_LIMITED with Retry-After', async () => {
    await w.sim.fault({ kind: 'quota', path: searchStreamOf(G.aliceJp) });
    const r = await run(G.aliceJp);
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('PLATFORM_RATE_LIMITED');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    // The pause is shared: the next call to that account is refused by the gateway without reaching Google.
    await w.sim.clearFaults();
    await w.sim.clearCalls();
    const again = await run(G.aliceJp);
    expect(again.status).toBe(429);
    expect(await streamCalls(G.aliceJp)).toBe(0);
  });

  // Daily operations quota (https://developers.google.com/google-ads/api/docs/best-practices/quotas):
  // retrying before the reset only spends calls.
  it('daily RESOURCE_EXHAUSTED → 429 at once with Retry-After at the reset, the customer held, no retry', async () => {
    // rateScope ACCOUNT: only this customer is held (a DEVELOPER-scoped one would hold the tenant's app).
    await w.sim.fault({ status: 429, body: quotaBody('RESOURCE_EXHAUSTED', undefined), path: searchStreamOf(G.bobBikes) });
    const r = await run(G.bobBikes, w.bob.headers);
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('PLATFORM_RATE_LIMITED');
    expect(Number(r.headers.get('retry-after'))).toBe(3600);
    expect(await streamCalls(G.bobBikes)).toBe(1);
    await w.sim.clearFaults();
    await w.sim.clearCalls();
    const again = await run(G.bobBikes, w.bob.headers);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await streamCalls(G.bobBikes)).toBe(0);
    // Other customers of the tenant are unaffected.
    expect((await run(G.aliceUs)).status).toBe(200);
    // An operator lifts the hold (the other tests of this file use bob's customer).
    await w.app.services.limiter.clearPauses();
  });

  it('INTERNAL once → retried and answered', async () => {
    await w.sim.fault({ kind: 'internal', path: searchStreamOf(G.aliceUs), count: 1 });
    const r = await run();
    expect(r.status).toBe(200);
    expect(await streamCalls()).toBe(2);
  });

  it('INTERNAL every time → retried, then 502 PLATFORM_UNAVAILABLE', async () => {
    await w.sim.fault({ kind: 'internal', path: searchStreamOf(G.aliceUs) });
    const r = await run();
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(await streamCalls()).toBe(1 + w.app.config.HTTP_MAX_RETRIES);
  });

  it('UNAVAILABLE (transient) every time → 502 PLATFORM_UNAVAILABLE', async () => {
    await w.sim.fault({ kind: 'unavailable', path: searchStreamOf(G.aliceUs) });
    const r = await run();
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('PLATFORM_UNAVAILABLE');
  });

  it('DEADLINE_EXCEEDED every time → 504 PLATFORM_TIMEOUT', async () => {
    await w.sim.fault({ kind: 'deadline', path: searchStreamOf(G.aliceUs) });
    const r = await run();
    expect(r.status).toBe(504);
    expect(r.body.error.code).toBe('PLATFORM_TIMEOUT');
  });

  it('authenticationError after one refresh attempt → 403 CONNECTION_REAUTH_REQUIRED, and the connection stops passing the guard', async () => {
    await w.sim.fault({ kind: 'token-expired', path: searchStreamOf(G.bobBikes) });
    const r = await run(G.bobBikes, w.bob.headers);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
    const refreshes = (await w.sim.calls('/token')).filter((c) => c.body?.grant_type === 'refresh_token');
    expect(refreshes).toHaveLength(1);
    expect(await streamCalls(G.bobBikes)).toBe(2);
    await w.sim.clearFaults();
    await w.sim.clearCalls();
    const after = await run(G.bobBikes, w.bob.headers);
    expect(after.status).toBe(403);
    expect(after.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
    expect(await streamCalls(G.bobBikes)).toBe(0);
  });
});
