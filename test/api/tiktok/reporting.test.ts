import { useWorld } from '../../world';
import { ALICE_UK, ALICE_US, decoded, qs } from './fixtures';

describe('TikTok insights, pixels and import', () => {
  const w = useWorld({ platform: 'tiktok', workers: true }, async (w) => {
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
    await w.connect('tiktok', { adAccountId: ALICE_UK, via: 'token' });
  });

  describe('GET /api/v1/tiktok/insights', () => {
    const insights = (q: Record<string, unknown>) => w.call('GET', `/api/v1/tiktok/insights?${qs({ adAccountId: ALICE_US, ...q })}`);

    it('calls report/integrated/get/ with JSON-encoded dimensions and metrics and keeps metric values as TikTok’s strings', async () => {
      const r = await insights({ dataLevel: 'AUCTION_CAMPAIGN', dimensions: 'campaign_id,stat_time_day', metrics: 'spend,impressions,ctr', startDate: '2026-11-01', endDate: '2026-11-03', pageSize: 5 });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Insights fetched');
      expect(r.body.data.page_info).toEqual({ page: 1, page_size: 5, total_number: 33, total_page: 7 });
      const row = r.body.data.list[0];
      expect(Object.keys(row.dimensions).sort()).toEqual(['campaign_id', 'stat_time_day']);
      expect(row.metrics).toEqual({ spend: expect.stringMatching(/^\d+\.\d{2}$/), impressions: expect.stringMatching(/^\d+$/), ctr: expect.any(String) });
      const [call] = await w.sim.calls('/report/integrated/get/');
      expect(call!.query.dimensions).toBe('["campaign_id","stat_time_day"]');
      expect(decoded(call!.query)).toEqual({
        advertiser_id: ALICE_US, report_type: 'BASIC', data_level: 'AUCTION_CAMPAIGN', dimensions: ['campaign_id', 'stat_time_day'],
        metrics: ['spend', 'impressions', 'ctr'], start_date: '2026-11-01', end_date: '2026-11-03', page: '1', page_size: '5',
      });
    });

    it('passes paging through: page 2 continues where page 1 stopped', async () => {
      const q = { dataLevel: 'AUCTION_AD', dimensions: 'ad_id', metrics: 'spend', startDate: '2026-11-01', endDate: '2026-11-01', pageSize: 20 };
      const p1 = await insights({ ...q, page: 1 });
      const p2 = await insights({ ...q, page: 2 });
      expect(p2.body.data.page_info).toMatchObject({ page: 2, page_size: 20, total_number: p1.body.data.page_info.total_number });
      const ids = [...p1.body.data.list, ...p2.body.data.list].map((x: { dimensions: { ad_id: string } }) => x.dimensions.ad_id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it.each([
      ['more than 30 days with stat_time_day', { dimensions: 'campaign_id,stat_time_day', startDate: '2026-10-01', endDate: '2026-11-01' }, 'query.endDate'],
      ['more than one day with stat_time_hour', { dimensions: 'campaign_id,stat_time_hour', startDate: '2026-11-01', endDate: '2026-11-02' }, 'query.endDate'],
      ['an end before the start', { dimensions: 'campaign_id', startDate: '2026-11-02', endDate: '2026-11-01' }, 'query.endDate'],
      ['no dates and no lifetime', { dimensions: 'campaign_id' }, 'query.startDate'],
      ['a malformed date', { dimensions: 'campaign_id', startDate: '2026/11/01', endDate: '2026-11-01' }, 'query.startDate'],
      ['an id dimension of another level', { dimensions: 'ad_id', startDate: '2026-11-01', endDate: '2026-11-01' }, 'query.dimensions'],
      ['a page size over 1000', { dimensions: 'campaign_id', startDate: '2026-11-01', endDate: '2026-11-01', pageSize: 1001 }, 'query.pageSize'],
    ])('answers 400 for %s before calling TikTok', async (_what, q, path) => {
      const r = await insights({ dataLevel: 'AUCTION_CAMPAIGN', ...q });
      expect(r.status).toBe(400);
      expect(r.body.error.details[0].path).toBe(path);
      expect(await w.sim.calls('/open_api/')).toHaveLength(0);
    });

    it('an unknown metric is refused by TikTok and answers 422 with its message', async () => {
      const r = await insights({ dataLevel: 'AUCTION_CAMPAIGN', dimensions: 'campaign_id', metrics: 'video_views', startDate: '2026-11-01', endDate: '2026-11-01' });
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ message: "Invalid metric fields: ['video_views']", error: { code: 'PLATFORM_REJECTED' } });
    });
  });

  describe('pixels', () => {
    it('GET /pixels lists the advertiser’s pixels in TikTok’s shape ({ pixels, page_info })', async () => {
      const r = await w.call('GET', `/api/v1/tiktok/pixels?${qs({ adAccountId: ALICE_US, orderBy: 'LATEST_CREATE', pageSize: 20 })}`);
      expect(r.status).toBe(200);
      expect(r.body.data.page_info).toEqual({ page: 1, page_size: 20, total_number: 2, total_page: 1 });
      expect(r.body.data.pixels[0]).toMatchObject({ pixel_id: expect.stringMatching(/^710/), pixel_code: expect.any(String), events: expect.any(Array) });
      expect(decoded((await w.sim.calls('/pixel/list/'))[0]!.query)).toEqual({ advertiser_id: ALICE_US, order_by: 'LATEST_CREATE', page: '1', page_size: '20' });
    });

    it('GET /pixels refuses a page size over 20', async () => {
      const r = await w.call('GET', `/api/v1/tiktok/pixels?${qs({ adAccountId: ALICE_US, pageSize: 21 })}`);
      expect(r.status).toBe(400);
      expect(r.body.error.details[0].path).toBe('query.pageSize');
    });

    it('GET /pixels/events/stats sends pixel_ids and date_range as JSON and returns the counts', async () => {
      const list = await w.call('GET', `/api/v1/tiktok/pixels?${qs({ adAccountId: ALICE_UK })}`);
      const ids = list.body.data.pixels.map((p: { pixel_id: string }) => p.pixel_id);
      await w.sim.clearCalls();
      const r = await w.call('GET', `/api/v1/tiktok/pixels/events/stats?${qs({ adAccountId: ALICE_UK, pixelIds: ids.join(','), startDate: '2026-11-01', endDate: '2026-11-07' })}`);
      expect(r.status).toBe(200);
      expect(r.body.data.list.map((x: { pixel_id: string }) => x.pixel_id)).toEqual(ids);
      expect(r.body.data.list[0].statistics[0]).toMatchObject({ pixel_event_type: expect.any(String), total_count: expect.any(Number), browser_event_total_count: expect.any(Number) });
      const [call] = await w.sim.calls('/pixel/event/stats/');
      expect(call!.query.pixel_ids).toBe(JSON.stringify(ids));
      expect(call!.query.date_range).toBe('{"start_date":"2026-11-01","end_date":"2026-11-07"}');
    });

    it('GET /pixels/events/stats refuses more than 30 days before calling TikTok', async () => {
      const r = await w.call('GET', `/api/v1/tiktok/pixels/events/stats?${qs({ adAccountId: ALICE_UK, pixelIds: '7100000000000000001', startDate: '2026-10-01', endDate: '2026-11-01' })}`);
      expect(r.status).toBe(400);
      expect(await w.sim.calls('/open_api/')).toHaveLength(0);
    });
  });

  it('GET /import-ad-account imports every live campaign, ad group, ad and pixel as a job', async () => {
    const r = await w.call('GET', `/api/v1/tiktok/import-ad-account?${qs({ adAccountId: ALICE_UK })}`);
    expect(r.status).toBe(200);
    expect(r.body.data.counts).toEqual({ campaign: 6, adgroup: 12, ad: 24, pixel: 2 });
    const gets = await w.sim.calls('/get/');
    expect(gets.map((c) => c.path)).toEqual(['/open_api/v1.3/campaign/get/', '/open_api/v1.3/adgroup/get/', '/open_api/v1.3/ad/get/']);
    expect(decoded(gets[0]!.query)).toEqual({ advertiser_id: ALICE_UK, page: '1', page_size: '1000' });
    expect(decoded((await w.sim.calls('/pixel/list/'))[0]!.query)).toEqual({ advertiser_id: ALICE_UK, page: '1', page_size: '20' });
  });
});
