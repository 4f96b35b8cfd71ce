import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV, GRAPH_VERSION } from './fixtures';

const A1 = ACCOUNTS.alice[0];

describe('Meta insights: sync for small requests, async report runs for large ones', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    const aliceAccount = await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
    await w.connect('facebook', { adAccountId: ACCOUNTS.alice[1]!, through: aliceAccount });
  });

  const insights = (qs: string, path = '/api/v1/facebook/insights') => w.call('GET', `${path}?adAccountId=act_${A1}&${qs}`);

  it('answers a small range synchronously with Graph rows and the request in Graph encoding', async () => {
    const r = await insights('level=campaign&fields=campaign_id,impressions,spend&since=2026-11-01&until=2026-11-07&timeIncrement=1&breakdowns=gender&actionBreakdowns=action_type&limit=5');
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Insights fetched');
    expect(r.body.data.data).toHaveLength(5);
    expect(r.body.data.data[0]).toEqual({
      campaign_id: expect.any(String), impressions: expect.stringMatching(/^\d+$/), spend: expect.stringMatching(/^\d+\.\d{2}$/),
      date_start: '2026-11-01', date_stop: '2026-11-01', gender: expect.any(String),
    });
    expect(r.body.data.paging.hasNext).toBe(true);
    const calls = await w.sim.calls('/insights');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.path).toBe(`/${GRAPH_VERSION}/act_${A1}/insights`);
    expect(calls[0]!.query).toMatchObject({
      level: 'campaign', fields: 'campaign_id,impressions,spend', time_range: '{"since":"2026-11-01","until":"2026-11-07"}', time_increment: '1',
      breakdowns: 'gender', action_breakdowns: 'action_type', limit: '5', access_token: '[present]',
    });
  });

  it('reports on one campaign with objectId, and refuses a campaign of another account', async () => {
    const campaign = (await w.call('GET', `/api/v1/facebook/campaigns?adAccountId=${A1}&limit=1&fields=id`)).body.data.data[0].id;
    const r = await insights(`objectId=${campaign}&level=ad&fields=ad_id,campaign_id,clicks&datePreset=last_7d`);
    expect(r.status).toBe(200);
    expect(r.body.data.data.every((row: { campaign_id: string }) => row.campaign_id === campaign)).toBe(true);
    expect((await w.sim.calls(`/${campaign}/insights`))[0]!.query).toMatchObject({ level: 'ad', date_preset: 'last_7d' });
    const other = (await w.call('GET', `/api/v1/facebook/campaigns?adAccountId=${ACCOUNTS.alice[1]}&limit=1&fields=id`)).body.data.data[0].id;
    expect((await insights(`objectId=${other}`)).status).toBe(404);
  });

  it('a range over FACEBOOK_INSIGHTS_SYNC_MAX_DAYS runs as an async report inside a job and answers the same shape', async () => {
    const r = await insights('level=campaign&fields=campaign_id,spend&since=2025-01-01&until=2025-12-31&timeIncrement=monthly&limit=10');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ data: expect.any(Array), paging: { cursors: expect.any(Object), hasNext: true }, reportRunId: expect.any(String) });
    expect(r.body.data.data).toHaveLength(10);
    expect(r.body.data.data[0]).toMatchObject({ campaign_id: expect.any(String), spend: expect.any(String), date_start: '2025-01-01', date_stop: '2025-01-31' });
    const calls = (await w.sim.calls()).map((c) => `${c.method} ${c.path}`);
    const rid = r.body.data.reportRunId;
    expect(calls[0]).toBe(`POST /${GRAPH_VERSION}/act_${A1}/insights`);
    expect(calls.filter((c) => c === `GET /${GRAPH_VERSION}/${rid}`).length).toBeGreaterThanOrEqual(2);
    expect(calls.at(-1)).toBe(`GET /${GRAPH_VERSION}/${rid}/insights`);
    expect(calls.some((c) => c === `GET /${GRAPH_VERSION}/act_${A1}/insights`)).toBe(false);
    const post = (await w.sim.calls(`/act_${A1}/insights`))[0]!;
    expect(post.body).toMatchObject({ level: 'campaign', time_range: '{"since":"2025-01-01","until":"2025-12-31"}', time_increment: 'monthly' });

    // the next page of the same run
    await w.sim.clear();
    const next = await insights(`reportRunId=${rid}&limit=10&after=${r.body.data.paging.cursors.after}`);
    expect(next.status).toBe(200);
    expect(next.body.data.reportRunId).toBe(rid);
    expect(next.body.data.data[0]).not.toEqual(r.body.data.data[0]);
    expect((await w.sim.calls(`/${rid}/insights`))[0]!.query.after).toBe(r.body.data.paging.cursors.after);
  });

  it('when Meta answers "reduce the amount of data" synchronously, switches to an async report run', async () => {
    const r = await insights('level=ad&fields=ad_id,impressions&datePreset=last_7d&breakdowns=age,gender,country,publisher_platform&limit=3');
    expect(r.status).toBe(200);
    expect(r.body.data.reportRunId).toEqual(expect.any(String));
    expect(r.body.data.data[0]).toMatchObject({ ad_id: expect.any(String), age: expect.any(String), publisher_platform: expect.any(String) });
    const calls = (await w.sim.calls(`/act_${A1}/insights`)).map((c) => c.method);
    // one sync attempt (the same request would get the same answer), then the report run
    expect(calls).toEqual(['GET', 'POST']);
  });

  it('with Prefer: respond-async answers 202 and the job result has the insights', async () => {
    const r = await w.call('GET', `/api/v1/facebook/insights?adAccountId=${A1}&async=true&fields=impressions`, { headers: { prefer: 'respond-async' } });
    expect(r.status).toBe(202);
    let job: { state: string; result?: { reportRunId: string; data: unknown[] } } | undefined;
    for (let i = 0; i < 100 && job?.state !== 'completed'; i++) {
      await new Promise((res) => setTimeout(res, 100));
      job = (await w.call('GET', r.body.data.pollUrl)).body.data;
    }
    expect(job).toMatchObject({ state: 'completed', operation: 'facebook.insights-report', result: { reportRunId: expect.any(String), data: expect.any(Array) } });
  });

  it('a report run Meta fails is started again on the job\'s retry', async () => {
    await w.sim.settings({ failNextReportRun: true });
    const r = await insights('async=true&fields=impressions');
    expect(r.status).toBe(200);
    const starts = (await w.sim.calls(`/act_${A1}/insights`)).filter((c) => c.method === 'POST');
    expect(starts).toHaveLength(2);
    expect(r.body.data.reportRunId).not.toBe(undefined);
  });

  it('answers the same through the connection surface', async () => {
    const r = await insights('fields=impressions,clicks&datePreset=yesterday', '/api/v1/connections/facebook/insights');
    expect(r.status).toBe(200);
    expect(r.body.data.data[0]).toMatchObject({ impressions: expect.any(String), clicks: expect.any(String) });
  });

  it.each([
    ['since=2026-01-01', 'query.until'],
    ['since=2026-02-01&until=2026-01-01', 'query.since'],
    ['fields=impressions,bogus', 'query.fields.1'],
    ['breakdowns=zodiac', 'query.breakdowns.0'],
    ['filtering=notjson', 'query.filtering'],
    ['level=campaigns', 'query.level'],
  ])('refuses %s with 400 at %s before calling Meta', async (qs, path) => {
    const r = await insights(qs);
    expect(r.status).toBe(400);
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await w.sim.calls('/insights')).toHaveLength(0);
  });
});
