import { startFbWorld, type FbWorld } from '../facebook/fb-world';
import { worldPerFile } from '../../helpers/world-per-file';

/**
 * Each attempt waits HTTP_RESPONSE_TIMEOUT_MS (2 s) for a platform that answers after 2.5 s, so
 * without a total deadline 1 + HTTP_MAX_RETRIES (4) attempts would run. With READ_DEADLINE_MS at
 * 3 s no attempt can start after the second one timed out: the count, not the clock, is asserted.
 */
describe('a read has one total deadline across retries (READ_DEADLINE_MS)', () => {
  const w = worldPerFile<FbWorld>(() =>
    startFbWorld({ READ_DEADLINE_MS: '3000', HTTP_RESPONSE_TIMEOUT_MS: '2000', HTTP_MAX_RETRIES: '3' }),
  );

  it('a platform slower than every attempt answers 504 PLATFORM_TIMEOUT after at most two attempts', async () => {
    await w.clearSim();
    await fetch(`${w.sim.baseUrl}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/campaigns', method: 'GET', latencyMs: 2500 }),
    });
    const r = await w.call('GET', `/api/v1/facebook/campaigns?adAccountId=${w.aliceAccount.adAccountId}`);
    expect(r.status).toBe(504);
    expect(r.body.error.code).toBe('PLATFORM_TIMEOUT');
    expect(r.body.message).toMatch(/read deadline/);
    const attempts = (await w.simCalls('/campaigns')).filter((c) => c.method === 'GET');
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect(attempts.length).toBeLessThanOrEqual(2);
  });

  it('a read that answers within the deadline is unaffected', async () => {
    await w.clearSim();
    const r = await w.call('GET', `/api/v1/facebook/campaigns?adAccountId=${w.aliceAccount.adAccountId}`);
    expect(r.status).toBe(200);
  });
});
