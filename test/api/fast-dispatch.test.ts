import type { Server } from 'node:http';
import { fastPaths } from '../../api/routes/fast-dispatch';
import { http, type JsonResponse, type TestApp } from '../helpers/test-app';
import { useWorld } from '../world';
import { ALICE_APPS, ALICE_US, BOB_BIKES, qs } from './tiktok/fixtures';

const METRICS_TOKEN = 'metrics-token-fast-dispatch-0123456789';

/**
 * The static GET routes are dispatched in front of express's router (api/routes/fast-dispatch.ts).
 * The same requests sent to a replica that dispatches everything through express must get the same
 * answers: status, every header and the envelope, for a success and for each kind of refusal.
 */
describe('fast dispatch answers exactly as express would', () => {
  const w = useWorld({ platform: 'tiktok', env: { METRICS_TOKEN, HTTP_MAX_RETRIES: '0' } }, async (w) => {
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
    const bob = await w.userFor('bob-ext');
    await w.connect('tiktok', { adAccountId: BOB_BIKES, as: bob, simUser: 'bob', via: 'token' });
    return { express: await w.replica({ app: { fastDispatch: false } }) };
  });

  const appOf = (a: TestApp) => (a.server.server as Server).listeners('request')[0] as object;
  let n = 0;

  /** What a client sees, minus what differs by the moment: the date, timestamps, the rate-limit counter, TikTok's trace ids. */
  function seen(r: JsonResponse) {
    const headers = Object.fromEntries([...r.headers].filter(([k]) => k !== 'date' && k !== 'keep-alive'));
    for (const k of ['ratelimit-remaining', 'ratelimit-reset']) if (k in headers) headers[k] = '[counter]';
    const text = JSON.stringify(r.body).replace(/"(timestamp|traceId)":"[^"]*"/g, '"$1":"[varies]"');
    return { status: r.status, headers, body: JSON.parse(text) as unknown };
  }

  /** The same request to both apps (the same request id, so the ids in the answers match too). */
  async function both(path: string, headers: Record<string, string> = w.user.headers) {
    const id = `fast-dispatch-${++n}`;
    const fast = await http(w.url, 'GET', path, { headers: { ...headers, 'x-request-id': id } });
    const slow = await http(w.express.url, 'GET', path, { headers: { ...headers, 'x-request-id': id } });
    expect(seen(fast)).toEqual(seen(slow));
    return fast;
  }

  const assets = (q: Record<string, unknown>) => `/api/v1/tiktok/assets?${qs(q)}`;
  const good = { adAccountId: ALICE_US, level: 'campaign', fields: 'campaign_id,campaign_name', pageSize: 3 };

  it('takes the static GET routes, and the replica none', () => {
    expect(fastPaths(appOf(w.app))).toEqual(expect.arrayContaining(['/api/v1/tiktok/assets', '/healthz']));
    expect(fastPaths(appOf(w.app)).some((p) => p.includes('{'))).toBe(false);
    expect(fastPaths(appOf(w.express))).toEqual([]);
  });

  it('a success: security headers, request id, rate-limit headers and the envelope', async () => {
    const r = await both(assets(good));
    expect(r.status).toBe(200);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.body.data.list).toHaveLength(3);
  });

  it.each([
    ['400 bad query', assets({ ...good, level: 'everything' }), 400],
    ['400 missing account', assets({ level: 'campaign' }), 400],
    ['400 NUL in the query', `/api/v1/tiktok/assets?adAccountId=${ALICE_US}&level=campaign&fields=a%00b`, 400],
    ['403/404 an account of another user', assets({ ...good, adAccountId: BOB_BIKES }), undefined],
    ['404 an account nobody activated', assets({ ...good, adAccountId: ALICE_APPS }), undefined],
  ])('%s', async (_what, path, status) => {
    const r = await both(path);
    if (status) expect(r.status).toBe(status);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body).toMatchObject({ success: false, requestId: expect.stringMatching(/^fast-dispatch-/), path: '/api/v1/tiktok/assets' });
  });

  it('401 without or with a forged credential', async () => {
    expect((await both(assets(good), {})).status).toBe(401);
    expect((await both(assets(good), { authorization: 'Bearer forged.token.value' })).status).toBe(401);
  });

  it('429 when TikTok keeps refusing for rate, with Retry-After', async () => {
    await w.sim.injectError({ code: 40100, path: '/campaign/get/' });
    const r = await both(assets(good));
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBeTruthy();
    await w.sim.clearFaults();
  });

  it('counts the same requests under the same route labels in the metrics', async () => {
    const series = async (a: TestApp) => {
      const r = await http(a.url, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      return (r.body as string)
        .split('\n')
        .filter((l) => l.startsWith('http_request_duration_seconds_count{method="GET"') && !l.includes('/metrics'))
        .sort();
    };
    const fast = await series(w.app);
    expect(fast.some((l) => l.includes('route="/api/v1/tiktok/assets",status="200"'))).toBe(true);
    expect(fast).toEqual(await series(w.express));
  });
});
