import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld, type FaultSpec } from '../../world';
import { FB_ENV } from '../facebook/fixtures';

/**
 * READ_DEADLINE_MS is 3 s here. The simulator delays answers with setTimeout, which never fires
 * early, so attempt counts below follow from the delays alone: the assertions hold however slow
 * the machine is (nothing asserts on how long the read took).
 */
describe('a read has one total deadline across retries (READ_DEADLINE_MS)', () => {
  const w = useWorld(
    { platform: 'facebook', workers: true, env: { ...FB_ENV, READ_DEADLINE_MS: '3000', HTTP_RESPONSE_TIMEOUT_MS: '30000', HTTP_MAX_RETRIES: '10' } },
    async (w) => ({ aliceAccount: await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` }) }),
  );
  const fault = (f: FaultSpec) => w.sim.fault(f);
  const read = () => w.call('GET', `/api/v1/facebook/campaigns?adAccountId=${w.aliceAccount.adAccountId}`);
  const attempts = async () => (await w.sim.calls('/campaigns')).filter((c) => c.method === 'GET').length;

  it('a platform that answers after 8 s: the one attempt is cut at the deadline → 504 (not after the 30 s response timeout)', async () => {
    await fault({ path: '/campaigns', method: 'GET', latencyMs: 8_000 });
    const r = await read();
    expect(r.status).toBe(504);
    expect(r.body.error.code).toBe('PLATFORM_TIMEOUT');
    expect(r.body.message).toMatch(/read deadline/);
    expect(await attempts()).toBe(1);
  });

  it('transient errors each after 1.5 s: retries stop at the deadline → 504, not 11 attempts and a 502', async () => {
    await fault({ path: '/campaigns', method: 'GET', latencyMs: 1500, status: 500 });
    const r = await read();
    expect(r.status).toBe(504);
    expect(r.body.error.code).toBe('PLATFORM_TIMEOUT');
    const n = await attempts();
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(3);
  });

  it('a read that answers within the deadline is unaffected', async () => {
    expect((await read()).status).toBe(200);
  });
});
