import { http } from '../../helpers/test-app';
import { tiktokRoutes } from '../../../api/routes/tiktok';
import { useWorld } from '../../world';
import { ALICE_APPS, ALICE_US, BOB_BIKES, adGroupPart, campaignPart, creative, qs } from './fixtures';

type Req = { method: string; path: string; query?: Record<string, unknown>; body?: Record<string, unknown> };

/** One valid request per route (everything but the account passes validation). */
const ROUTES: Record<string, (acct: string) => Req> = {
  readTiktokAssets: (a) => ({ method: 'GET', path: '/api/v1/tiktok/assets', query: { adAccountId: a, level: 'campaign' } }),
  createTiktokAssets: (a) => ({ method: 'POST', path: '/api/v1/tiktok/assets', body: { adAccountId: a, campaign: campaignPart(), adGroup: adGroupPart(), ad: { creatives: [creative()] } } }),
  updateTiktokAssetsStatus: (a) => ({ method: 'POST', path: '/api/v1/tiktok/assets/status', body: { adAccountId: a, level: 'ad', ids: ['1820000000000000001'], status: 'DISABLE' } }),
  updateTiktokAsset: (a) => ({ method: 'PATCH', path: '/api/v1/tiktok/assets/campaign/1800000000000000001', body: { adAccountId: a, campaignName: 'x' } }),
  importTiktokAdAccount: (a) => ({ method: 'GET', path: '/api/v1/tiktok/import-ad-account', query: { adAccountId: a } }),
  readTiktokInsights: (a) => ({ method: 'GET', path: '/api/v1/tiktok/insights', query: { adAccountId: a, dataLevel: 'AUCTION_CAMPAIGN', dimensions: 'campaign_id', startDate: '2026-11-01', endDate: '2026-11-02' } }),
  readTiktokPixels: (a) => ({ method: 'GET', path: '/api/v1/tiktok/pixels', query: { adAccountId: a } }),
  readTiktokPixelEventStats: (a) => ({ method: 'GET', path: '/api/v1/tiktok/pixels/events/stats', query: { adAccountId: a, pixelIds: '7100000000000000001', startDate: '2026-11-01', endDate: '2026-11-02' } }),
  readTiktokSmartCampaigns: (a) => ({ method: 'GET', path: '/api/v1/tiktok/smart/campaigns', query: { adAccountId: a } }),
  createTiktokSmartCampaign: (a) => ({ method: 'POST', path: '/api/v1/tiktok/smart/campaigns', body: { adAccountId: a, campaignName: 'x', objectiveType: 'WEB_CONVERSIONS' } }),
  updateTiktokSmartCampaign: (a) => ({ method: 'PATCH', path: '/api/v1/tiktok/smart/campaigns/1830000000000000001', body: { adAccountId: a, budget: 10 } }),
  updateTiktokSmartCampaignStatus: (a) => ({ method: 'POST', path: '/api/v1/tiktok/smart/campaigns/status', body: { adAccountId: a, ids: ['1830000000000000001'], status: 'ENABLE' } }),
  readTiktokSmartAdGroups: (a) => ({ method: 'GET', path: '/api/v1/tiktok/smart/adgroups', query: { adAccountId: a } }),
  createTiktokSmartAdGroup: (a) => ({
    method: 'POST', path: '/api/v1/tiktok/smart/adgroups',
    body: { adAccountId: a, campaignId: '183', adgroupName: 'g', promotionType: 'WEBSITE', billingEvent: 'OCPM', optimizationGoal: 'CONVERT', scheduleType: 'SCHEDULE_FROM_NOW', scheduleStartTime: '2026-12-01 00:00:00', targetingSpec: { locationIds: ['6252001'] } },
  }),
  updateTiktokSmartAdGroup: (a) => ({ method: 'PATCH', path: '/api/v1/tiktok/smart/adgroups/1840000000000000001', body: { adAccountId: a, adgroupName: 'g2' } }),
  updateTiktokSmartAdGroupStatus: (a) => ({ method: 'POST', path: '/api/v1/tiktok/smart/adgroups/status', body: { adAccountId: a, ids: ['1840000000000000001'], status: 'DISABLE' } }),
  readTiktokSmartAds: (a) => ({ method: 'GET', path: '/api/v1/tiktok/smart/ads', query: { adAccountId: a } }),
  createTiktokSmartAd: (a) => ({
    method: 'POST', path: '/api/v1/tiktok/smart/ads',
    body: { adAccountId: a, adgroupId: '184', adName: 'a', creativeList: [{ creativeInfo: { adFormat: 'SINGLE_VIDEO', identityType: 'CUSTOMIZED_USER', identityId: '1', videoInfo: { videoId: 'v' } } }] },
  }),
  updateTiktokSmartAd: (a) => ({ method: 'PATCH', path: '/api/v1/tiktok/smart/ads/1850000000000000001', body: { adAccountId: a, adName: 'a2' } }),
  updateTiktokSmartAdStatus: (a) => ({ method: 'POST', path: '/api/v1/tiktok/smart/ads/status', body: { adAccountId: a, ids: ['1850000000000000001'], status: 'DELETE' } }),
  appealTiktokSmartAd: (a) => ({ method: 'POST', path: '/api/v1/tiktok/smart/ads/1850000000000000001/appeal', body: { adAccountId: a } }),
  readTiktokSmartAdReviewInfo: (a) => ({ method: 'GET', path: '/api/v1/tiktok/smart/ads/review-info', query: { adAccountId: a, smartPlusAdIds: '1850000000000000001' } }),
  updateTiktokSmartAdMaterialStatus: (a) => ({ method: 'POST', path: '/api/v1/tiktok/smart/ads/material-status', body: { adAccountId: a, smartPlusAdId: '185', adMaterialIds: ['186'], status: 'ENABLE' } }),
  readTiktokSmartMaterialReviewInfo: (a) => ({ method: 'GET', path: '/api/v1/tiktok/smart/materials/review-info', query: { adAccountId: a, adMaterialIds: '1860000000000000001' } }),
};

describe('ownership on every TikTok route', () => {
  const w = useWorld({ platform: 'tiktok', workers: true }, async (w) => {
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
    const bob = await w.userFor('bob-ext');
    await w.connect('tiktok', { adAccountId: BOB_BIKES, as: bob, simUser: 'bob', via: 'token' });
    return { bob };
  });

  const send = (r: Req, headers: Record<string, string>) =>
    http(w.app.url, r.method, r.query ? `${r.path}?${qs(r.query)}` : r.path, { headers, body: r.body });

  it('the table covers every TikTok route', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(tiktokRoutes.map((r) => r.operationId).sort());
  });

  const table = Object.entries(ROUTES);

  it.each(table)('%s: another user’s account answers 403 AD_ACCOUNT_NOT_OWNED before any TikTok call', async (_op, build) => {
    const r = await send(build(BOB_BIKES), w.user.headers);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, error: { code: 'AD_ACCOUNT_NOT_OWNED' } });
    expect(await w.sim.calls('/open_api/')).toHaveLength(0);
  });

  it.each(table)('%s: an account unknown in the tenant answers 404 AD_ACCOUNT_NOT_FOUND before any TikTok call', async (_op, build) => {
    const r = await send(build(ALICE_APPS), w.user.headers);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_FOUND');
    expect(await w.sim.calls('/open_api/')).toHaveLength(0);
  });

  it.each(table)('%s: without a credential answers 401', async (_op, build) => {
    const r = await send(build(ALICE_US), {});
    expect(r.status).toBe(401);
  });

  it('the owner reaches TikTok (the guard lets the account through)', async () => {
    const r = await send(ROUTES.readTiktokAssets!(ALICE_US), w.user.headers);
    expect(r.status).toBe(200);
    const own = await send(ROUTES.readTiktokAssets!(BOB_BIKES), w.bob.headers);
    expect(own.status).toBe(200);
    expect(own.body.data.list[0].advertiser_id).toBe(BOB_BIKES);
  });
});
