/**
 * TikTok simulator contract: budget rules of campaign/update and adgroup/update (sources in
 * test/simulators/tiktok/README.md, "Budgets").
 */
import { ALICE_UK, ALICE_US, expectError, expectOk, simPerFile } from './tiktok-sim-client';

type Rec = Record<string, unknown>;

describe('tiktok simulator: budget minimums and a fixed budget mode on update', () => {
  const { api } = simPerFile();

  const campaign = async (adv: string, mode: string, budget?: number) =>
    (await api.post<Rec>('/campaign/create/', { advertiser_id: adv, campaign_name: 'c', objective_type: 'TRAFFIC', budget_mode: mode, budget })).data.campaign_id as string;
  const adgroup = async (campaignId: string, extra: Rec) =>
    (await api.post<Rec>('/adgroup/create/', {
      advertiser_id: ALICE_US, campaign_id: campaignId, adgroup_name: 'g', billing_event: 'CPC', optimization_goal: 'CLICK', pacing: 'PACING_MODE_SMOOTH',
      schedule_type: 'SCHEDULE_START_END', schedule_start_time: '2030-01-01 00:00:00', schedule_end_time: '2030-01-11 00:00:00', ...extra,
    })).data.adgroup_id as string;

  it('a USD campaign budget below 50 is refused; 50 is accepted; another currency is not held to USD amounts', async () => {
    const id = await campaign(ALICE_US, 'BUDGET_MODE_DAY', 100);
    expectError(await api.post('/campaign/update/', { advertiser_id: ALICE_US, campaign_id: id, budget: 49.99 }), 40002, 'budget');
    expectOk(await api.post('/campaign/update/', { advertiser_id: ALICE_US, campaign_id: id, budget: 50 }));
    const uk = await campaign(ALICE_UK, 'BUDGET_MODE_DAY', 100);
    expectOk(await api.post('/campaign/update/', { advertiser_id: ALICE_UK, campaign_id: uk, budget: 30 }));
  });

  it('an unlimited campaign takes no budget (the budget mode cannot change)', async () => {
    const id = await campaign(ALICE_US, 'BUDGET_MODE_INFINITE');
    expectError(await api.post('/campaign/update/', { advertiser_id: ALICE_US, campaign_id: id, budget: 100 }), 40002, 'budget');
  });

  it('an ad group needs 20 a day, and 20 × its scheduled days for a lifetime budget', async () => {
    const c = await campaign(ALICE_US, 'BUDGET_MODE_INFINITE');
    const daily = await adgroup(c, { budget_mode: 'BUDGET_MODE_DAY', budget: 40 });
    expectError(await api.post('/adgroup/update/', { advertiser_id: ALICE_US, adgroup_id: daily, budget: 19 }), 40002, 'budget');
    expectOk(await api.post('/adgroup/update/', { advertiser_id: ALICE_US, adgroup_id: daily, budget: 20 }));
    const total = await adgroup(c, { budget_mode: 'BUDGET_MODE_TOTAL', budget: 500 });
    expectError(await api.post('/adgroup/update/', { advertiser_id: ALICE_US, adgroup_id: total, budget: 199 }), 40002, 'budget');
    expectOk(await api.post('/adgroup/update/', { advertiser_id: ALICE_US, adgroup_id: total, budget: 200 }));
  });
});
