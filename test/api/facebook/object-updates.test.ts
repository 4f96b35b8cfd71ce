import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from './fixtures';

const A1: string = ACCOUNTS.alice[0];
const A2: string = ACCOUNTS.alice[1];

describe('PATCH of Meta campaigns, ad sets and ads: partial updates, read back through the gateway', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    const aliceAccount = await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
    await w.connect('facebook', { adAccountId: ACCOUNTS.alice[1]!, through: aliceAccount });
  });

  const postsTo = async (part: string) => (await w.sim.calls(part)).filter((c) => c.method === 'POST');
  const list = async (segment: string, acct: string, fields: string) =>
    (await w.call('GET', `/api/v1/facebook/${segment}?adAccountId=${acct}&fields=${fields}&limit=50`)).body.data.data as ({ id: string } & Record<string, string>)[];
  const read = async (segment: string, id: string, fields: string) => (await w.call('GET', `/api/v1/facebook/${segment}/${id}?adAccountId=${A1}&fields=${fields}`)).body.data;
  const budgeted = (o: Record<string, string>) => Number(o.daily_budget ?? 0) > 0 || Number(o.lifetime_budget ?? 0) > 0;

  it('a campaign: name and daily budget change, the rest stays', async () => {
    const c = (await list('campaigns', A1, 'id,name,objective,daily_budget,lifetime_budget')).find((x) => Number(x.daily_budget ?? 0) > 0)!;
    await w.sim.clear();
    const r = await w.call('PATCH', `/api/v1/facebook/campaigns/${c.id}`, { body: { adAccountId: A1, name: 'Renamed campaign', daily_budget: 4321 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Campaign updated', data: { success: true, id: c.id, updated: ['daily_budget', 'name'] } });
    expect(r.body.pollUrl).toBe(`/api/v1/jobs/${r.body.jobId}`);
    expect(r.headers.get('content-location')).toBe(r.body.pollUrl);
    const [post] = await postsTo(`/${c.id}`);
    expect(post!.body).toMatchObject({ name: 'Renamed campaign', daily_budget: '4321' });
    expect(Object.keys(post!.body).sort()).toEqual(['access_token', 'appsecret_proof', 'daily_budget', 'name']);
    expect(await read('campaigns', c.id, 'name,daily_budget,objective')).toMatchObject({ name: 'Renamed campaign', daily_budget: '4321', objective: c.objective });
  });

  it('an ad set: targeting, bid and schedule', async () => {
    const campaignsWithout = (await list('campaigns', A1, 'id,daily_budget,lifetime_budget')).filter((c) => !budgeted(c)).map((c) => c.id);
    const s = (await list('adsets', A1, 'id,campaign_id,daily_budget')).find((x) => campaignsWithout.includes(x.campaign_id!) && Number(x.daily_budget ?? 0) > 0)!;
    const targeting = { geo_locations: { countries: ['DE', 'AT'] }, age_min: 25 };
    const end = new Date(Date.now() + 20 * 86400_000).toISOString();
    const r = await w.call('PATCH', `/api/v1/facebook/adsets/${s.id}`, {
      body: { adAccountId: A1, targeting, bid_strategy: 'COST_CAP', bid_amount: 700, end_time: end, daily_budget: 2600 },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.updated).toEqual(['bid_amount', 'bid_strategy', 'daily_budget', 'end_time', 'targeting']);
    expect(await read('adsets', s.id, 'targeting,bid_strategy,bid_amount,daily_budget,end_time')).toMatchObject({
      targeting, bid_strategy: 'COST_CAP', bid_amount: 700, daily_budget: '2600', end_time: expect.any(String),
    });
  });

  it('an ad: name and creative (a creative of the same account)', async () => {
    const ad = (await list('ads', A1, 'id,creative'))[0]!;
    const other = (await list('creatives', A1, 'id')).map((c) => c.id).find((id) => id !== (ad.creative as unknown as { id: string }).id)!;
    const r = await w.call('PATCH', `/api/v1/facebook/ads/${ad.id}`, { body: { adAccountId: A1, name: 'Renamed ad', creative: { creative_id: other } } });
    expect(r.status).toBe(200);
    expect(await read('ads', ad.id, 'name,creative')).toMatchObject({ name: 'Renamed ad', creative: { id: other } });
  });

  it.each([
    ['campaigns', 'another account’s campaign'],
    ['adsets', 'another account’s ad set'],
    ['ads', 'another account’s ad'],
  ])('PATCH /%s/{id} of %s → 404, nothing written', async (segment) => {
    const foreign = (await list(segment, A2, 'id'))[0]!.id!;
    await w.sim.clear();
    const r = await w.call('PATCH', `/api/v1/facebook/${segment}/${foreign}`, { body: { adAccountId: A1, name: 'x' } });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await postsTo(`/${foreign}`)).toHaveLength(0);
  });

  it('an ad’s creative from another account → 404, nothing written', async () => {
    const ad = (await list('ads', A1, 'id'))[0]!.id!;
    const foreign = (await list('creatives', A2, 'id'))[0]!.id!;
    await w.sim.clear();
    const r = await w.call('PATCH', `/api/v1/facebook/ads/${ad}`, { body: { adAccountId: A1, creative: { creative_id: foreign } } });
    expect(r.status).toBe(404);
    expect(await postsTo(`/${ad}`)).toHaveLength(0);
  });

  it('400 naming the field: an ad set budget under a campaign budget, a budget kind switch, an empty change, an unknown field', async () => {
    const cbo = (await list('campaigns', A1, 'id,daily_budget,lifetime_budget')).filter(budgeted).map((c) => c.id);
    const underCbo = (await list('adsets', A1, 'id,campaign_id')).find((s) => cbo.includes(s.campaign_id!))!.id!;
    const daily = (await list('campaigns', A1, 'id,daily_budget')).find((c) => Number(c.daily_budget ?? 0) > 0)!.id!;
    await w.sim.clear();
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['adsets', underCbo, { daily_budget: 1000 }, 'body.daily_budget'],
      ['campaigns', daily, { lifetime_budget: 1000, stop_time: '2031-01-01T00:00:00Z' }, 'body.lifetime_budget'],
      ['campaigns', daily, {}, 'body'],
      ['ads', underCbo, { targeting: { geo_locations: {} } }, 'body'],
      ['adsets', underCbo, { bid_strategy: 'COST_CAP' }, 'body.bid_amount'],
    ];
    for (const [segment, id, extra, path] of cases) {
      const r = await w.call('PATCH', `/api/v1/facebook/${segment}/${id}`, { body: { adAccountId: A1, ...extra } });
      expect({ segment, extra, status: r.status }).toEqual({ segment, extra, status: 400 });
      expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await w.sim.calls()).filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('with Prefer: respond-async answers 202 and the job completes with the change', async () => {
    const c = (await list('campaigns', A1, 'id'))[1]!.id!;
    const r = await w.call('PATCH', `/api/v1/facebook/campaigns/${c}`, { headers: { prefer: 'respond-async' }, body: { adAccountId: A1, name: 'Async rename' } });
    expect(r.status).toBe(202);
    let job: { state: string; result?: unknown } | undefined;
    for (let i = 0; i < 100 && job?.state !== 'completed'; i++) {
      job = (await w.call('GET', r.body.data.pollUrl)).body.data;
      if (job?.state !== 'completed') await new Promise((res) => setTimeout(res, 100));
    }
    expect(job).toMatchObject({ state: 'completed', operation: 'facebook.update-object', result: { id: c, updated: ['name'] } });
  });
});
