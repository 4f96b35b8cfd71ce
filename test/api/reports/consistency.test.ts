/**
 * The report agrees with each platform's own insights route of this gateway: for the same account
 * and range, spend, impressions and clicks are the same per campaign and day, on seeded data with
 * several days and campaigns and accounts in non-UTC time zones.
 */
import { useWorld } from '../../world';
import { aliceEverywhere, FB, GG, LI, pastWeek, REPORT_ENV, reportPath, sumMoney, totalsOf, TT, type Totals } from './support';

const w = useWorld({ platforms: ['facebook', 'tiktok', 'google', 'linkedin'], env: REPORT_ENV }, aliceEverywhere);
const range = pastWeek();

interface Row {
  platform: string;
  adAccountId: string;
  id: string;
  date: string;
  spend: string;
  impressions: number;
  clicks: number;
  currency: string;
  timezone: string;
}

async function report(account: string): Promise<Row[]> {
  const r = await w.call('GET', reportPath({ adAccountIds: account, ...range, level: 'campaign', granularity: 'day', limit: '5000' }));
  expect(r.status).toBe(200);
  expect(r.body.data.errors).toEqual([]);
  expect(r.body.data.nextCursor).toBeNull();
  return r.body.data.rows;
}

/** Per campaign and day, and over the whole range. */
function expectSame(reportRows: Row[], native: Array<{ id: string; date: string } & Totals>): void {
  const byKey = (rows: Array<{ id: string; date: string } & Totals>) =>
    Object.fromEntries(rows.map((r) => [`${r.id}|${r.date}`, { spend: sumMoney([r.spend]), impressions: Number(r.impressions), clicks: Number(r.clicks) }]));
  expect(byKey(reportRows)).toEqual(byKey(native));
  expect(totalsOf(reportRows)).toEqual(totalsOf(native));
  expect(new Set(reportRows.map((r) => r.id)).size).toBeGreaterThan(1);
  expect(new Set(reportRows.map((r) => r.date)).size).toBe(7);
}

describe('GET /api/v1/reports agrees with the native insights routes', () => {
  it('Meta: the insights edge, per campaign and day, in the account time zone', async () => {
    const rows = await report(`facebook:act_${FB}`);
    expect(rows[0]).toMatchObject({ platform: 'facebook', adAccountId: FB, currency: 'USD', timezone: 'America/Los_Angeles', level: 'campaign' });
    const n = await w.call('GET', `/api/v1/facebook/insights?adAccountId=act_${FB}&level=campaign&fields=campaign_id,impressions,clicks,spend&since=${range.from}&until=${range.to}&timeIncrement=1&limit=500`);
    expect(n.status).toBe(200);
    expect(n.body.data.paging.hasNext).toBe(false);
    expectSame(rows, n.body.data.data.map((r: Record<string, string>) => ({ id: r.campaign_id, date: r.date_start, spend: r.spend, impressions: r.impressions, clicks: r.clicks })));
  });

  it('TikTok: report/integrated/get, per campaign and day', async () => {
    const rows = await report(`tiktok:${TT}`);
    expect(rows[0]).toMatchObject({ platform: 'tiktok', adAccountId: TT, currency: 'USD', timezone: 'America/New_York' });
    const q = new URLSearchParams({ adAccountId: TT, dataLevel: 'AUCTION_CAMPAIGN', dimensions: 'campaign_id,stat_time_day', metrics: 'spend,impressions,clicks', startDate: range.from, endDate: range.to, pageSize: '1000' });
    const n = await w.call('GET', `/api/v1/tiktok/insights?${q}`);
    expect(n.status).toBe(200);
    expect(n.body.data.page_info.total_page).toBe(1);
    const native = n.body.data.list.map((r: { dimensions: Record<string, string>; metrics: Record<string, string> }) => ({
      id: r.dimensions.campaign_id, date: r.dimensions.stat_time_day!.slice(0, 10), spend: r.metrics.spend, impressions: r.metrics.impressions, clicks: r.metrics.clicks,
    }));
    expectSame(rows, native);
  });

  it('Google: searchStream with segments.date, cost_micros divided exactly', async () => {
    const rows = await report(`google:${GG}`);
    expect(rows[0]).toMatchObject({ platform: 'google', adAccountId: GG, currency: 'USD', timezone: 'America/New_York' });
    const n = await w.call('GET', `/api/v1/google/insights?adAccountId=${GG}&level=campaign&metrics=impressions,clicks,cost_micros&segments=date&startDate=${range.from}&endDate=${range.to}`);
    expect(n.status).toBe(200);
    const native = n.body.data.data.map((r: { campaign: { id: string }; segments: { date: string }; metrics: Record<string, string> }) => ({
      id: r.campaign.id, date: r.segments.date, spend: sumMoney([`${BigInt(r.metrics.costMicros ?? '0') / 1_000_000n}.${String(BigInt(r.metrics.costMicros ?? '0') % 1_000_000n).padStart(6, '0')}`]),
      impressions: r.metrics.impressions ?? '0', clicks: r.metrics.clicks ?? '0',
    }));
    expectSame(rows, native);
  });

  it('LinkedIn: adAnalytics by campaign group and day, in UTC', async () => {
    const rows = await report(`linkedin:${LI}`);
    expect(rows[0]).toMatchObject({ platform: 'linkedin', adAccountId: LI, currency: 'USD', timezone: 'UTC' });
    const n = await w.call('GET', `/api/v1/linkedin/analytics?adAccountId=${LI}&pivot=CAMPAIGN_GROUP&timeGranularity=DAILY&startDate=${range.from}&endDate=${range.to}&fields=dateRange,pivotValues,impressions,clicks,costInLocalCurrency`);
    expect(n.status).toBe(200);
    const ymd = (d: { year: number; month: number; day: number }) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
    const native = n.body.data.elements.map((e: { pivotValues: string[]; dateRange: { start: { year: number; month: number; day: number } }; costInLocalCurrency: string; impressions: number; clicks: number }) => ({
      id: e.pivotValues[0]!.split(':').pop()!, date: ymd(e.dateRange.start), spend: e.costInLocalCurrency, impressions: e.impressions, clicks: e.clicks,
    }));
    expectSame(rows, native);
  });
});
