import { budgetOf } from '../../simulators/google/state';
import { V, adsError, call, mintToken, search, start, type Sim } from './google-sim.helpers';

/*
 * The simulator's CampaignBudgetService.MutateCampaignBudgets and campaign_budget in GAQL, as the
 * gateway's budget route relies on them (docs/platforms/google.md, "Campaign status and budget writes").
 */
const C = '1000000001'; // USD
const JP = '1000000003'; // JPY

const budgets = (sim: Sim, token: string, customerId: string, body: Record<string, unknown>) =>
  call(sim, 'POST', `/${V}/customers/${customerId}/campaignBudgets:mutate`, { token, body });

describe('google simulator campaignBudgets:mutate and campaign_budget', () => {
  let sim: Sim;
  let alice: string;
  let budget: string;
  beforeAll(async () => {
    sim = await start();
    alice = (await mintToken(sim, 'alice')).access_token;
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    await call(sim, 'POST', '/__sim/reset');
    const r = await search(sim, alice, C, { query: "SELECT campaign.campaign_budget, campaign_budget.amount_micros FROM campaign WHERE campaign.name = 'Brand'" });
    budget = r.body.results[0].campaign.campaignBudget;
  });

  const amountOf = async (customerId = C, rn = budget) =>
    (await search(sim, alice, customerId, { query: `SELECT campaign_budget.amount_micros FROM campaign_budget WHERE campaign_budget.resource_name = '${rn}'` })).body.results[0]
      .campaignBudget.amountMicros as string;

  it('FROM campaign joins campaign_budget: the budget resource name and amount_micros (int64 string) in one row', async () => {
    const r = await search(sim, alice, C, { query: 'SELECT campaign.id, campaign.campaign_budget, campaign_budget.amount_micros FROM campaign' });
    expect(r.body.results).toHaveLength(3);
    for (const row of r.body.results) {
      expect(row.campaign.campaignBudget).toMatch(/^customers\/1000000001\/campaignBudgets\/\d+$/);
      expect(row.campaignBudget.amountMicros).toMatch(/^\d+$/);
    }
  });

  it('an update of amountMicros applies and reads back; MUTABLE_RESOURCE returns the budget', async () => {
    const r = await budgets(sim, alice, C, { operations: [{ update: { resourceName: budget, amountMicros: '33000000' }, updateMask: 'amountMicros' }], responseContentType: 'MUTABLE_RESOURCE' });
    expect(r.status).toBe(200);
    expect(r.body.results[0]).toMatchObject({ resourceName: budget, campaignBudget: { resourceName: budget, amountMicros: '33000000' } });
    expect(await amountOf()).toBe('33000000');
  });

  it('validateOnly applies nothing and answers {}', async () => {
    const before = await amountOf();
    const r = await budgets(sim, alice, C, { operations: [{ update: { resourceName: budget, amountMicros: '33000000' }, updateMask: 'amountMicros' }], validateOnly: true });
    expect(r.body).toEqual({});
    expect(await amountOf()).toBe(before);
  });

  it('a budget below the currency minimum fails the request with a GoogleAdsFailure naming the operation and field', async () => {
    const r = await budgets(sim, alice, C, { operations: [{ update: { resourceName: budget, amountMicros: '5000' }, updateMask: 'amountMicros' }] });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(r.body.error.details[0]['@type']).toBe(`type.googleapis.com/google.ads.googleads.${V}.errors.GoogleAdsFailure`);
    expect(adsError(r.body)).toEqual({
      errorCode: { campaignBudgetError: 'MONEY_AMOUNT_LESS_THAN_CURRENCY_MINIMUM_CPC' },
      message: expect.any(String),
      trigger: { stringValue: '5000' },
      location: { fieldPathElements: [{ fieldName: 'operations', index: 0 }, { fieldName: 'update' }, { fieldName: 'amount_micros' }] },
    });
  });

  it.each([
    ['not a multiple of the smallest unit', C, '10005000', 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT'],
    ['a fraction of a yen', JP, '1500000', 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT'],
    ['negative', C, '-1000000', 'NEGATIVE_MONEY_AMOUNT'],
    ['over the cap', C, '100000000000010000', 'MONEY_AMOUNT_TOO_LARGE'],
  ])('an amount %s (customer %s, %s micros) → campaignBudgetError.%s', async (_what, customerId, micros, code) => {
    const rn = customerId === C ? budget : (await search(sim, alice, customerId, { query: 'SELECT campaign.campaign_budget FROM campaign LIMIT 1' })).body.results[0].campaign.campaignBudget;
    const r = await budgets(sim, alice, customerId, { operations: [{ update: { resourceName: rn, amountMicros: micros }, updateMask: 'amountMicros' }] });
    expect(r.status).toBe(400);
    expect(adsError(r.body).errorCode).toEqual({ campaignBudgetError: code });
  });

  it('with partialFailure the good operation applies and the failure comes back in partialFailureError for its index', async () => {
    const r = await budgets(sim, alice, C, {
      operations: [
        { update: { resourceName: budget, amountMicros: '44000000' }, updateMask: 'amountMicros' },
        { update: { resourceName: `customers/${C}/campaignBudgets/42`, amountMicros: '44000000' }, updateMask: 'amountMicros' },
      ],
      partialFailure: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([{ resourceName: budget }, {}]);
    expect(r.body.partialFailureError).toMatchObject({ code: 3, message: expect.stringContaining('operations[1]') });
    expect(r.body.partialFailureError.details[0].errors[0]).toMatchObject({
      errorCode: { mutateError: 'RESOURCE_NOT_FOUND' },
      location: { fieldPathElements: [{ fieldName: 'operations', index: 1 }, { fieldName: 'update' }, { fieldName: 'resource_name' }] },
    });
    expect(await amountOf()).toBe('44000000');
  });

  it('an update without updateMask is FIELD_MASK_MISSING; an immutable field is IMMUTABLE_FIELD; another customer’s budget is RESOURCE_NOT_FOUND', async () => {
    const noMask = await budgets(sim, alice, C, { operations: [{ update: { resourceName: budget, amountMicros: '20000000' } }] });
    expect(adsError(noMask.body).errorCode).toEqual({ fieldMaskError: 'FIELD_MASK_MISSING' });
    const immutable = await budgets(sim, alice, C, { operations: [{ update: { resourceName: budget, id: '1' }, updateMask: 'id' }] });
    expect(adsError(immutable.body).errorCode).toEqual({ requestError: 'IMMUTABLE_FIELD' });
    const other = await budgets(sim, alice, C, { operations: [{ update: { resourceName: budget.replace(C, '1000000002'), amountMicros: '20000000' }, updateMask: 'amountMicros' }] });
    expect(adsError(other.body).errorCode).toEqual({ mutateError: 'RESOURCE_NOT_FOUND' });
  });

  // https://developers.google.com/google-ads/api/reference/rpc/latest/CampaignBudgetErrorEnum.CampaignBudgetError (CAMPAIGN_BUDGET_REMOVED)
  it('a removed budget is CAMPAIGN_BUDGET_REMOVED naming the operation, and nothing changes', async () => {
    const id = budget.split('/').pop()!;
    const b = budgetOf(sim.state.account(C), id);
    b.status = 'REMOVED';
    const before = b.amountMicros;
    const r = await budgets(sim, alice, C, { operations: [{ update: { resourceName: budget, amountMicros: '42000000' }, updateMask: 'amountMicros' }] });
    expect(r.status).toBe(400);
    expect(adsError(r.body)).toMatchObject({
      errorCode: { campaignBudgetError: 'CAMPAIGN_BUDGET_REMOVED' },
      trigger: { stringValue: budget },
      location: { fieldPathElements: [{ fieldName: 'operations', index: 0 }, { fieldName: 'update' }, { fieldName: 'resource_name' }] },
    });
    expect(b.amountMicros).toBe(before);
  });
});
