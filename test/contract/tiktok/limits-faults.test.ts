/** TikTok simulator contract: rate limiting (docs/platforms/tiktok.md §8), injected faults, control surface, big account. */
import { BIG_ACCOUNT_ID } from '../../simulators/tiktok';
import { ALICE_UK, ALICE_US, TiktokClient, control, expectError, expectOk, mintToken, startSim, simPerFile, type Sim } from './tiktok-sim-client';

describe('tiktok simulator: limits and faults', () => {
  const { sim, api } = simPerFile({ resetEachTest: true });

  it('over the per-advertiser budget answers HTTP 200 code 40100 with no rate-limit headers; usage rises first', async () => {
    await control(sim, 'POST', '/budget', { perAccountPerSecond: 4 });
    // The budget's one-second window on a frozen clock: the count cannot depend on the machine's speed.
    await control(sim, 'POST', '/clock', { frozen: true });
    const usage: number[] = [];
    for (let i = 0; i < 4; i++) {
      expectOk(await api.get('/campaign/get/', { advertiser_id: ALICE_US }));
      usage.push(((await (await control(sim, 'GET', `/usage?advertiser_id=${ALICE_US}`)).json()) as { callsLastSecond: number }).callsLastSecond);
    }
    expect(usage).toEqual([1, 2, 3, 4]);
    const res = await api.getRaw('/campaign/get/', { advertiser_id: ALICE_US });
    expect(res.status).toBe(200);
    expect(res.headers.get('retry-after')).toBeNull();
    expect([...res.headers.keys()].filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
    expectError((await res.json()) as never, 40100, 'too frequently');
    // Writes count against the same advertiser; another advertiser has its own budget.
    expectError(await api.post('/campaign/update/', { advertiser_id: ALICE_US, campaign_id: '1' }), 40100);
    expectOk(await api.get('/campaign/get/', { advertiser_id: ALICE_UK }));
    const stats = (await (await control(sim, 'GET', '/stats')).json()) as { throttled: number };
    expect(stats.throttled).toBe(2);
    await control(sim, 'POST', '/clock', { advanceMs: 999 });
    expectError(await api.get('/campaign/get/', { advertiser_id: ALICE_US }), 40100);
    await control(sim, 'POST', '/clock', { advanceMs: 1 });
    expectOk(await api.get('/campaign/get/', { advertiser_id: ALICE_US }));
  });

  it.each([40002, 40100, 40105, 40001, 40102, 40104, 40700, 41000, 50000, 50002, 51001, 60001])(
    'an injected platform error %i answers TikTok’s envelope once, then the call works again',
    async (code) => {
      const inj = await control(sim, 'POST', '/platform-errors', { code, path: '/campaign/get/', count: 1 });
      expect(inj.status).toBe(201);
      const env = await api.get('/campaign/get/', { advertiser_id: ALICE_US });
      expectError(env, code);
      expect(env.message.length).toBeGreaterThan(0);
      expectOk(await api.get('/campaign/get/', { advertiser_id: ALICE_US }));
    },
  );

  it('an injected platform error can carry a custom message and only matches its path', async () => {
    await control(sim, 'POST', '/platform-errors', { code: 40100, message: 'Due to too many requests, requests from App [1] are temporarily restricted.', path: '/report/' });
    expectOk(await api.get('/campaign/get/', { advertiser_id: ALICE_US }));
    expectError(await api.get('/report/integrated/get/', { advertiser_id: ALICE_US }), 40100, 'temporarily restricted');
    await control(sim, 'DELETE', '/platform-errors');
    expectError(await api.get('/report/integrated/get/', { advertiser_id: ALICE_US }), 40002, 'report_type');
  });

  it('shared faults: an HTTP status with body, a dropped socket, and added latency', async () => {
    await control(sim, 'POST', '/faults', { path: '/campaign/get/', status: 503, body: { error: 'upstream' }, count: 1 });
    const res = await api.getRaw('/campaign/get/', { advertiser_id: ALICE_US });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'upstream' });

    await control(sim, 'POST', '/faults', { path: '/campaign/get/', drop: true, count: 1 });
    await expect(api.getRaw('/campaign/get/', { advertiser_id: ALICE_US })).rejects.toThrow();

    await control(sim, 'POST', '/faults', { path: '/campaign/get/', latencyMs: 150, count: 1 });
    const t0 = Date.now();
    expectOk(await api.get('/campaign/get/', { advertiser_id: ALICE_US }));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it('the call log shows what the simulator received, with the token redacted', async () => {
    await api.get('/campaign/get/', { advertiser_id: ALICE_US, fields: ['campaign_id'] });
    const { calls } = (await (await control(sim, 'GET', '/calls?path=/campaign/get/')).json()) as { calls: Array<{ method: string; query: Record<string, string>; headers: Record<string, string> }> };
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query).toEqual({ advertiser_id: ALICE_US, fields: '["campaign_id"]' });
    expect(calls[0]!.headers['access-token']).toBe('[present]');
  });

  it('reset brings back the seeded world (writes and tokens are gone)', async () => {
    const created = await api.post<{ campaign_id: string }>('/campaign/create/', { advertiser_id: ALICE_US, campaign_name: 'tmp', objective_type: 'REACH', budget_mode: 'BUDGET_MODE_INFINITE' });
    expectOk(created);
    expect((await control(sim, 'POST', '/reset')).status).toBe(204);
    expectError(await api.get('/campaign/get/', { advertiser_id: ALICE_US }), 40105);
    api.token = await mintToken(sim);
    const env = await api.get<{ page_info: { total_number: number } }>('/campaign/get/', { advertiser_id: ALICE_US });
    expect(env.data.page_info.total_number).toBe(11);
  });
});

describe('tiktok simulator: benchmark account', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ size: { bigAccount: 100_000 } });
  });
  afterAll(() => sim.close());

  it('generates a 100k-object account and serves any page of it', async () => {
    const api = new TiktokClient(sim, await mintToken(sim, 'bench'));
    const camps = await api.get<{ page_info: { total_number: number } }>('/campaign/get/', { advertiser_id: BIG_ACCOUNT_ID, page_size: 1 });
    const groups = await api.get<{ page_info: { total_number: number } }>('/adgroup/get/', { advertiser_id: BIG_ACCOUNT_ID, page_size: 1 });
    const ads = await api.get<{ list: Array<{ ad_id: string }>; page_info: { total_number: number; total_page: number } }>('/ad/get/', { advertiser_id: BIG_ACCOUNT_ID, page_size: 1000, page: 90 });
    expect(camps.data.page_info.total_number + groups.data.page_info.total_number + ads.data.page_info.total_number).toBe(100_000);
    expect(ads.data.page_info.total_page).toBe(90);
    expect(ads.data.list).toHaveLength(1000);
    for (let i = 0; i < 50; i++) {
      const p = await api.get<{ list: unknown[]; page_info: { page: number } }>('/ad/get/', { advertiser_id: BIG_ACCOUNT_ID, page_size: 100, page: 1 + i * 17 });
      expect(p.data.list).toHaveLength(100);
      expect(p.data.page_info.page).toBe(1 + i * 17);
    }
  });
});
