import { isAppError } from '../../../shared/errors/app-error';
import { ReadInsightsDto, ReadPixelEventsDto, ReadPixelsDto } from '../../../shared/platforms/tiktok/operations/reporting.dto';
import { insightsCall, pixelEventsCall, pixelsCall } from '../../../shared/platforms/tiktok/operations/reporting';

const ADV = '7000000000000000011';
const insights = (q: Record<string, string>) => insightsCall(ADV, ReadInsightsDto.parse({ adAccountId: ADV, ...q }));

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isAppError(e) && e.code === 'VALIDATION_FAILED') return `${(e.details[0] as { path: string }).path}: ${e.message}`;
    throw e;
  }
  throw new Error('expected VALIDATION_FAILED');
}

describe('insights request (report/integrated/get/)', () => {
  it('maps the query to TikTok parameters, lists as arrays', () => {
    const c = insights({ dataLevel: 'AUCTION_CAMPAIGN', dimensions: 'campaign_id,stat_time_day', metrics: '["spend","ctr"]', startDate: '2026-11-01', endDate: '2026-11-30', page: '2', pageSize: '100' });
    expect(c).toEqual({
      method: 'GET',
      path: 'report/integrated/get/',
      query: {
        advertiser_id: ADV, report_type: 'BASIC', data_level: 'AUCTION_CAMPAIGN', dimensions: ['campaign_id', 'stat_time_day'], metrics: ['spend', 'ctr'],
        start_date: '2026-11-01', end_date: '2026-11-30', page: 2, page_size: 100,
      },
    });
  });

  it('checks date-range limits before calling TikTok: 30 days daily, 1 day hourly, 365 otherwise', () => {
    expect(failure(() => insights({ dataLevel: 'AUCTION_CAMPAIGN', dimensions: 'campaign_id,stat_time_day', startDate: '2026-11-01', endDate: '2026-12-01' }))).toMatch(/at most 30 day/);
    expect(failure(() => insights({ dataLevel: 'AUCTION_AD', dimensions: 'ad_id,stat_time_hour', startDate: '2026-11-01', endDate: '2026-11-02' }))).toMatch(/at most 1 day/);
    expect(failure(() => insights({ dataLevel: 'AUCTION_AD', dimensions: 'ad_id', startDate: '2025-01-01', endDate: '2026-01-01' }))).toMatch(/at most 365 day/);
    expect(() => insights({ dataLevel: 'AUCTION_AD', dimensions: 'ad_id', startDate: '2025-01-01', endDate: '2025-12-31' })).not.toThrow();
    expect(failure(() => insights({ dataLevel: 'AUCTION_AD', dimensions: 'ad_id', startDate: '2026-02-01', endDate: '2026-01-01' }))).toMatch(/query.endDate.*before/);
    expect(failure(() => insights({ dataLevel: 'AUCTION_AD', dimensions: 'ad_id', startDate: '2026-02-30', endDate: '2026-03-01' }))).toMatch(/startDate/);
    expect(failure(() => insights({ dataLevel: 'AUCTION_AD', dimensions: 'ad_id' }))).toMatch(/query.startDate/);
  });

  it('lifetime queries need no dates but allow no time dimension', () => {
    expect(insights({ dataLevel: 'AUCTION_AD', dimensions: 'ad_id', queryLifetime: 'true' }).query).toMatchObject({ query_lifetime: true });
    expect(failure(() => insights({ dataLevel: 'AUCTION_AD', dimensions: 'ad_id,stat_time_day', queryLifetime: 'true' }))).toMatch(/queryLifetime/);
  });

  it('the id dimension must match the data level', () => {
    expect(failure(() => insights({ dataLevel: 'AUCTION_AD', dimensions: 'campaign_id', startDate: '2026-11-01', endDate: '2026-11-01' }))).toMatch(/does not match/);
  });

  it('report filtering accepts array values for IN and encodes them as the JSON string TikTok wants', () => {
    const c = insights({
      dataLevel: 'AUCTION_CAMPAIGN', dimensions: 'campaign_id', startDate: '2026-11-01', endDate: '2026-11-02',
      filtering: JSON.stringify([{ field_name: 'campaign_ids', filter_type: 'IN', filter_value: ['1', '2'] }]),
    });
    expect(c.query!.filtering).toEqual([{ field_name: 'campaign_ids', filter_type: 'IN', filter_value: '["1","2"]' }]);
    expect(failure(() => insights({ dataLevel: 'AUCTION_CAMPAIGN', dimensions: 'campaign_id', startDate: '2026-11-01', endDate: '2026-11-02', filtering: '{"a":1}' }))).toMatch(/query.filtering/);
  });
});

describe('pixel requests', () => {
  it('pixel/list/ with page size up to 20', () => {
    const q = ReadPixelsDto.parse({ adAccountId: ADV, name: 'Main', orderBy: 'LATEST_CREATE', pageSize: '20' });
    expect(pixelsCall(ADV, q)).toEqual({ method: 'GET', path: 'pixel/list/', query: { advertiser_id: ADV, name: 'Main', order_by: 'LATEST_CREATE', page: 1, page_size: 20 } });
    expect(ReadPixelsDto.safeParse({ adAccountId: ADV, pageSize: '21' }).success).toBe(false);
  });

  it('pixel/event/stats/ takes 1–10 pixel ids and ≤30 days', () => {
    const q = ReadPixelEventsDto.parse({ adAccountId: ADV, pixelIds: '710,711', startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(pixelEventsCall(ADV, q).query).toEqual({ advertiser_id: ADV, pixel_ids: ['710', '711'], date_range: { start_date: '2026-11-01', end_date: '2026-11-30' } });
    expect(failure(() => pixelEventsCall(ADV, { ...q, endDate: '2026-12-01' }))).toMatch(/30 days/);
    expect(failure(() => pixelEventsCall(ADV, { ...q, pixelIds: Array.from({ length: 11 }, (_, i) => i + 1).join(',') }))).toMatch(/1–10/);
  });
});
