import { BIG_ACCOUNT_ID } from '../../simulators/tiktok';
import { http, useWorld } from '../../world';
import { testJobRoutes, testWriteOps, until } from '../../workers/support/jobs-fixture';

const IMPORT = '/api/v1/tiktok/import-ad-account';

describe('bulk account imports', () => {
  const w = useWorld(
    { platform: 'tiktok', workers: true, simulators: { tiktok: { size: { bigAccount: 20_000 } } }, app: { extraRoutes: testJobRoutes }, writeOperations: testWriteOps },
    async (w) => {
      // One gateway user holds accounts of two simulator users: a dialog connection per simulator
      // user would replace the user's TikTok grant, so each gets its own caller-supplied token.
      await w.connect('tiktok', { adAccountId: BIG_ACCOUNT_ID, simUser: 'bench', via: 'token' });
      await w.connect('tiktok', { adAccountId: '7000000000000000013', simUser: 'alice', via: 'token' });
      return { mallory: await w.userFor('mallory-ext') };
    },
  );

  const simTotal = async (path: string, account: string, token: string) => {
    const r = await fetch(`${w.sim.baseUrl}/open_api/v1.3${path}?advertiser_id=${account}&page_size=1`, { headers: { 'Access-Token': token } });
    return ((await r.json()) as { data: { page_info: { total_number: number } } }).data.page_info.total_number;
  };
  const importAsync = (account: string) =>
    http(w.app.url, 'GET', `${IMPORT}?adAccountId=${account}`, { headers: { ...w.user.headers, prefer: 'respond-async' } });
  const finished = (pollUrl: string) =>
    until(async () => {
      const p = await http(w.app.url, 'GET', pollUrl, { headers: w.user.headers });
      return p.body.data?.state === 'completed' || p.body.data?.state === 'failed' ? p.body.data : undefined;
    }, 60_000, 200);

  async function pageAll(jobId: string, level: string) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = `level=${level}&limit=1000${cursor ? `&cursor=${cursor}` : ''}`;
      const r = await http(w.app.url, 'GET', `/api/v1/jobs/${jobId}/entities?${q}`, { headers: w.user.headers });
      expect(r.status).toBe(200);
      for (const e of r.body.data.items) {
        expect(e.level).toBe(level);
        ids.push(e.platformId);
      }
      cursor = r.body.data.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    return ids;
  }

  it('imports every level of an account with thousands of records; counts equal the platform, paging returns each record once, a re-import changes nothing and rewrites every row within its page', async () => {
    const token = (await w.sim.token('bench')).accessToken;
    const expected = {
      campaign: await simTotal('/campaign/get/', BIG_ACCOUNT_ID, token),
      adgroup: await simTotal('/adgroup/get/', BIG_ACCOUNT_ID, token),
      ad: await simTotal('/ad/get/', BIG_ACCOUNT_ID, token),
      pixel: 0,
    };
    expect(expected.ad).toBeGreaterThan(10_000);

    const r = await importAsync(BIG_ACCOUNT_ID);
    expect(r.status).toBe(202);
    const job = await finished(r.body.data.pollUrl);
    expect(job).toMatchObject({ type: 'import', state: 'completed', result: { counts: expected, removed: 0 } });
    expect(job.progress).toMatchObject({ ad: { records: expected.ad, pages: Math.ceil(expected.ad / 1000), done: true } });

    for (const level of ['campaign', 'adgroup', 'ad'] as const) {
      const ids = await pageAll(job.id, level);
      expect(ids).toHaveLength(expected[level]);
      expect(new Set(ids).size).toBe(expected[level]);
    }

    const snapshot = async () =>
      (await w.app.infra.orm.em
        .getConnection()
        .execute('select id, level, platform_id, data from imported_entities where ad_account_id = (select ad_account_id from jobs where id = ?) order by id', [job.id])) as unknown[];
    // The heap page each row is stored on: an update that fits beside the old row (a heap-only update)
    // leaves it there and touches neither index; one that does not moves the row to another page.
    const pages = async () =>
      new Map(
        (
          (await w.app.infra.orm.em
            .getConnection()
            .execute('select platform_id, (ctid::text::point)[0]::int as page from imported_entities where ad_account_id = (select ad_account_id from jobs where id = ?)', [
              job.id,
            ])) as { platform_id: string; page: number }[]
        ).map((r) => [r.platform_id, r.page]),
      );
    const before = await snapshot();
    const pagesBefore = await pages();
    const again = await finished((await importAsync(BIG_ACCOUNT_ID)).body.data.pollUrl);
    expect(again.id).not.toBe(job.id);
    expect(again.result).toEqual(job.result);
    expect(await snapshot()).toEqual(before);
    const moved = [...(await pages())].filter(([id, page]) => pagesBefore.get(id) !== page);
    expect(pagesBefore.size).toBe(expected.campaign + expected.adgroup + expected.ad);
    expect(moved).toEqual([]);
  }, 120_000);

  it('two imports of the same account at once share one job', async () => {
    const [a, b] = await Promise.all([importAsync(BIG_ACCOUNT_ID), importAsync(BIG_ACCOUNT_ID)]);
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.body.data.jobId).toBe(a.body.data.jobId);
    await finished(a.body.data.pollUrl);
  }, 60_000);

  it('asks TikTok for the next page while the current one is on its way, so a slow platform does not add up page by page', async () => {
    await w.sim.clearCalls();
    // The first two ad pages answer after 3 s. Paging one at a time, page 3 could only be asked for
    // once page 2 had answered, at least 3 s after page 2 was asked for.
    await w.sim.fault({ path: '/ad/get/', latencyMs: 3_000, count: 2 });
    try {
      const r = await importAsync(BIG_ACCOUNT_ID);
      expect((await finished(r.body.data.pollUrl)).state).toBe('completed');
    } finally {
      await w.sim.clearFaults();
    }
    const calls = await w.sim.calls('/ad/get/');
    const asked = new Map(calls.map((c) => [Number(c.query.page), Date.parse(c.at)]));
    // Each page once, none past the last.
    const total = await simTotal('/ad/get/', BIG_ACCOUNT_ID, (await w.sim.token('bench')).accessToken);
    expect(calls).toHaveLength(Math.ceil(total / 1000));
    expect(asked.size).toBe(calls.length);
    expect(Math.abs(asked.get(3)! - asked.get(2)!)).toBeLessThan(3_000);
  }, 60_000);

  it('a small account imports its pixels too, and answers synchronously with the counts', async () => {
    const r = await http(w.app.url, 'GET', `${IMPORT}?adAccountId=7000000000000000013`, { headers: w.user.headers });
    expect(r.status).toBe(200);
    expect(r.body.data.counts).toEqual({ campaign: 4, adgroup: 8, ad: 16, pixel: 2 });
  });

  it('another user cannot read the job or its entities (404)', async () => {
    const r = await importAsync(BIG_ACCOUNT_ID);
    const job = await finished(r.body.data.pollUrl);
    const theirs = await http(w.app.url, 'GET', `/api/v1/jobs/${job.id}/entities`, { headers: w.mallory.headers });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('JOB_NOT_FOUND');
    const bad = await http(w.app.url, 'GET', `/api/v1/jobs/${job.id}/entities?cursor=nope`, { headers: w.user.headers });
    expect(bad.status).toBe(400);
  }, 60_000);
});
