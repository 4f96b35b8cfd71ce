/** TikTok simulator contract: campaign/adgroup/ad get endpoints (docs/platforms/tiktok.md §1, §3, §9). */
import { ALICE_UK, ALICE_US, expectError, expectOk, simPerFile } from './tiktok-sim-client';

type Rec = Record<string, unknown>;
interface ListData { list: Rec[]; page_info: { page: number; page_size: number; total_number: number; total_page: number } }

describe('tiktok simulator: object reads', () => {
  const { sim, api } = simPerFile();

  it('campaign/get returns campaigns with the documented fields, ids as strings, newest id first', async () => {
    const env = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_US });
    expectOk(env);
    expect(env.data.page_info).toEqual({ page: 1, page_size: 10, total_number: 11, total_page: 2 });
    const c = env.data.list[0]!;
    for (const f of ['advertiser_id', 'campaign_id', 'campaign_name', 'operation_status', 'objective_type', 'budget', 'budget_mode', 'create_time', 'modify_time', 'secondary_status', 'campaign_automation_type']) {
      expect(c).toHaveProperty(f);
    }
    expect(c.advertiser_id).toBe(ALICE_US);
    expect(typeof c.campaign_id).toBe('string');
    expect(typeof c.budget).toBe('number');
    expect(c.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const ids = env.data.list.map((x) => BigInt(x.campaign_id as string));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
  });

  it.each([
    ['/campaign/get/', 'campaign_id', 11],
    ['/adgroup/get/', 'adgroup_id', 22],
    ['/ad/get/', 'ad_id', 44],
  ])('%s pages without duplicates or gaps and page_info arithmetic is right', async (path, idField, total) => {
    const seen: string[] = [];
    const pageSize = 3;
    const totalPage = Math.ceil(total / pageSize);
    for (let page = 1; page <= totalPage + 1; page++) {
      const env = await api.get<ListData>(path, { advertiser_id: ALICE_US, page, page_size: pageSize });
      expectOk(env);
      expect(env.data.page_info).toEqual({ page, page_size: pageSize, total_number: total, total_page: totalPage });
      const expected = page < totalPage ? pageSize : page === totalPage ? total - pageSize * (totalPage - 1) : 0;
      expect(env.data.list).toHaveLength(expected);
      seen.push(...env.data.list.map((x) => x[idField] as string));
    }
    expect(new Set(seen).size).toBe(total);
  });

  it('deleted objects are hidden by default and shown with STATUS_ALL or *_STATUS_ALL', async () => {
    const all = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_US, filtering: { primary_status: 'STATUS_ALL' } });
    expect(all.data.page_info.total_number).toBe(12);
    const viaSecondary = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_US, filtering: { secondary_status: 'CAMPAIGN_STATUS_ALL' }, page_size: 50 });
    expect(viaSecondary.data.page_info.total_number).toBe(12);
    const deleted = viaSecondary.data.list.filter((c) => c.secondary_status === 'CAMPAIGN_STATUS_DELETE');
    expect(deleted).toHaveLength(1);
    const onlyDeleted = await api.get<ListData>('/ad/get/', { advertiser_id: ALICE_US, filtering: { primary_status: 'STATUS_DELETE' } });
    expect(onlyDeleted.data.list.every((a) => a.secondary_status === 'AD_STATUS_DELETE')).toBe(true);
    expect(onlyDeleted.data.page_info.total_number).toBe(4);
  });

  it('fields projects each record; unknown fields answer 40002', async () => {
    const env = await api.get<ListData>('/adgroup/get/', { advertiser_id: ALICE_US, fields: ['adgroup_id', 'campaign_id', 'budget'], page_size: 2 });
    expect(env.data.list.map((x) => Object.keys(x))).toEqual([['adgroup_id', 'campaign_id', 'budget'], ['adgroup_id', 'campaign_id', 'budget']]);
    expectError(await api.get('/adgroup/get/', { advertiser_id: ALICE_US, fields: ['adgroup_id', 'bogus'] }), 40002, "'bogus'");
  });

  it('filtering narrows by id, parent id and fuzzy name; unknown keys and bad enums answer 40002', async () => {
    const camps = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_US, page_size: 3 });
    const [a, b] = camps.data.list.map((c) => c.campaign_id as string);
    const byIds = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_US, filtering: { campaign_ids: [a, b, '1800000000099999999'] } });
    expect(byIds.data.list.map((c) => c.campaign_id)).toEqual([a, b]);

    const ads = await api.get<ListData>('/ad/get/', { advertiser_id: ALICE_US, filtering: { campaign_ids: [a] } });
    expect(ads.data.page_info.total_number).toBe(4);
    expect(ads.data.list.every((x) => x.campaign_id === a)).toBe(true);

    const named = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_US, filtering: { campaign_name: 'campaign 1' } });
    expect(named.data.list.map((c) => c.campaign_name).sort()).toEqual(['Campaign 1', 'Campaign 10', 'Campaign 11']);

    expectError(await api.get('/campaign/get/', { advertiser_id: ALICE_US, filtering: { colour: 'red' } }), 40002, 'colour');
    expectError(await api.get('/campaign/get/', { advertiser_id: ALICE_US, filtering: { primary_status: 'STATUS_NOPE' } }), 40002, 'primary_status');
    expectError(await api.get('/campaign/get/', { advertiser_id: ALICE_US, filtering: { campaign_ids: a } }), 40002, 'Field must be set to array');
  });

  it('nothing matching is success with an empty list and total_number 0', async () => {
    const env = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_US, filtering: { campaign_name: 'no such thing' } });
    expectOk(env);
    expect(env.data).toEqual({ list: [], page_info: { page: 1, page_size: 10, total_number: 0, total_page: 0 } });
  });

  it('page_size above 1000 and a missing advertiser_id answer 40002', async () => {
    expectError(await api.get('/campaign/get/', { advertiser_id: ALICE_US, page_size: 1001 }), 40002, 'page_size');
    expectOk(await api.get('/campaign/get/', { advertiser_id: ALICE_US, page_size: 1000 }));
    expectError(await api.get('/campaign/get/', {}), 40002, 'advertiser_id');
  });

  it('reads are scoped to the advertiser asked for', async () => {
    const uk = await api.get<ListData>('/campaign/get/', { advertiser_id: ALICE_UK });
    expect(uk.data.page_info.total_number).toBe(6);
    expect(uk.data.list.every((c) => c.advertiser_id === ALICE_UK)).toBe(true);
  });

  it('accepts a JSON body on GET like the docs’ examples', async () => {
    // fetch refuses GET bodies, so this goes through node:http.
    const http = await import('node:http');
    const body = JSON.stringify({ advertiser_id: ALICE_US, page_size: 2, filtering: { primary_status: 'STATUS_ALL' } });
    const env = await new Promise<{ data: ListData; code: number }>((resolve, reject) => {
      const req = http.request(`${sim.baseUrl}/open_api/v1.3/campaign/get/`, { method: 'GET', headers: { 'Access-Token': api.token!, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(JSON.parse(text)));
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(env.code).toBe(0);
    expect(env.data.page_info).toMatchObject({ page_size: 2, total_number: 12 });
  });

  it('a path without its trailing slash is a non-200 answer', async () => {
    const res = await fetch(`${sim.baseUrl}/open_api/v1.3/campaign/get?advertiser_id=${ALICE_US}`, { headers: { 'Access-Token': api.token! } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: number }).code).toBe(40400);
  });
});
