/**
 * Smart+ get filters as TikTok's own SDK models them: tiktok-business-api-sdk-official
 * src/model/FilteringSmartPlusAdGet.js (smart_plus_ad_ids, campaign_ids, adgroup_ids, objective_type,
 * optimization_goal, primary_status, secondary_status, creation_filter_start/end_time, modified_after;
 * no ad_name) and src/model/FilteringSmartPlusAdgroupGet.js (adds adgroup_name and promotion_type).
 */
import { SMART_GET } from '../../../shared/platforms/tiktok/operations/levels';
import { ALICE_US, expectError, expectOk, simPerFile } from './tiktok-sim-client';

interface ListData { list: Record<string, unknown>[] }

describe('tiktok simulator: Smart+ get filters follow the official spec', () => {
  const { api } = simPerFile();

  it('smart_plus/ad/get accepts objective_type and optimization_goal', async () => {
    const r = await api.get<ListData>('/smart_plus/ad/get/', { advertiser_id: ALICE_US, filtering: { objective_type: 'WEB_CONVERSIONS', optimization_goal: 'CONVERT' } });
    expectOk(r);
    expect(Array.isArray(r.data.list)).toBe(true);
  });

  it('smart_plus/ad/get refuses ad_name, which the endpoint does not have', async () => {
    expectError(await api.get('/smart_plus/ad/get/', { advertiser_id: ALICE_US, filtering: { ad_name: 'Smart+' } }), 40002, /ad_name/);
  });

  it('smart_plus/adgroup/get accepts objective_type, optimization_goal and promotion_type', async () => {
    const r = await api.get<ListData>('/smart_plus/adgroup/get/', { advertiser_id: ALICE_US, filtering: { objective_type: 'WEB_CONVERSIONS', optimization_goal: 'CONVERT', promotion_type: 'WEBSITE', adgroup_name: 'Smart' } });
    expectOk(r);
  });

  it('the gateway allow-lists exactly the spec keys', () => {
    expect([...SMART_GET.ad.filterKeys].sort()).toEqual(
      ['adgroup_ids', 'campaign_ids', 'creation_filter_end_time', 'creation_filter_start_time', 'modified_after', 'objective_type', 'optimization_goal', 'primary_status', 'secondary_status', 'smart_plus_ad_ids'],
    );
    expect([...SMART_GET.adgroup.filterKeys].sort()).toEqual(
      ['adgroup_ids', 'adgroup_name', 'campaign_ids', 'creation_filter_end_time', 'creation_filter_start_time', 'objective_type', 'optimization_goal', 'primary_status', 'promotion_type', 'secondary_status'],
    );
  });
});
