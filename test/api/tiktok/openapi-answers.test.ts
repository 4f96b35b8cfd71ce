import { useWorld } from '../../world';
import { undocumentedAnswer } from '../../helpers/openapi-answers';
import { ALICE_US, adGroupPart, campaignPart, creative, qs, uniq } from './fixtures';

describe('TikTok ad group answers (with schedule_end_time: null) match the served OpenAPI document', () => {
  const w = useWorld({ platform: 'tiktok', workers: true }, async (w) => {
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
  });
  let doc: any;
  beforeAll(async () => {
    doc = (await w.call('GET', '/api/v1/openapi.json')).body;
  });

  const check = async (method: string, path: string, body?: unknown) => {
    const r = await w.call(method, path, { body });
    expect([method, path, r.status]).toEqual([method, path, 200]);
    return { r, problems: await undocumentedAnswer(doc, method, path, r) };
  };

  it('Smart+ ad groups: list, create and update', async () => {
    const list = await check('GET', `/api/v1/tiktok/smart/adgroups?${qs({ adAccountId: ALICE_US })}`);
    expect(list.r.body.data.list[0]).toHaveProperty('schedule_end_time', null);
    expect(list.problems).toEqual([]);

    const campaign = await check('POST', '/api/v1/tiktok/smart/campaigns', {
      adAccountId: ALICE_US, campaignName: uniq('SP campaign'), objectiveType: 'WEB_CONVERSIONS', budget: 120, budgetMode: 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET',
    });
    const created = await check('POST', '/api/v1/tiktok/smart/adgroups', {
      adAccountId: ALICE_US, campaignId: campaign.r.body.data.campaign_id, adgroupName: uniq('SP group'), promotionType: 'WEBSITE', billingEvent: 'OCPM',
      optimizationGoal: 'CONVERT', scheduleType: 'SCHEDULE_FROM_NOW', scheduleStartTime: '2026-12-01 00:00:00', targetingSpec: { locationIds: ['6252001'] },
    });
    expect(created.problems).toEqual([]);
    const updated = await check('PATCH', `/api/v1/tiktok/smart/adgroups/${created.r.body.data.adgroup_id}`, { adAccountId: ALICE_US, adgroupName: uniq('Renamed') });
    expect(updated.problems).toEqual([]);
  });

  it('the assets create chain and the ad group level of the assets read', async () => {
    const made = await check('POST', '/api/v1/tiktok/assets', { adAccountId: ALICE_US, campaign: campaignPart(), adGroup: adGroupPart(), ad: { creatives: [creative()] } });
    expect(made.r.body.data.adgroup).toHaveProperty('schedule_end_time', null);
    expect(made.problems).toEqual([]);
    const read = await check('GET', `/api/v1/tiktok/assets?${qs({ adAccountId: ALICE_US, level: 'adgroup' })}`);
    expect(read.r.body.data.list.some((g: Record<string, unknown>) => g.schedule_end_time === null)).toBe(true);
    expect(read.problems).toEqual([]);
  });
});
