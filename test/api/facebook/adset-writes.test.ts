import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from './fixtures';

const A1: string = ACCOUNTS.alice[0];
const A2: string = ACCOUNTS.alice[1];
let n = 0;
const uniq = (what: string) => `${what} ${Date.now()}-${++n}`;
const targeting = { geo_locations: { countries: ['US'] } };

describe('Meta ad sets: created in a campaign of the account, with Meta’s rules checked first', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    const aliceAccount = await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
    await w.connect('facebook', { adAccountId: ACCOUNTS.alice[1]!, through: aliceAccount });
  });

  const node = (id: string) => w.sim.raw.state.store.get(id)?.data as Record<string, unknown>;
  const postsTo = async (part: string) => (await w.sim.calls(part)).filter((c) => c.method === 'POST');
  const campaigns = async (acct: string) =>
    (await w.call('GET', `/api/v1/facebook/campaigns?adAccountId=${acct}&fields=id,daily_budget,lifetime_budget&limit=50`)).body.data.data as {
      id: string; daily_budget?: string; lifetime_budget?: string;
    }[];
  const withoutBudget = async (acct = A1) => (await campaigns(acct)).find((c) => !Number(c.daily_budget ?? 0) && !Number(c.lifetime_budget ?? 0))!.id;
  const withBudget = async (acct = A1) => (await campaigns(acct)).find((c) => Number(c.daily_budget ?? 0) || Number(c.lifetime_budget ?? 0))!.id;
  const adset = (campaign_id: string, extra: Record<string, unknown> = {}) => ({
    adAccountId: A1, name: uniq('Set'), campaign_id, optimization_goal: 'LINK_CLICKS', billing_event: 'IMPRESSIONS', daily_budget: 1500, targeting, ...extra,
  });

  it('creates a PAUSED ad set and answers 200 with its id, which reads back through the gateway', async () => {
    const campaign = await withoutBudget();
    await w.sim.clear();
    const body = adset(campaign, { bid_strategy: 'LOWEST_COST_WITH_BID_CAP', bid_amount: 250, promoted_object: { page_id: '200000000000001' } });
    const r = await w.call('POST', '/api/v1/facebook/adsets', { body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: 'Ad set created', data: { id: expect.stringMatching(/^\d+$/) } });
    expect(r.body.pollUrl).toBe(`/api/v1/jobs/${r.body.jobId}`);
    expect(r.headers.get('content-location')).toBe(r.body.pollUrl);
    const [post] = await postsTo(`/act_${A1}/adsets`);
    expect(post!.body).toMatchObject({
      campaign_id: campaign, status: 'PAUSED', optimization_goal: 'LINK_CLICKS', billing_event: 'IMPRESSIONS', daily_budget: '1500',
      bid_strategy: 'LOWEST_COST_WITH_BID_CAP', bid_amount: '250', targeting: JSON.stringify(targeting),
    });
    const back = await w.call('GET', `/api/v1/facebook/adsets/${r.body.data.id}?adAccountId=${A1}&fields=name,status,campaign_id,daily_budget,billing_event`);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ name: body.name, status: 'PAUSED', campaign_id: campaign, daily_budget: '1500' });
  });

  it('a lifetime budget with its end time, pay per THRUPLAY for THRUPLAY, ACTIVE when asked', async () => {
    const campaign = await withoutBudget();
    const end = new Date(Date.now() + 10 * 86400_000).toISOString();
    const r = await w.call('POST', '/api/v1/facebook/adsets', {
      body: adset(campaign, { daily_budget: undefined, lifetime_budget: 90000, end_time: end, optimization_goal: 'THRUPLAY', billing_event: 'THRUPLAY', status: 'ACTIVE' }),
    });
    expect(r.status).toBe(200);
    expect(node(r.body.data.id)).toMatchObject({ lifetime_budget: '90000', billing_event: 'THRUPLAY', status: 'ACTIVE' });
  });

  it('an ad set in a campaign with a campaign budget carries none of its own', async () => {
    const r = await w.call('POST', '/api/v1/facebook/adsets', { body: adset(await withBudget(), { daily_budget: undefined }) });
    expect(r.status).toBe(200);
    expect(node(r.body.data.id)!.daily_budget).toBeUndefined();
  });

  it.each([
    ['a budget on both the campaign and the ad set', 'cbo', {}, 'body.daily_budget'],
    ['a budget on neither', 'abo', { daily_budget: undefined }, 'body.daily_budget'],
    ['a lifetime budget without end_time', 'abo', { daily_budget: undefined, lifetime_budget: 5000 }, 'body.end_time'],
    ['a billing_event the optimization_goal does not allow', 'abo', { optimization_goal: 'REACH', billing_event: 'LINK_CLICKS' }, 'body.billing_event'],
    ['THRUPLAY billing for LINK_CLICKS', 'abo', { billing_event: 'THRUPLAY' }, 'body.billing_event'],
    ['a bid cap without bid_amount', 'abo', { bid_strategy: 'LOWEST_COST_WITH_BID_CAP' }, 'body.bid_amount'],
    ['both budgets', 'abo', { lifetime_budget: 5000, end_time: '2030-01-01T00:00:00Z' }, 'body.lifetime_budget'],
    ['a targeting without a location or audience', 'abo', { targeting: { age_min: 20 } }, 'body.targeting'],
  ])('%s → 400 naming the field, and nothing is created', async (_what, kind, extra, path) => {
    const campaign = kind === 'cbo' ? await withBudget() : await withoutBudget();
    await w.sim.clear();
    const r = await w.call('POST', '/api/v1/facebook/adsets', { body: adset(campaign, extra) });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await postsTo('/adsets')).toHaveLength(0);
  });

  it('a campaign of another ad account → 404, and nothing is created', async () => {
    const foreign = await withoutBudget(A2);
    await w.sim.clear();
    const r = await w.call('POST', '/api/v1/facebook/adsets', { body: adset(foreign) });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await postsTo('/adsets')).toHaveLength(0);
  });

  it('the same Idempotency-Key replays the first ad set instead of creating a second', async () => {
    const body = adset(await withoutBudget());
    const key = `adset-${Date.now()}`;
    const first = await w.call('POST', '/api/v1/facebook/adsets', { body, headers: { 'idempotency-key': key } });
    const again = await w.call('POST', '/api/v1/facebook/adsets', { body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await postsTo('/adsets')).length).toBe(1);
  });
});
