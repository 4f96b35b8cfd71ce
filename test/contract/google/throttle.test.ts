import { adsError, call, mintToken, search, start, type Sim } from './google-sim.helpers';

const Q = { query: 'SELECT customer.id FROM customer' };

/**
 * Per-customer short-term throttling is QuotaError RESOURCE_TEMPORARILY_EXHAUSTED with a retryDelay
 * (google/ads/googleads/v23/errors/quota_error.proto: "too many requests in a short period");
 * RESOURCE_EXHAUSTED is reserved for the daily operations quota.
 */
describe('google simulator per-customer budget', () => {
  let sim: Sim;
  let alice: string;
  beforeAll(async () => {
    sim = await start({ throttleRetrySeconds: 7 });
    alice = (await mintToken(sim, 'alice')).access_token;
  });
  afterAll(() => sim.close());
  beforeEach(() => call(sim, 'POST', '/__sim/reset'));

  it('usage rises with each call and the call over the budget answers 429 quotaError with a retryDelay', async () => {
    await call(sim, 'POST', '/__sim/budget', { body: { perAccountPerSecond: 3 } });
    // A frozen clock: the one-second window cannot roll over between calls on a slow machine.
    await call(sim, 'POST', '/__sim/clock', { body: { frozen: true } });
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await search(sim, alice, '1000000001', Q)).status).toBe(200);
      seen.push((await call(sim, 'GET', '/__sim/usage?customerId=1000000001')).body.lastSecond);
    }
    expect(seen).toEqual([1, 2, 3]);
    const r = await search(sim, alice, '1000000001', Q);
    expect(r.status).toBe(429);
    expect(r.body.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' });
    const e = adsError(r.body);
    expect(e.errorCode).toEqual({ quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' });
    expect(e.details).toEqual({ quotaErrorDetails: { rateScope: 'ACCOUNT', rateName: expect.any(String), retryDelay: '7s' } });
    expect((await call(sim, 'GET', '/__sim/stats')).body.throttled).toBe(1);
  });

  it('the budget is per customer: another account is unaffected, and the window frees after a second', async () => {
    await call(sim, 'POST', '/__sim/budget', { body: { perAccountPerSecond: 2 } });
    await call(sim, 'POST', '/__sim/clock', { body: { frozen: true } });
    await search(sim, alice, '1000000001', Q);
    await search(sim, alice, '1000000001', Q);
    expect((await search(sim, alice, '1000000001', Q)).status).toBe(429);
    expect((await search(sim, alice, '1000000002', Q)).status).toBe(200);
    await call(sim, 'POST', '/__sim/clock', { body: { advanceMs: 1000 } });
    expect((await search(sim, alice, '1000000001', Q)).status).toBe(200);
  });

  it('operations are counted per customer; later pages of a query do not count again', async () => {
    await call(sim, 'POST', '/__sim/settings', { body: { searchPageSize: 2 } });
    try {
      const first = await search(sim, alice, '1000000001', { query: 'SELECT campaign.id FROM campaign' });
      await search(sim, alice, '1000000001', { query: 'SELECT campaign.id FROM campaign', pageToken: first.body.nextPageToken });
      await call(sim, 'POST', '/v23/customers/1000000001/campaigns:mutate', {
        token: alice,
        body: { operations: [{ create: { name: 'T1', advertisingChannelType: 'SEARCH' } }, { create: { name: 'T2', advertisingChannelType: 'SEARCH' } }] },
      });
      expect((await call(sim, 'GET', '/__sim/usage?customerId=1000000001')).body.operations).toBe(3);
    } finally {
      await call(sim, 'POST', '/__sim/settings', { body: { searchPageSize: 10_000 } });
    }
  });
});
