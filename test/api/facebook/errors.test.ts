import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from './fixtures';

const A1 = ACCOUNTS.alice[0];
const A2 = ACCOUNTS.alice[1];
const B1 = ACCOUNTS.bob[0];

describe("Meta's errors map to the gateway's codes", () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: { ...FB_ENV, READ_LIMIT_DEADLINE_MS: '2000' } }, async (w) => {
    const aliceAccount = await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
    await w.connect('facebook', { adAccountId: ACCOUNTS.alice[1]!, through: aliceAccount });
    const bob = await w.userFor('bob-ext');
    await w.connect('facebook', { adAccountId: ACCOUNTS.bob[0]!, as: bob, simUser: 'bob' });
    return { bob };
  });
  afterEach(async () => {
    // Rate-limit tests leave the limiter paused for Meta's regain time; each test starts unpaused.
    await w.app.services.limiter.clearPauses();
  });

  const listCampaigns = (acct: string = A1) => w.call('GET', `/api/v1/facebook/campaigns?adAccountId=${acct}&fields=id`);

  it('100 → 422 PLATFORM_REJECTED with Meta\'s message, error_user_msg and the platform error in details', async () => {
    await w.sim.clear();
    await w.sim.fault({
      path: '/campaigns', method: 'POST', count: 1, status: 400,
      body: { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100, error_subcode: 1885183, error_user_title: 'Budget too low', error_user_msg: 'The daily budget must be at least $1.00.', fbtrace_id: 'AbC123' } },
    });
    const r = await w.call('POST', '/api/v1/facebook/campaigns/traffic', { body: { adAccountId: A1, name: 'Too cheap', special_ad_categories: [], daily_budget: 1 } });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('PLATFORM_REJECTED');
    expect(r.body.message).toBe('Invalid parameter (The daily budget must be at least $1.00.)');
    expect(r.body.error.details[0]).toMatchObject({ platform: 'facebook', code: 100, subcode: 1885183, userMessage: 'The daily budget must be at least $1.00.', traceId: 'AbC123' });
  });

  it.each([200, 10, 294])('%i → 403 FORBIDDEN', async (code) => {
    await w.sim.injectError({ code, path: '/campaigns', count: 1 });
    const r = await listCampaigns();
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('FORBIDDEN');
    expect(r.body.error.details[0]).toMatchObject({ platform: 'facebook', code });
  });

  it.each([
    [613, A1],
    [80004, A2],
    [32, B1],
    [17, A1],
    [4, A1],
  ])('%i → the limiter pauses, then 429 PLATFORM_RATE_LIMITED with Retry-After (cannot wait Meta\'s minute)', async (code, acct) => {
    await w.sim.injectError({ code, path: '/campaigns', count: 1 });
    const as = acct === B1 ? w.bob : w.user.headers;
    const started = Date.now();
    const r = await w.call('GET', `/api/v1/facebook/campaigns?adAccountId=${acct}&fields=id`, { as });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('PLATFORM_RATE_LIMITED');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(50);
    expect(Date.now() - started).toBeLessThan(20_000); // far under the minute it would have waited
    const pauses = await w.app.infra.redis.keys(`${w.app.config.REDIS_PREFIX}:lim:pause:facebook:*`);
    expect(pauses.length).toBeGreaterThan(0);
    // while paused, nothing more reaches Meta
    const again = await w.call('GET', `/api/v1/facebook/campaigns?adAccountId=${acct}&fields=id`, { as });
    expect(again.status).toBe(429);
    expect(await w.sim.calls('/campaigns')).toHaveLength(1);
  });

  it.each([1, 2])('%i with is_transient → retried, and the caller sees the answer', async (code) => {
    await w.sim.injectError({ code, path: '/campaigns', count: 1 });
    const r = await listCampaigns();
    expect(r.status).toBe(200);
    expect(await w.sim.calls('/campaigns')).toHaveLength(2);
  });

  it('1 "reduce the amount of data" on a list → 422 PLATFORM_REJECTED at once (retrying the same request cannot help)', async () => {
    await w.sim.injectError({ kind: 'reduce_data', path: '/campaigns', count: 1 });
    const r = await listCampaigns();
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('PLATFORM_REJECTED');
    expect(await w.sim.calls('/campaigns')).toHaveLength(1);
  });

  it('2 that persists → 502 PLATFORM_UNAVAILABLE after the retries', async () => {
    await w.sim.injectError({ code: 2, path: '/campaigns', count: 5 });
    const r = await listCampaigns();
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('PLATFORM_UNAVAILABLE');
  });

  it('190 → 403 CONNECTION_REAUTH_REQUIRED, the connection is marked expired and later calls stop at the guard', async () => {
    await w.sim.injectError({ code: 190, subcode: 463, path: '/campaigns', count: 1 });
    const bobList = () => w.call('GET', `/api/v1/facebook/campaigns?adAccountId=${B1}&fields=id`, { as: w.bob });
    const first = await bobList();
    expect(first.status).toBe(403);
    expect(first.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
    expect(first.body.error.details[0]).toMatchObject({ platform: 'facebook', code: 190, subcode: 463 });
    const status = await w.call('GET', '/api/v1/connections/status?platform=facebook', { as: w.bob });
    expect(status.body.data.items[0]).toMatchObject({ platform: 'facebook', status: 'expired' });
    const later = await bobList();
    expect(later.status).toBe(403);
    expect(later.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
    expect(await w.sim.calls('/campaigns')).toHaveLength(1);
  });
});
