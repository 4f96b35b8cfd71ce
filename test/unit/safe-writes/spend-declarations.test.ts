import { writeOperationNamed } from '../../../shared/platforms';
import { tiktokSpend } from '../../../shared/platforms/tiktok/operations/spend';

/** An operation's spend declaration, from the list the modules export, on params its schema parsed. */
const spendOf = (name: string, params: unknown) => {
  const op = writeOperationNamed(name)!;
  return op.spend!(op.params ? op.params.parse(params) : params);
};

describe('TikTok spend', () => {
  const campaign = { campaignName: 'c', objectiveType: 'TRAFFIC', budgetMode: 'BUDGET_MODE_DAY', budget: 75 };

  it('a one-call create is active unless one of its objects is created DISABLE; nested settings are not objects', () => {
    expect(tiktokSpend('create', { adAccountId: '1', campaign })).toEqual({ budgets: [{ field: 'campaign.budget', amount: '75', period: 'daily' }], createsActive: true });
    expect(tiktokSpend('create', { adAccountId: '1', campaign: { ...campaign, operationStatus: 'DISABLE' } }).createsActive).toBe(false);
    expect(tiktokSpend('create', { adAccountId: '1', adGroup: { adgroupName: 'g', operationStatus: 'DISABLE', targetingSpec: { locationIds: ['1'] } } }).createsActive).toBe(false);
    expect(tiktokSpend('create', { adgroupName: 'g', operationStatus: 'DISABLE', targetingSpec: { locationIds: ['1'] } }).createsActive).toBe(false);
    expect(tiktokSpend('create', { adgroupName: 'g', targetingSpec: { locationIds: ['1'] } }).createsActive).toBe(true);
  });

  it('a total budget is a lifetime one, an infinite one none', () => {
    expect(tiktokSpend('update', { budget: 10, budgetMode: 'BUDGET_MODE_TOTAL' }).budgets).toEqual([{ field: 'budget', amount: '10', period: 'lifetime' }]);
    expect(tiktokSpend('update', { budget: 10, budgetMode: 'BUDGET_MODE_INFINITE' }).budgets).toEqual([]);
  });

  it('a status of ENABLE activates', () => {
    expect(spendOf('tiktok.assets.status', { dto: { adAccountId: '7000000000000000011', level: 'campaign', ids: ['1'], status: 'ENABLE' } })).toMatchObject({ activates: true });
    expect(spendOf('tiktok.smart.ad.status', { dto: { adAccountId: '7000000000000000011', ids: ['1'], status: 'DISABLE' } })).toMatchObject({ activates: false });
  });
});

describe('Meta, Google and LinkedIn spend', () => {
  it('Meta budgets stay in minor units as sent; ACTIVE activates, and a create is active only when ACTIVE', () => {
    expect(spendOf('facebook.update-object', { level: 'campaign', objectId: '1', fields: { daily_budget: '2500' } })).toEqual({ budgets: [{ field: 'daily_budget', amount: '2500', period: 'daily' }] });
    expect(spendOf('facebook.update-status', { objectId: '1', level: 'campaign', status: 'ACTIVE' } as never)).toMatchObject({ activates: true });
  });

  it('Google: the budget in micros, daily; ENABLED activates', () => {
    expect(spendOf('google.campaign.budget', { campaignId: '1', amountMicros: '42500000', validateOnly: false })).toEqual({ budgets: [{ field: 'amount_micros', amount: '42500000', period: 'daily' }] });
    expect(spendOf('google.campaign.status', { campaignId: '1', status: 'ENABLED', validateOnly: false })).toEqual({ activates: true });
  });

  it('LinkedIn: a status of ACTIVE activates', () => {
    expect(spendOf('linkedin.campaign.status', { id: '1', dto: { adAccountId: '508000001', status: 'ACTIVE' } })).toEqual({ activates: true });
  });
});
