import { ACCOUNTS, BIG_ACCOUNT_ID } from '../../simulators/facebook';
import { simPost, usage, simPerFile } from './fb-client';

const ACT = `act_${ACCOUNTS.alice[0]}`;

describe('facebook simulator: insights', () => {
  const { sim, fb } = simPerFile({ size: { bigAccountEntities: 2200 } });

  it('answers sync insights with string metrics, date_start/date_stop and the insights throttle header', async () => {
    const res = await fb.get(`${ACT}/insights`, {
      level: 'campaign', fields: 'account_id,campaign_id,campaign_name,impressions,clicks,spend,ctr,cpc,cpm,reach,frequency,actions',
      time_range: { since: '2026-01-01', until: '2026-01-31' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    const row = res.body.data[0];
    expect(row).toMatchObject({ account_id: ACCOUNTS.alice[0], date_start: '2026-01-01', date_stop: '2026-01-31', campaign_id: expect.any(String) });
    for (const m of ['impressions', 'clicks', 'spend', 'ctr', 'cpc', 'cpm', 'reach', 'frequency']) expect(typeof row[m]).toBe('string');
    expect(row.spend).toMatch(/^\d+\.\d{2}$/);
    expect(row.actions[0]).toEqual({ action_type: 'link_click', value: expect.stringMatching(/^\d+$/) });
    expect(usage(res.headers, 'x-fb-ads-insights-throttle')).toEqual({ app_id_util_pct: expect.any(Number), acc_id_util_pct: expect.any(Number), ads_api_access_tier: 'standard_access' });
    const again = await fb.get(`${ACT}/insights`, { level: 'campaign', fields: 'campaign_id,spend', time_range: { since: '2026-01-01', until: '2026-01-31' } });
    expect(again.body.data[0].spend).toBe(row.spend);
  });

  it('splits rows by time_increment and breakdowns', async () => {
    const daily = await fb.get(`${ACT}/insights`, { fields: 'impressions', time_increment: 1, time_range: { since: '2026-02-01', until: '2026-02-07' } });
    expect(daily.body.data.map((r: any) => r.date_start)).toEqual(['2026-02-01', '2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05', '2026-02-06', '2026-02-07']);
    const monthly = await fb.get(`${ACT}/insights`, { fields: 'impressions', time_increment: 'monthly', time_range: { since: '2026-01-15', until: '2026-03-10' } });
    expect(monthly.body.data.map((r: any) => [r.date_start, r.date_stop])).toEqual([['2026-01-15', '2026-01-31'], ['2026-02-01', '2026-02-28'], ['2026-03-01', '2026-03-10']]);
    const bd = await fb.get(`${ACT}/insights`, { fields: 'impressions', breakdowns: 'age,gender', date_preset: 'last_7d' });
    expect(bd.body.data).toHaveLength(18);
    expect(bd.body.data[0]).toMatchObject({ age: '18-24', gender: 'female' });
    expect((await fb.get(`${ACT}/insights`, { breakdowns: 'shoe_size' })).body.error.code).toBe(100);
    const badField = await fb.get(`${ACT}/insights`, { fields: 'impressions,happiness' });
    expect(badField.body.error.message).toMatch(/^\(#100\) happiness is not valid for fields param/);
  });

  it('returns data:[] for an object with no delivery (created through the API)', async () => {
    const c = await fb.post(`${ACT}/campaigns`, { name: 'no delivery', objective: 'OUTCOME_SALES', status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false });
    expect((await fb.get(`${c.body.id}/insights`, { fields: 'impressions' })).body).toEqual({ data: [] });
  });

  it('refuses a large synchronous request with code 1 "reduce the amount of data" and many breakdowns likewise', async () => {
    const big = await fb.get(`act_${BIG_ACCOUNT_ID}/insights`, { level: 'ad', fields: 'impressions', time_increment: 1, date_preset: 'last_90d' });
    expect(big.status).toBe(500);
    expect(big.body.error).toMatchObject({ code: 1, type: 'OAuthException', message: "Please reduce the amount of data you're asking for, then retry your request" });
    const many = await fb.get(`${ACT}/insights`, { breakdowns: 'age,gender,country,publisher_platform' });
    expect(many.status).toBe(500);
    expect(many.body.error.code).toBe(1);
  });

  it('runs the same request async: report_run_id → polls with async_status/percent → paged rows', async () => {
    const start = await fb.post(`act_${BIG_ACCOUNT_ID}/insights`, { level: 'ad', fields: 'ad_id,impressions,spend', time_increment: 1, date_preset: 'last_90d' });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ report_run_id: expect.stringMatching(/^\d+$/) });
    const rid = start.body.report_run_id;
    expect((await fb.get(`${rid}/insights`)).body.error.code).toBe(100);
    const p1 = await fb.get(rid);
    expect(p1.body).toMatchObject({ id: rid, account_id: BIG_ACCOUNT_ID, async_status: 'Job Not Started', async_percent_completion: 0, is_running: true });
    const p2 = await fb.get(rid);
    expect(p2.body).toMatchObject({ async_status: 'Job Completed', async_percent_completion: 100, is_running: false, time_completed: expect.any(Number) });
    const page = await fb.get(`${rid}/insights`, { limit: 100 });
    expect(page.body.data).toHaveLength(100);
    expect(page.body.data[0]).toMatchObject({ ad_id: expect.any(String), impressions: expect.any(String), date_start: expect.any(String) });
    expect(page.body.paging.next).toContain(`/${rid}/insights?`);
  });

  it('reports a failed async run with the v25 error fields', async () => {
    await simPost(sim.baseUrl, '/facebook/config', { failNextReportRun: true, asyncPollsToComplete: 1 });
    const { body } = await fb.post(`${ACT}/insights`, { fields: 'impressions' });
    const run = await fb.get(body.report_run_id);
    expect(run.body).toMatchObject({ async_status: 'Job Failed', error_code: -2, error_subcode: 2490547, error_message: expect.any(String), error_user_title: expect.any(String), error_user_msg: expect.any(String) });
    await simPost(sim.baseUrl, '/facebook/config', { asyncPollsToComplete: 2 });
  });
});
