/** TikTok simulator contract: integrated report (docs/platforms/tiktok.md §5) and pixels (docs/platforms/tiktok.md §6). */
import { ALICE_US, expectError, expectOk, simPerFile } from './tiktok-sim-client';

interface Row { dimensions: Record<string, string>; metrics: Record<string, string> }
interface ReportData { list: Row[]; page_info: { page: number; page_size: number; total_number: number; total_page: number }; total_metrics?: Record<string, string> }

const base = {
  advertiser_id: ALICE_US,
  report_type: 'BASIC',
  data_level: 'AUCTION_CAMPAIGN',
  dimensions: ['campaign_id', 'stat_time_day'],
  start_date: '2025-03-01',
  end_date: '2025-03-07',
};

describe('tiktok simulator: integrated report', () => {
  const { api } = simPerFile();

  it('rows carry dimensions and string metrics; default metrics are spend and impressions', async () => {
    const env = await api.get<ReportData>('/report/integrated/get/', base);
    expectOk(env);
    const row = env.data.list[0]!;
    expect(Object.keys(row.dimensions).sort()).toEqual(['campaign_id', 'stat_time_day']);
    expect(row.dimensions.stat_time_day).toMatch(/^2025-03-0\d 00:00:00$/);
    expect(Object.keys(row.metrics).sort()).toEqual(['impressions', 'spend']);
    expect(row.metrics.spend).toMatch(/^\d+\.\d{2}$/);
    expect(row.metrics.impressions).toMatch(/^\d+$/);
  });

  it('pages over campaign × day without duplicates or gaps; totals are right', async () => {
    // 11 live campaigns × 7 days.
    const seen = new Set<string>();
    for (let page = 1; page <= 4; page++) {
      const env = await api.get<ReportData>('/report/integrated/get/', { ...base, page, page_size: 25 });
      expect(env.data.page_info).toEqual({ page, page_size: 25, total_number: 77, total_page: 4 });
      for (const r of env.data.list) seen.add(`${r.dimensions.campaign_id}|${r.dimensions.stat_time_day}`);
    }
    expect(seen.size).toBe(77);
  });

  it('ratios are consistent with counts (ctr on a 0–100 scale) and total_metrics sums the rows', async () => {
    const env = await api.get<ReportData>('/report/integrated/get/', { ...base, metrics: ['spend', 'impressions', 'clicks', 'ctr', 'campaign_name', 'currency'], page_size: 1000, enable_total_metrics: true });
    for (const r of env.data.list) {
      const ctr = (Number(r.metrics.clicks) / Number(r.metrics.impressions)) * 100;
      expect(Number(r.metrics.ctr)).toBeCloseTo(ctr, 1);
      expect(r.metrics.currency).toBe('USD');
      expect(r.metrics.campaign_name).toMatch(/^Campaign \d+$/);
    }
    const impressions = env.data.list.reduce((n, r) => n + Number(r.metrics.impressions), 0);
    expect(env.data.total_metrics?.impressions).toBe(String(impressions));
  });

  it('filtering by campaign_ids (IN, JSON-array string) narrows the rows; metrics are deterministic', async () => {
    const first = await api.get<ReportData>('/report/integrated/get/', base);
    const id = first.data.list[0]!.dimensions.campaign_id!;
    const env = await api.get<ReportData>('/report/integrated/get/', { ...base, filtering: [{ field_name: 'campaign_ids', filter_type: 'IN', filter_value: JSON.stringify([id]) }] });
    expect(env.data.page_info.total_number).toBe(7);
    expect(env.data.list[0]).toEqual(first.data.list[0]);
    expectError(await api.get('/report/integrated/get/', { ...base, filtering: [{ field_name: 'campaign_ids', filter_type: 'IN', filter_value: id }] }), 40002, 'filter_value');
  });

  it('lifetime and advertiser-level queries have no time dimension', async () => {
    const env = await api.get<ReportData>('/report/integrated/get/', { advertiser_id: ALICE_US, report_type: 'BASIC', data_level: 'AUCTION_ADVERTISER', dimensions: ['advertiser_id'], query_lifetime: true });
    expectOk(env);
    expect(env.data.list).toHaveLength(1);
    expect(env.data.list[0]!.dimensions).toEqual({ advertiser_id: ALICE_US });
  });

  it('hourly reports give 24 rows per object for one day and refuse longer spans', async () => {
    const env = await api.get<ReportData>('/report/integrated/get/', { ...base, dimensions: ['campaign_id', 'stat_time_hour'], end_date: '2025-03-01', page_size: 24 });
    expect(env.data.page_info.total_number).toBe(11 * 24);
    expect(env.data.list.map((r) => r.dimensions.stat_time_hour)).toContain('2025-03-01 13:00:00');
    expectError(await api.get('/report/integrated/get/', { ...base, dimensions: ['campaign_id', 'stat_time_hour'] }), 40002, '1 day');
  });

  it('answers 40002 for unknown metrics (with TikTok’s text), spans over 30 days, and a data_level that does not match', async () => {
    expectError(await api.get('/report/integrated/get/', { ...base, metrics: ['spend', 'video_views'] }), 40002, "Invalid metric fields: ['video_views']");
    expectError(await api.get('/report/integrated/get/', { ...base, end_date: '2025-04-15' }), 40002, '30 day');
    expectError(await api.get('/report/integrated/get/', { ...base, data_level: 'AUCTION_AD' }), 40002, 'data_level');
    expectError(await api.get('/report/integrated/get/', { ...base, report_type: undefined }), 40002, 'report_type');
    expectError(await api.get('/report/integrated/get/', { ...base, page_size: 1001 }), 40002, 'page_size');
  });
});

describe('tiktok simulator: pixels', () => {
  const { sim, api } = simPerFile();

  it('pixel/list answers under data.pixels with events and page_info; page_size is at most 20', async () => {
    const env = await api.get<{ pixels: Array<Record<string, unknown>>; page_info: unknown }>('/pixel/list/', { advertiser_id: ALICE_US });
    expectOk(env);
    expect(env.data.page_info).toEqual({ page: 1, page_size: 10, total_number: 2, total_page: 1 });
    const px = env.data.pixels[0]!;
    for (const f of ['pixel_id', 'pixel_code', 'pixel_name', 'pixel_category', 'create_time', 'pixel_setup_mode', 'advanced_matching_fields', 'asset_ownership', 'events']) expect(px).toHaveProperty(f);
    expect((px.events as unknown[])[0]).toMatchObject({ event_id: expect.any(String), event_code: 'CompletePayment', event_type: 'COMPLETE_PAYMENT', statistic_type: 'EVERY_TIME' });
    const latest = await api.get<{ pixels: Array<Record<string, unknown>> }>('/pixel/list/', { advertiser_id: ALICE_US, order_by: 'LATEST_CREATE', page_size: 1 });
    expect(latest.data.pixels[0]!.pixel_name).toBe('Pixel 2');
    expectError(await api.get('/pixel/list/', { advertiser_id: ALICE_US, page_size: 21 }), 40002, 'page_size');
  });

  it('pixel/event/stats answers per pixel and event with total = browser + server', async () => {
    const pixels = await api.get<{ pixels: Array<{ pixel_id: string }> }>('/pixel/list/', { advertiser_id: ALICE_US });
    const ids = pixels.data.pixels.map((p) => p.pixel_id);
    const env = await api.get<{ list: Array<{ pixel_id: string; statistics: Array<Record<string, number | string>> }> }>('/pixel/event/stats/', { advertiser_id: ALICE_US, pixel_ids: ids, date_range: { start_date: '2025-03-01', end_date: '2025-03-10' } });
    expectOk(env);
    expect(env.data.list.map((x) => x.pixel_id)).toEqual(ids);
    for (const st of env.data.list[0]!.statistics) {
      expect(st.total_count).toBe(Number(st.browser_event_total_count) + Number(st.server_event_total_count));
      expect(st).toHaveProperty('pixel_event_type');
      expect(st).toHaveProperty('attributed_count');
    }
    expectError(await api.get('/pixel/event/stats/', { advertiser_id: ALICE_US, pixel_ids: ids, date_range: { start_date: '2025-03-01', end_date: '2025-04-10' } }), 40002, '30 days');
    expectError(await api.get('/pixel/event/stats/', { advertiser_id: ALICE_US, pixel_ids: Array(11).fill(ids[0]), date_range: { start_date: '2025-03-01', end_date: '2025-03-02' } }), 40002, 'pixel_ids');
    const bare = await fetch(`${sim.baseUrl}/open_api/v1.3/pixel/event/stats/?advertiser_id=${ALICE_US}&pixel_ids=${ids[0]}`, { headers: { 'Access-Token': api.token! } });
    expectError(await bare.json(), 40002, 'pixel_ids: Field must be set to array');
  });
});
