import { useWorld } from '../../world';
import { ALICE_UK, ALICE_US, BOB_BIKES, adGroupPart, campaignPart, qs } from './fixtures';

type Rec = Record<string, any>;

describe('PATCH /api/v1/tiktok/assets/{level}/{id}: partial updates with TikTok’s budget rules checked first', () => {
  const w = useWorld({ platform: 'tiktok', workers: true }, async (w) => {
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
    await w.connect('tiktok', { adAccountId: ALICE_UK, via: 'token' });
    const bob = await w.userFor('bob-ext');
    await w.connect('tiktok', { adAccountId: BOB_BIKES, as: bob, simUser: 'bob', via: 'token' });
  });

  const list = async (adv: string, level: string, fields: string[]) =>
    (await w.call('GET', `/api/v1/tiktok/assets?${qs({ adAccountId: adv, level, fields: JSON.stringify(fields), filter: { primary_status: 'STATUS_NOT_DELETE' }, pageSize: 50 })}`)).body.data.list as Rec[];
  const patch = (level: string, id: string, body: Rec) => w.call('PATCH', `/api/v1/tiktok/assets/${level}/${id}`, { body });
  const updates = async (what: string) => (await w.sim.calls(`/${what}/update/`)).filter((c) => c.method === 'POST');

  it('a campaign: name and budget go to campaign/update and read back', async () => {
    const c = (await list(ALICE_US, 'campaign', ['campaign_id', 'budget_mode'])).find((x) => x.budget_mode === 'BUDGET_MODE_DAY' || x.budget_mode === 'BUDGET_MODE_TOTAL')!;
    await w.sim.clearCalls();
    const r = await patch('campaign', c.campaign_id, { adAccountId: ALICE_US, campaignName: 'Renamed campaign', budget: 75 });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Campaign updated');
    expect(r.body.pollUrl).toBe(`/api/v1/jobs/${r.body.jobId}`);
    expect(r.headers.get('content-location')).toBe(r.body.pollUrl);
    const [call] = await updates('campaign');
    expect(call!.body).toEqual({ advertiser_id: ALICE_US, campaign_id: c.campaign_id, campaign_name: 'Renamed campaign', budget: 75 });
    const back = (await list(ALICE_US, 'campaign', ['campaign_id', 'campaign_name', 'budget'])).find((x) => x.campaign_id === c.campaign_id)!;
    expect(back).toMatchObject({ campaign_name: 'Renamed campaign', budget: 75 });
  });

  it('an ad group: budget, schedule, bid and targeting', async () => {
    const g = (await list(ALICE_US, 'adgroup', ['adgroup_id', 'budget_mode']))[0]!;
    const body = { adAccountId: ALICE_US, budget: 35, bidType: 'BID_TYPE_CUSTOM', bidPrice: 1.5, scheduleEndTime: '2030-01-01 00:00:00', locationIds: ['2635167'], ageGroups: ['AGE_25_34'] };
    const r = await patch('adgroup', g.adgroup_id, body);
    expect(r.status).toBe(200);
    const [call] = await updates('adgroup');
    expect(call!.body).toMatchObject({ adgroup_id: g.adgroup_id, budget: 35, bid_type: 'BID_TYPE_CUSTOM', bid_price: 1.5, location_ids: ['2635167'], age_groups: ['AGE_25_34'] });
    const back = (await list(ALICE_US, 'adgroup', ['adgroup_id', 'budget', 'bid_price', 'location_ids', 'schedule_end_time'])).find((x) => x.adgroup_id === g.adgroup_id)!;
    expect(back).toMatchObject({ budget: 35, bid_price: 1.5, location_ids: ['2635167'], schedule_end_time: '2030-01-01 00:00:00' });
  });

  it('an ad: creative fields through ad/update with patch_update and the ad’s own ad group', async () => {
    const ad = (await list(ALICE_US, 'ad', ['ad_id', 'adgroup_id']))[0]!;
    const r = await patch('ad', ad.ad_id, { adAccountId: ALICE_US, creative: { adText: 'New text', landingPageUrl: 'https://example.test/new' } });
    expect(r.status).toBe(200);
    const [call] = await updates('ad');
    expect(call!.body).toEqual({
      advertiser_id: ALICE_US, adgroup_id: ad.adgroup_id, patch_update: true, creatives: [{ ad_id: ad.ad_id, ad_text: 'New text', landing_page_url: 'https://example.test/new' }],
    });
    const back = (await list(ALICE_US, 'ad', ['ad_id', 'ad_text', 'landing_page_url'])).find((x) => x.ad_id === ad.ad_id)!;
    expect(back).toMatchObject({ ad_text: 'New text', landing_page_url: 'https://example.test/new' });
  });

  it.each([
    ['campaign', 'BUDGET_MODE_DAY', 49, 'body.budget'],
    ['adgroup', 'BUDGET_MODE_DAY', 19.99, 'body.budget'],
    ['campaign', 'BUDGET_MODE_INFINITE', 100, 'body.budget'],
  ])('a %s (%s) budget of %s → 400 naming the field, before any update call', async (level, mode, budget, path) => {
    const o = (await list(ALICE_US, level, [`${level}_id`, 'budget_mode'])).find((x) => x.budget_mode === mode)!;
    await w.sim.clearCalls();
    const r = await patch(level, o[`${level}_id`], { adAccountId: ALICE_US, budget });
    expect(r.status).toBe(400);
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await updates(level)).toHaveLength(0);
  });

  it('a lifetime ad group budget below 20 USD × its scheduled days → 400 naming the field; the minimum itself passes', async () => {
    const made = await w.call('POST', '/api/v1/tiktok/assets', { body: {
      adAccountId: ALICE_US,
      campaign: { ...campaignPart(), budgetMode: 'BUDGET_MODE_INFINITE', budget: undefined },
      adGroup: { ...adGroupPart(), budgetMode: 'BUDGET_MODE_TOTAL', budget: 500, scheduleType: 'SCHEDULE_START_END', scheduleStartTime: '2030-01-01 00:00:00', scheduleEndTime: '2030-01-11 00:00:00' },
    } });
    expect(made.status).toBe(200);
    const id = made.body.data.adgroup_id as string;
    await w.sim.clearCalls();
    const low = await patch('adgroup', id, { adAccountId: ALICE_US, budget: 199 });
    expect(low.status).toBe(400);
    expect(low.body.error.details).toEqual([{ path: 'body.budget', message: expect.stringContaining('at least 200 USD') }]);
    expect(await updates('adgroup')).toHaveLength(0);
    expect((await patch('adgroup', id, { adAccountId: ALICE_US, budget: 200 })).status).toBe(200);
  });

  it('the USD minimums do not apply to another currency (GBP): TikTok judges', async () => {
    const c = (await list(ALICE_UK, 'campaign', ['campaign_id', 'budget_mode'])).find((x) => x.budget_mode === 'BUDGET_MODE_DAY' || x.budget_mode === 'BUDGET_MODE_TOTAL')!;
    const r = await patch('campaign', c.campaign_id, { adAccountId: ALICE_UK, budget: 30 });
    expect(r.status).toBe(200);
  });

  it('400 naming the field: a field of another level, an empty change, an end before the start', async () => {
    const g = (await list(ALICE_US, 'adgroup', ['adgroup_id']))[0]!;
    const c = (await list(ALICE_US, 'campaign', ['campaign_id']))[0]!;
    await w.sim.clearCalls();
    const cases: [string, string, Rec, string][] = [
      ['campaign', c.campaign_id, { adgroupName: 'x' }, 'body.adgroupName'],
      ['ad', g.adgroup_id, { budget: 100 }, 'body.budget'],
      ['adgroup', g.adgroup_id, {}, 'body'],
      ['adgroup', g.adgroup_id, { scheduleStartTime: '2030-01-02 00:00:00', scheduleEndTime: '2030-01-01 00:00:00' }, 'body.scheduleEndTime'],
      ['adgroup', g.adgroup_id, { placements: ['PLACEMENT_TIKTOK'] }, 'body'],
    ];
    for (const [level, id, extra, path] of cases) {
      const r = await patch(level, id, { adAccountId: ALICE_US, ...extra });
      expect({ level, extra, status: r.status }).toEqual({ level, extra, status: 400 });
      expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await w.sim.calls('/update/')).filter((x) => x.method === 'POST')).toHaveLength(0);
  });

  it('an object of another advertiser → 404, nothing updated', async () => {
    const foreign = (await list(ALICE_UK, 'campaign', ['campaign_id']))[0]!.campaign_id;
    await w.sim.clearCalls();
    const r = await patch('campaign', foreign, { adAccountId: ALICE_US, campaignName: 'x' });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await updates('campaign')).toHaveLength(0);
    const bob = await patch('campaign', foreign, { adAccountId: BOB_BIKES, campaignName: 'x' });
    expect(bob.status).toBe(403);
  });
});
