import { ACCOUNTS } from '../../simulators/facebook';
import { simPost, usage, simPerFile } from './fb-client';

const ACCT = ACCOUNTS.alice[0];
const ACT = `act_${ACCT}`;

describe('facebook simulator: rate-limit signals and injected faults', () => {
  const { sim, fb } = simPerFile();
  afterEach(() => simPost(sim.baseUrl, '/reset', {}));

  it('raises usage headers with each call and blocks past 100 % with 80004 and a regain estimate', async () => {
    await simPost(sim.baseUrl, '/budget', { perAccountPerSecond: 5 });
    // A frozen clock: the account budget's one-second window cannot roll over between calls on a slow machine.
    await simPost(sim.baseUrl, '/clock', { frozen: true });
    const pcts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fb.get(`${ACT}/campaigns`);
      expect(res.status).toBe(200);
      const buc = usage(res.headers, 'x-business-use-case-usage')[ACCT][0];
      expect(buc).toMatchObject({ type: 'ads_management', estimated_time_to_regain_access: 0, ads_api_access_tier: 'standard_access' });
      pcts.push(buc.call_count);
      expect(usage(res.headers, 'x-ad-account-usage').acc_id_util_pct).toBe(buc.call_count);
    }
    expect(pcts).toEqual([20, 40, 60, 80, 100]);
    const blocked = await fb.get(`${ACT}/campaigns`);
    expect(blocked.status).toBe(400);
    expect(blocked.body.error).toMatchObject({
      code: 80004, error_subcode: 2446079, type: 'OAuthException',
      message: expect.stringMatching(/^\(#80004\) There have been too many calls to this ad-account\. Wait a bit and try again\./),
    });
    const buc = usage(blocked.headers, 'x-business-use-case-usage')[ACCT][0];
    expect(buc.call_count).toBeGreaterThan(100);
    expect(buc.estimated_time_to_regain_access).toBeGreaterThanOrEqual(1);
    expect(usage(blocked.headers, 'x-app-usage')).toEqual({ call_count: expect.any(Number), total_cputime: expect.any(Number), total_time: expect.any(Number) });

    const other = await fb.get(`act_${ACCOUNTS.alice[1]}/campaigns`);
    expect(other.status).toBe(200);
    const insights = await fb.get(`${ACT}/insights`);
    expect(insights.body.error).toMatchObject({ code: 80000, error_subcode: 2446079 });
    const stats = await (await fetch(`${sim.baseUrl}/__sim/stats`)).json();
    expect((stats as { throttled: number }).throttled).toBeGreaterThanOrEqual(2);

    await simPost(sim.baseUrl, '/clock', { advanceMs: 1000 });
    expect((await fb.get(`${ACT}/campaigns`)).status).toBe(200);
  });

  it('uses the legacy 613 error when configured, and app (4) / user (17) limits', async () => {
    await simPost(sim.baseUrl, '/budget', { perAccountPerSecond: 1 });
    await simPost(sim.baseUrl, '/clock', { frozen: true });
    await simPost(sim.baseUrl, '/facebook/config', { accountLimitStyle: 'legacy' });
    await fb.get(ACT);
    const legacy = await fb.get(ACT);
    expect(legacy.body.error).toMatchObject({ code: 613, error_subcode: 1487742, message: '(#613) Calls to this api have exceeded the rate limit.' });
    await simPost(sim.baseUrl, '/reset', {});

    await simPost(sim.baseUrl, '/facebook/config', { appPerSecond: 2 });
    await fb.get('me');
    await fb.get('me');
    const app = await fb.get('me');
    expect(app.body.error).toEqual({ message: '(#4) Application request limit reached', type: 'OAuthException', code: 4, is_transient: true, fbtrace_id: expect.any(String) });
    expect(usage(app.headers, 'x-app-usage').call_count).toBeGreaterThan(100);
    await simPost(sim.baseUrl, '/reset', {});

    await simPost(sim.baseUrl, '/facebook/config', { userPerSecond: 1 });
    await fb.get('me');
    const user = await fb.get('me');
    expect(user.body.error).toMatchObject({ code: 17, error_subcode: 2446079, message: '(#17) User request limit reached' });
  });

  it('lets usage grow without a budget (nominal rate) and never blocks', async () => {
    await simPost(sim.baseUrl, '/facebook/config', { nominalPerSecond: 50 });
    const first = usage((await fb.get(ACT)).headers, 'x-ad-account-usage').acc_id_util_pct;
    for (let i = 0; i < 10; i++) await fb.get(ACT);
    const last = await fb.get(ACT);
    expect(last.status).toBe(200);
    expect(usage(last.headers, 'x-ad-account-usage').acc_id_util_pct).toBeGreaterThan(first);
  });

  it.each([
    [1, undefined, 500, { code: 1, error_subcode: 99, is_transient: true }],
    [2, undefined, 503, { code: 2, is_transient: true }],
    [4, undefined, 400, { code: 4, is_transient: true }],
    [17, undefined, 400, { code: 17, error_subcode: 2446079 }],
    [100, 33, 400, { code: 100, error_subcode: 33, type: 'GraphMethodException' }],
    [190, 463, 400, { code: 190, error_subcode: 463 }],
    [190, 460, 400, { code: 190, error_subcode: 460 }],
    [200, undefined, 400, { code: 200 }],
    [613, undefined, 400, { code: 613, error_subcode: 1487742 }],
    [80004, undefined, 400, { code: 80004, error_subcode: 2446079 }],
  ])('injects the real Graph error for code %s/%s once, then answers normally', async (code, subcode, status, expected) => {
    const inj = await simPost(sim.baseUrl, '/graph-errors', { code, subcode, path: '/campaigns', count: 1 });
    expect(inj.status).toBe(201);
    const res = await fb.get(`${ACT}/campaigns`);
    expect(res.status).toBe(status);
    expect(res.body.error).toMatchObject({ ...expected, message: expect.any(String), fbtrace_id: expect.any(String) });
    if ([4, 17, 613, 80004].includes(code)) expect(usage(res.headers, 'x-business-use-case-usage')).toBeDefined();
    expect((await fb.get(`${ACT}/campaigns`)).status).toBe(200);
  });

  it('injects the reduce-data error, raw faults, dropped connections and latency', async () => {
    await simPost(sim.baseUrl, '/graph-errors', { kind: 'reduce_data', count: 1 });
    const reduce = await fb.get(`${ACT}/insights`);
    expect(reduce.status).toBe(500);
    expect(reduce.body.error.message).toBe("Please reduce the amount of data you're asking for, then retry your request");

    await simPost(sim.baseUrl, '/faults', { status: 200, body: { success: false }, count: 1, method: 'POST' });
    expect((await fb.post(ACT + '/campaigns', {})).body).toEqual({ success: false });

    await simPost(sim.baseUrl, '/faults', { drop: true, count: 1 });
    await expect(fetch(fb.url('me'))).rejects.toThrow();

    await simPost(sim.baseUrl, '/faults', { latencyMs: 250, count: 1 });
    const t0 = Date.now();
    expect((await fb.get('me')).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(240);
  });

  it('records calls in the shared call log', async () => {
    await fetch(`${sim.baseUrl}/__sim/calls`, { method: 'DELETE' });
    await fb.get(`${ACT}/adsets`, { fields: 'id' });
    const { calls } = (await (await fetch(`${sim.baseUrl}/__sim/calls?path=/adsets`)).json()) as { calls: { method: string; path: string }[] };
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', path: `/v25.0/${ACT}/adsets` })]);
  });
});
