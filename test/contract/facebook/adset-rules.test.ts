import { ACCOUNTS } from '../../simulators/facebook';
import { simPerFile } from './fb-client';

const ACT = `act_${ACCOUNTS.alice[0]}`;
const targeting = { geo_locations: { countries: ['US'] } };

/*
 * Ad set rules (sources in test/simulators/facebook/README.md, "Ad sets"): billing events per
 * optimization goal (https://developers.facebook.com/docs/marketing-api/bidding/overview/billing-events),
 * no ad set budget under a campaign budget (1885621), a lifetime budget keeps an end time (1885271), and
 * a budget keeps its kind (daily or lifetime) once published.
 */
describe('facebook simulator: ad set billing and budget rules', () => {
  const { fb } = simPerFile();

  const abo = async () =>
    (await fb.post(`${ACT}/campaigns`, { name: 'abo', objective: 'OUTCOME_TRAFFIC', status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false })).body.id as string;

  it.each([
    ['LINK_CLICKS', 'LINK_CLICKS'],
    ['THRUPLAY', 'THRUPLAY'],
    ['REACH', 'IMPRESSIONS'],
    ['OFFSITE_CONVERSIONS', 'IMPRESSIONS'],
  ])('optimization_goal %s may pay per %s', async (goal, billing) => {
    const r = await fb.post(`${ACT}/adsets`, { name: 's', campaign_id: await abo(), optimization_goal: goal, billing_event: billing, daily_budget: 1000, targeting, status: 'PAUSED' });
    expect(r.status).toBe(200);
  });

  it.each([
    ['REACH', 'LINK_CLICKS'],
    ['LINK_CLICKS', 'THRUPLAY'],
    ['LEAD_GENERATION', 'CLICKS'],
  ])('optimization_goal %s may not pay per %s (code 100, blame billing_event)', async (goal, billing) => {
    const r = await fb.post(`${ACT}/adsets`, { name: 's', campaign_id: await abo(), optimization_goal: goal, billing_event: billing, daily_budget: 1000, targeting, status: 'PAUSED' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(100);
    expect(JSON.parse(r.body.error.error_data)).toEqual({ blame_field_specs: [['billing_event']] });
  });

  it('an update keeps the budget kind, the end time of a lifetime budget, and no ad set budget under a campaign budget', async () => {
    const campaign = await abo();
    const end = '2031-01-01T00:00:00+0000';
    const life = await fb.post(`${ACT}/adsets`, { name: 'l', campaign_id: campaign, optimization_goal: 'REACH', billing_event: 'IMPRESSIONS', lifetime_budget: 50000, end_time: end, targeting, status: 'PAUSED' });
    expect((await fb.post(life.body.id, { daily_budget: 1000 })).body.error).toMatchObject({ code: 100 });
    expect((await fb.post(life.body.id, { lifetime_budget: 60000 })).body).toEqual({ success: true });
    const cbo = await fb.post(`${ACT}/campaigns`, { name: 'cbo', objective: 'OUTCOME_TRAFFIC', status: 'PAUSED', special_ad_categories: [], daily_budget: 5000 });
    const under = await fb.post(`${ACT}/adsets`, { name: 'u', campaign_id: cbo.body.id, optimization_goal: 'REACH', billing_event: 'IMPRESSIONS', targeting, status: 'PAUSED' });
    expect((await fb.post(under.body.id, { daily_budget: 1000 })).body.error).toMatchObject({ code: 100, error_subcode: 1885621 });
    expect((await fb.post(cbo.body.id, { lifetime_budget: 1000 })).body.error).toMatchObject({ code: 100 });
  });
});
