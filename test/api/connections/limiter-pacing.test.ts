import { http, startWorld, type SimPlatform, type TestApp, type World } from '../../world';
import { accountReadRoutes } from './guard-routes';

const BUDGET = 5; // simulator: calls per second per ad account
const PACE = 3; // gateway: calls per second per ad account, shared by both replicas

let w: World;
let a: TestApp;
let b: TestApp;
let token: string;

beforeAll(async () => {
  w = await startWorld({
    platforms: ['facebook', 'tiktok'],
    env: { FACEBOOK_ACCOUNT_RPS: String(PACE), TIKTOK_ACCOUNT_RPS: String(PACE), TIKTOK_APP_RPS: '0', READ_LIMIT_DEADLINE_MS: '30000' },
    app: { extraRoutes: accountReadRoutes },
    externalUserId: 'pacer',
  });
  a = w.app;
  b = await w.replica();
  token = w.user.token;
  await w.connect('facebook', { adAccountId: '100000000000001' });
  await w.connect('tiktok', { adAccountId: '7000000000000000011' });
}, 60_000);
afterAll(() => w?.close());

/** Most calls the simulator saw for `path` in any one-second window. */
async function peakPerSecond(platform: SimPlatform, path: string, since: number): Promise<number> {
  const times = (await w.sims[platform]!.calls(path, since)).map((c) => Date.parse(c.at)).sort((x, y) => x - y);
  let peak = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1000) j++;
    peak = Math.max(peak, i - j + 1);
  }
  return peak;
}

const lastSeq = async (platform: SimPlatform) => (await w.sims[platform]!.stats()).calls;

describe.each([
  ['facebook', '100000000000001', '/act_100000000000001'],
  ['tiktok', '7000000000000000011', '/advertiser/info/'],
] as const)('outbound limiter on %s', (platform, accountId, path) => {
  it(`with a budget of ${BUDGET}/s per account, two replicas together stay under it with no throttling error`, async () => {
    await w.sims[platform]!.throttle(BUDGET);
    const since = await lastSeq(platform);
    const started = Date.now();
    const n = 12;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => http((i % 2 ? a : b).url, 'GET', `/__test/${platform}/account?adAccountId=${accountId}`, { headers: { authorization: `Bearer ${token}` } })),
    );
    const elapsed = Date.now() - started;
    const stats = await w.sims[platform]!.stats();
    const seen = { statuses: results.map((r) => r.status), throttled: stats.throttled, peakWithinBudget: (await peakPerSecond(platform, path, since)) <= BUDGET };
    expect(seen).toEqual({ statuses: Array(n).fill(200), throttled: 0, peakWithinBudget: true });
    // Paced, not serialized per replica: n calls at PACE/s take about (n-1)/PACE seconds in total.
    expect(elapsed).toBeGreaterThanOrEqual(((n - 1) / PACE) * 1000 * 0.9);
  }, 30_000);
});

describe('when the platform throttles anyway', () => {
  it('a read that cannot be served within its deadline answers 429 PLATFORM_RATE_LIMITED with Retry-After, and the pause holds every replica', async () => {
    await w.sims.facebook!.injectError({ code: 80004, subcode: 2446079, count: 1 });
    const r = await http(a.url, 'GET', '/__test/facebook/account?adAccountId=100000000000001', { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('PLATFORM_RATE_LIMITED');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    const before = await lastSeq('facebook');
    const other = await http(b.url, 'GET', '/__test/facebook/account?adAccountId=100000000000001', { headers: { authorization: `Bearer ${token}` } });
    expect(other.status).toBe(429);
    expect(await lastSeq('facebook')).toBe(before);
  });
});
