import { useWorld } from '../../world';
import { ALICE_US, adGroupPart, campaignPart, creative, uniq } from './fixtures';

describe('POST /api/v1/tiktok/assets (create chain) and /assets/status', () => {
  const w = useWorld({ platform: 'tiktok', workers: true }, async (w) => {
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
  });

  const named = (store: 'campaigns' | 'adgroups' | 'ads', name: string) => [...w.sim.raw.state[store].byId.values()].filter((e) => e.name === name);

  it('creates campaign, ad group and ads in order, each under its just-created parent, and names every id', async () => {
    const c = campaignPart();
    const g = adGroupPart();
    const ad = creative();
    const r = await w.call('POST', '/api/v1/tiktok/assets', { body: { adAccountId: ALICE_US, campaign: c, adGroup: g, ad: { creatives: [ad] } } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, statusCode: 200, message: 'Assets created' });
    const d = r.body.data;
    expect(d).toMatchObject({ campaign_id: expect.stringMatching(/^180/), adgroup_id: expect.stringMatching(/^181/), ad_ids: [expect.stringMatching(/^182/)] });
    expect(d.campaign).toMatchObject({ campaign_id: d.campaign_id, campaign_name: c.campaignName, budget: 75, budget_mode: 'BUDGET_MODE_DAY' });
    expect(d.adgroup).toMatchObject({ adgroup_id: d.adgroup_id, campaign_id: d.campaign_id });

    const [cc] = await w.sim.calls('/campaign/create/');
    expect(cc!.body).toEqual({
      advertiser_id: ALICE_US, campaign_name: c.campaignName, objective_type: 'TRAFFIC', budget_mode: 'BUDGET_MODE_DAY', budget: 75, request_id: expect.stringMatching(/^\d{1,19}$/),
    });
    const [gc] = await w.sim.calls('/adgroup/create/');
    expect(gc!.body).toMatchObject({ advertiser_id: ALICE_US, campaign_id: d.campaign_id, adgroup_name: g.adgroupName, billing_event: 'CPC', location_ids: ['6252001'], request_id: expect.any(String) });
    const [ac] = await w.sim.calls('/ad/create/');
    expect(ac!.body).toMatchObject({
      advertiser_id: ALICE_US,
      adgroup_id: d.adgroup_id,
      // ad/create has no idempotency key: the ad carries the job step's tag, which a crash lookup matches
      creatives: [{ ad_name: ad.adName, video_id: ad.videoId, utm_params: [{ key: 'utm_source', value: 'tiktok' }], disclaimer_type: 'TEXT_ONLY', disclaimer_text: { text: 'Terms apply' } }],
    });
    expect(new Set([cc!.body.request_id, gc!.body.request_id]).size).toBe(2);
    expect(ac!.body).not.toHaveProperty('request_id');
    expect(w.sim.raw.state.ads.byId.get(d.ad_ids[0])!.parentId).toBe(d.adgroup_id);
    expect(w.sim.raw.state.adgroups.byId.get(d.adgroup_id)!.parentId).toBe(d.campaign_id);
  });

  it('creates only an ad group under an existing campaign', async () => {
    const g = adGroupPart();
    const existing = '1800000000000000011';
    const r = await w.call('POST', '/api/v1/tiktok/assets', { body: { adAccountId: ALICE_US, adGroup: { ...g, campaignId: existing } } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ adgroup_id: expect.stringMatching(/^181/) });
    expect(r.body.data.campaign_id).toBeUndefined();
    expect((await w.sim.calls('/adgroup/create/'))[0]!.body.campaign_id).toBe(existing);
    expect(await w.sim.calls('/campaign/create/')).toHaveLength(0);
  });

  it('when the ad step fails, answers the platform’s error naming the created campaign and ad group, which stay in place', async () => {
    await w.sim.injectError({ code: 40002, path: '/ad/create/', count: 1, message: 'creatives[0].video_id: Video does not exist.' });
    const c = campaignPart();
    const g = adGroupPart();
    const r = await w.call('POST', '/api/v1/tiktok/assets', { body: { adAccountId: ALICE_US, campaign: c, adGroup: g, ad: { creatives: [creative()] } } });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('PLATFORM_REJECTED');
    expect(r.body.message).toMatch(/ad step failed: creatives\[0\]\.video_id: Video does not exist/);
    const [campaign] = named('campaigns', c.campaignName);
    const [adgroup] = named('adgroups', g.adgroupName);
    expect(campaign && adgroup).toBeTruthy();
    expect(r.body.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ platform: 'tiktok', code: 40002 }),
        { failedStep: 'ad', created: { campaign_id: campaign!.id, adgroup_id: adgroup!.id } },
      ]),
    );
    expect(r.body.message).toBe(`The ad step failed: creatives[0].video_id: Video does not exist. Already created: campaign ${campaign!.id}, ad group ${adgroup!.id}.`);
  });

  it('with Prefer: respond-async answers 202 and the job result names the ids', async () => {
    const r = await w.call('POST', '/api/v1/tiktok/assets', { body: { adAccountId: ALICE_US, campaign: campaignPart() }, as: { ...w.user.headers, prefer: 'respond-async' } });
    expect(r.status).toBe(202);
    expect(r.headers.get('location')).toBe(r.body.data.pollUrl);
    let job: any;
    for (let i = 0; i < 100 && job?.state !== 'completed'; i++) {
      await new Promise((res) => setTimeout(res, 100));
      job = (await w.call('GET', r.body.data.pollUrl)).body.data;
    }
    expect(job).toMatchObject({ state: 'completed', platform: 'tiktok', adAccountId: ALICE_US, result: { campaign_id: expect.stringMatching(/^180/) } });
  });

  it('refuses a request whose parts are not contiguous, before any job or platform call', async () => {
    const r = await w.call('POST', '/api/v1/tiktok/assets', { body: { adAccountId: ALICE_US, campaign: campaignPart(), ad: { adgroupId: '1810000000000000011', creatives: [creative()] } } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(r.body.error.details[0]).toMatchObject({ path: 'body.adGroup', message: expect.stringMatching(/contiguous/) });
    expect(await w.sim.calls('/open_api/')).toHaveLength(0);
  });

  it('sets ENABLE / DISABLE / DELETE at any level through status/update', async () => {
    const made = await w.call('POST', '/api/v1/tiktok/assets', { body: { adAccountId: ALICE_US, campaign: campaignPart(), adGroup: adGroupPart(), ad: { creatives: [creative(uniq('A1')), creative(uniq('A2'))] } } });
    const { campaign_id, adgroup_id, ad_ids } = made.body.data;
    await w.sim.clearCalls();
    const ads = await w.call('POST', '/api/v1/tiktok/assets/status', { body: { adAccountId: ALICE_US, level: 'ad', ids: ad_ids, status: 'DISABLE' } });
    expect(ads.status).toBe(200);
    expect(ads.body).toMatchObject({ message: 'Assets status updated', data: { ad_ids, status: 'DISABLE' } });
    expect((await w.sim.calls('/ad/status/update/'))[0]!.body).toEqual({ advertiser_id: ALICE_US, ad_ids, operation_status: 'DISABLE' });
    const group = await w.call('POST', '/api/v1/tiktok/assets/status', { body: { adAccountId: ALICE_US, level: 'adgroup', ids: [adgroup_id], status: 'ENABLE' } });
    expect(group.body.data).toEqual({ adgroup_ids: [adgroup_id], status: 'ENABLE' });
    const del = await w.call('POST', '/api/v1/tiktok/assets/status', { body: { adAccountId: ALICE_US, level: 'campaign', ids: [campaign_id], status: 'DELETE' } });
    expect(del.body.data).toEqual({ campaign_ids: [campaign_id], status: 'DELETE' });
    expect(w.sim.raw.state.campaigns.byId.get(campaign_id)!.status).toBe('DELETE');
    expect(w.sim.raw.state.ads.byId.get(ad_ids[0])!.status).toBe('DELETE');
  });

  it('status of an object TikTok does not know answers 404', async () => {
    const r = await w.call('POST', '/api/v1/tiktok/assets/status', { body: { adAccountId: ALICE_US, level: 'campaign', ids: ['1899999999999999999'], status: 'DISABLE' } });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 'NOT_FOUND', details: [expect.objectContaining({ platform: 'tiktok', code: 40007 })] });
  });
});
