import { useWorld } from '../../world';
import { ALICE_US, adGroupPart, campaignPart, creative } from './fixtures';

/*
 * A lost answer: TikTok creates the campaign but the gateway never hears back (response timeout,
 * no client retries here), so the job attempt fails and BullMQ runs it again. The delay is well
 * past the timeout because undici checks timeouts on a coarse timer.
 */
describe('POST /api/v1/tiktok/assets after a lost answer', () => {
  const w = useWorld({ platform: 'tiktok', workers: true, env: { HTTP_RESPONSE_TIMEOUT_MS: '400', HTTP_MAX_RETRIES: '0' } }, async (w) => {
    const aliceUs = await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
    return { aliceUs };
  });

  it('the retried job reuses the campaign TikTok already created (same request_id) and creates nothing twice', async () => {
    await w.sim.fault({ path: '/campaign/create/', latencyMs: 2500, count: 1 });
    const c = campaignPart();
    const r = await w.call('POST', '/api/v1/tiktok/assets', { body: { adAccountId: ALICE_US, campaign: c, adGroup: adGroupPart(), ad: { creatives: [creative()] } } });
    expect(r.status).toBe(200);

    const creates = await w.sim.calls('/campaign/create/');
    expect(creates).toHaveLength(2);
    expect(creates[1]!.body.request_id).toBe(creates[0]!.body.request_id);
    const campaigns = [...w.sim.raw.state.campaigns.byId.values()].filter((e) => e.name === c.campaignName);
    expect(campaigns).toHaveLength(1);
    expect(r.body.data.campaign_id).toBe(campaigns[0]!.id);
    expect(await w.sim.calls('/adgroup/create/')).toHaveLength(1);
    expect(await w.sim.calls('/ad/create/')).toHaveLength(1);
    expect(w.sim.raw.state.adgroups.byId.get(r.body.data.adgroup_id)!.parentId).toBe(campaigns[0]!.id);

    // Whether BullMQ re-ran it as a retry or as a stalled job (under load) is its business; the job
    // finished once, with the one campaign. Scoped to this file's account: every test file shares the
    // database, and other files' simulators hand out the same campaign ids.
    const jobs = (await w.app.infra.orm.em
      .getConnection()
      .execute(`select state from jobs where operation = 'tiktok.assets.create' and ad_account_id = ? and result->>'campaign_id' = ?`, [
        w.aliceUs.id,
        r.body.data.campaign_id,
      ])) as { state: string }[];
    expect(jobs).toEqual([{ state: 'completed' }]);
  });
});
