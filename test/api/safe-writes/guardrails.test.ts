import { budgetOf } from '../../simulators/google/state';
import { useWorld, type JsonResponse } from '../../world';
import { FB_ENV } from '../facebook/fixtures';
import { campaignPart, qs, uniq } from '../tiktok/fixtures';
import { jobIds, setGuardrails } from './support';
import { connectAll, FB, G, seedIds, TT, WRITE_REQUESTS, type Entry, type Platform, type SeedIds } from './write-requests';

/*
 * The tenant's guardrails on real writes of every platform: a daily budget over the limit of the
 * account's currency (after each platform's unit is converted) is 422 GUARDRAIL_EXCEEDED with nothing
 * queued or sent; under it the write runs. Confirmation rules answer 409 with a token that runs
 * exactly that request once.
 */
const w = useWorld({ workers: true, env: { ...FB_ENV, WRITE_SYNC_TIMEOUT_MS: '15000' } }, connectAll);
let ids: SeedIds;
beforeAll(() => {
  ids = seedIds(w, w.imageHash);
});
beforeEach(() => setGuardrails(w, null));

const writesSent = async (platform: Platform) => (await w.sims[platform]!.calls()).filter((c) => c.method !== 'GET' && !/search/i.test(c.path));

/** 422 naming the rule, field, limit and value; no job and no platform write. */
async function expectRefused(platform: Platform, send: () => Promise<JsonResponse>, breach: Record<string, string>) {
  const jobsBefore = await jobIds(w);
  await w.clearSims();
  const r = await send();
  expect({ status: r.status, code: r.body.error?.code }).toEqual({ status: 422, code: 'GUARDRAIL_EXCEEDED' });
  expect(r.body.error.details).toEqual([breach]);
  expect(r.body.jobId).toBeUndefined();
  expect(await jobIds(w)).toEqual(jobsBefore);
  expect(await writesSent(platform)).toEqual([]);
}

const expectRan = (r: JsonResponse) => {
  expect({ status: r.status, error: r.body.error }).toEqual({ status: 200, error: undefined });
  expect(r.body.jobId).toEqual(expect.any(String));
};

const googleCampaign = (customer: string, name: string) => {
  const acct = w.sims.google!.raw.state.account(customer);
  const c = acct.campaigns.find((x) => x.name === name)!;
  return { id: c.id, budgetMicros: budgetOf(acct, c.budgetId).amountMicros };
};
const googleBudget = (id: string, customer: string, amountMicros: string) =>
  w.call('PATCH', `/api/v1/google/campaigns/${id}/budget`, { body: { adAccountId: customer, amountMicros } });

describe('maxDailyBudget, per platform, in the account currency', () => {
  it('Meta: minor units (USD cents) — 2500 is 25 USD, over 20; 1500 runs', async () => {
    await setGuardrails(w, { maxDailyBudget: { USD: '20' } });
    const create = (daily_budget: number) => w.call('POST', '/api/v1/facebook/campaigns/traffic', { body: { adAccountId: FB, name: uniq('Guarded'), special_ad_categories: [], daily_budget } });
    await expectRefused('facebook', () => create(2500), { rule: 'maxDailyBudget', field: 'daily_budget', limit: '20 USD', value: '25 USD' });
    expectRan(await create(1500));
    expectRan(await create(2000));
  });

  it('Meta: an ad set update over the limit is refused too', async () => {
    await setGuardrails(w, { maxDailyBudget: { USD: '10.50' } });
    // An ad set with a budget of its own (the first campaign's sets share the campaign's).
    const adset = [...w.sims.facebook!.raw.state.store.nodes.values()].find((n) => n.type === 'adset' && n.acct === FB && Number(n.data.daily_budget ?? 0) > 0)!.id;
    const update = (daily_budget: number) => w.call('PATCH', `/api/v1/facebook/adsets/${adset}`, { body: { adAccountId: FB, daily_budget } });
    await expectRefused('facebook', () => update(1051), { rule: 'maxDailyBudget', field: 'daily_budget', limit: '10.50 USD', value: '10.51 USD' });
    expectRan(await update(1050));
  });

  it('TikTok: major units — budget 75 is 75 USD, over 50; 50 runs', async () => {
    await setGuardrails(w, { maxDailyBudget: { USD: '50' } });
    const create = (budget: number) => w.call('POST', '/api/v1/tiktok/assets', { body: { adAccountId: TT, campaign: { ...campaignPart(), budget } } });
    await expectRefused('tiktok', () => create(75), { rule: 'maxDailyBudget', field: 'campaign.budget', limit: '50 USD', value: '75 USD' });
    expectRan(await create(50));
  });

  it('Google: micros — 60000000 is 60 USD, over 50; 50000000 runs; a JPY account compares in yen', async () => {
    await setGuardrails(w, { maxDailyBudget: { USD: '50', JPY: '5000' } });
    const brand = googleCampaign(G.aliceUs, 'Brand');
    await expectRefused('google', () => googleBudget(brand.id, G.aliceUs, '60000000'), { rule: 'maxDailyBudget', field: 'amount_micros', limit: '50 USD', value: '60 USD' });
    await expectRefused('google', () => googleBudget(brand.id, G.aliceUs, '50000001'), { rule: 'maxDailyBudget', field: 'amount_micros', limit: '50 USD', value: '50.000001 USD' });
    expectRan(await googleBudget(brand.id, G.aliceUs, '50000000'));
    const jp = googleCampaign(G.aliceJp, 'Brand');
    await expectRefused('google', () => googleBudget(jp.id, G.aliceJp, '6000000000'), { rule: 'maxDailyBudget', field: 'amount_micros', limit: '5000 JPY', value: '6000 JPY' });
    expectRan(await googleBudget(jp.id, G.aliceJp, '4000000000'));
  });

  it('LinkedIn: decimal amounts — a daily budget of 60.00 USD is over 50; 49.99 runs', async () => {
    await setGuardrails(w, { maxDailyBudget: { USD: '50' } });
    const base = (WRITE_REQUESTS['linkedin.campaign.create'] as Entry).request(ids);
    const create = (amount: string) => w.call('POST', base.path, { body: { ...base.body, name: uniq('Guarded LI'), dailyBudget: { amount, currencyCode: 'USD' } } });
    await expectRefused('linkedin', () => create('60.00'), { rule: 'maxDailyBudget', field: 'dailyBudget', limit: '50 USD', value: '60 USD' });
    expectRan(await create('49.99'));
  });

  it('a limit in another currency does not apply, and a dry run is refused as the write', async () => {
    await setGuardrails(w, { maxDailyBudget: { EUR: '1' } });
    const brand = googleCampaign(G.aliceUs, 'Generic');
    const dry = await w.call('PATCH', `/api/v1/google/campaigns/${brand.id}/budget?dryRun=true`, { body: { adAccountId: G.aliceUs, amountMicros: '30000000' } });
    expect(dry.status).toBe(200);
    await setGuardrails(w, { maxDailyBudget: { USD: '1' } });
    await expectRefused('google', () => w.call('PATCH', `/api/v1/google/campaigns/${brand.id}/budget?dryRun=true`, { body: { adAccountId: G.aliceUs, amountMicros: '30000000' } }), {
      rule: 'maxDailyBudget', field: 'amount_micros', limit: '1 USD', value: '30 USD',
    });
  });
});

describe('a budget the limits cannot read exactly', () => {
  it('TikTok: a budget with more decimals than micros hold is a 400 naming the field when a limit applies, never a 500', async () => {
    const create = (budget: number) => w.call('POST', '/api/v1/tiktok/assets?dryRun=true', { body: { adAccountId: TT, campaign: { ...campaignPart(), budget } } });
    expect((await create(0.1 + 0.2)).status).toBe(200);
    await setGuardrails(w, { maxDailyBudget: { USD: '100' } });
    for (const budget of [0.1 + 0.2, 1e-7]) {
      const r = await create(budget);
      expect({ status: r.status, code: r.body.error?.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
      expect(r.body.error.details).toEqual([{ path: 'body.campaign.budget', message: expect.stringContaining('decimals') }]);
    }
  });
});

describe('a retry under the Idempotency-Key of a write already admitted', () => {
  it('replays its outcome even when a limit set since would refuse it; a new key is refused', async () => {
    const c = googleCampaign(G.aliceJp, 'Retargeting');
    const send = (key: string) => w.call('PATCH', `/api/v1/google/campaigns/${c.id}/budget`, { body: { adAccountId: G.aliceJp, amountMicros: '7000000000' }, as: { ...w.user.headers, 'idempotency-key': key } });
    const key = `admitted-${Date.now()}`;
    const first = await send(key);
    expectRan(first);
    await setGuardrails(w, { maxDailyBudget: { JPY: '1000' } });
    const retry = await send(key);
    expect({ status: retry.status, jobId: retry.body.jobId, replayed: retry.headers.get('idempotent-replayed') }).toEqual({ status: 200, jobId: first.body.jobId, replayed: 'true' });
    await expectRefused('google', () => send(`${key}-new`), { rule: 'maxDailyBudget', field: 'amount_micros', limit: '1000 JPY', value: '7000 JPY' });
  });
});

describe('maxBudgetIncreasePercent, against the budget the platform holds', () => {
  it('Google: +60% over the current budget is refused, +40% runs', async () => {
    await setGuardrails(w, { maxBudgetIncreasePercent: 50 });
    const c = googleCampaign(G.aliceUs, 'Retargeting');
    const now = c.budgetMicros;
    const raised = (num: bigint) => String((now * num) / 100n);
    await expectRefused('google', () => googleBudget(c.id, G.aliceUs, raised(160n)), { rule: 'maxBudgetIncreasePercent', field: 'amount_micros', limit: '50%', value: '60%' });
    expectRan(await googleBudget(c.id, G.aliceUs, raised(140n)));
  });

  it('TikTok: a campaign update is compared with the budget TikTok holds (read before the write)', async () => {
    await setGuardrails(w, { maxBudgetIncreasePercent: 25 });
    const fields = JSON.stringify(['campaign_id', 'budget', 'budget_mode']);
    const listed = await w.call('GET', `/api/v1/tiktok/assets?${qs({ adAccountId: TT, level: 'campaign', fields, filter: { primary_status: 'STATUS_NOT_DELETE' }, pageSize: 50 })}`);
    const c = (listed.body.data.list as { campaign_id: string; budget: number; budget_mode: string }[]).find((x) => x.budget_mode === 'BUDGET_MODE_DAY' && x.budget > 0)!;
    const update = (budget: number) => w.call('PATCH', `/api/v1/tiktok/assets/campaign/${c.campaign_id}`, { body: { adAccountId: TT, budget } });
    await expectRefused('tiktok', () => update(c.budget * 2), { rule: 'maxBudgetIncreasePercent', field: 'budget', limit: '25%', value: '100%' });
    expectRan(await update(c.budget * 1.25));
  });

  it('Meta: an update raising the campaign budget by more than the limit is refused', async () => {
    await setGuardrails(w, { maxBudgetIncreasePercent: 10 });
    const id = ids.fb.campaignWithBudget;
    const now = Number(w.sims.facebook!.raw.state.store.get(id)!.data.daily_budget);
    await expectRefused('facebook', () => w.call('PATCH', `/api/v1/facebook/campaigns/${id}`, { body: { adAccountId: FB, daily_budget: now * 2 } }), {
      rule: 'maxBudgetIncreasePercent', field: 'daily_budget', limit: '10%', value: '100%',
    });
    expectRan(await w.call('PATCH', `/api/v1/facebook/campaigns/${id}`, { body: { adAccountId: FB, daily_budget: now - 1 } }));
  });
});

describe('the audit record of a budget change', () => {
  it('holds the budget before and after when the write reads it anyway (Google), with no guardrail set', async () => {
    const brand = googleCampaign(G.aliceUs, 'Brand');
    const r = await googleBudget(brand.id, G.aliceUs, '41000000');
    expectRan(r);
    const audit = await w.call('GET', `/api/v1/audit?operation=google.campaign.budget&adAccountId=${G.aliceUs}`);
    const record = audit.body.data.items.find((x: { jobId: string }) => x.jobId === r.body.jobId);
    expect(record).toMatchObject({ outcome: 'completed', before: { amount_micros: String(brand.budgetMicros) }, after: { amount_micros: '41000000' } });
  });
});
