import { BIG_ACCOUNT_ID } from '../../simulators/facebook';
import { simPerFile } from './fb-client';

const BIG = `act_${BIG_ACCOUNT_ID}`;

describe('facebook simulator: cursor pagination', () => {
  // 2200 entities → 100 campaigns, 300 ad sets, 900 ads, 900 creatives
  const { sim, fb } = simPerFile({ size: { bigAccountEntities: 2200 } });

  it('walks a list with paging.next without duplicates or gaps, newest first, and stops on a page without next', async () => {
    const first = await fb.get(`${BIG}/campaigns`, { limit: 7, fields: 'id,name' });
    expect(first.body.data).toHaveLength(7);
    expect(first.body.paging.previous).toBeUndefined();
    expect(first.body.paging.next).toMatch(new RegExp(`^${sim.baseUrl}/v25\\.0/${BIG}/campaigns\\?.*after=`));
    const { rows, pages } = await fb.all(`${BIG}/campaigns`, { limit: 7, fields: 'id,name' });
    expect(rows).toHaveLength(100);
    expect(pages).toBe(Math.ceil(100 / 7));
    expect(new Set(rows.map((r: any) => r.id)).size).toBe(100);
    const ids = rows.map((r: any) => r.id);
    expect([...ids].sort().reverse()).toEqual(ids);
  });

  it('pages backwards with before/previous to exactly the pages seen going forward', async () => {
    const forward: string[][] = [];
    let res = await fb.get(`${BIG}/adsets`, { limit: 40 });
    for (;;) {
      forward.push(res.body.data.map((r: any) => r.id));
      if (!res.body.paging.next) break;
      res = await fb.get(`${BIG}/adsets`, { limit: 40, after: res.body.paging.cursors.after });
    }
    expect(forward.flat()).toHaveLength(300);
    const backward: string[][] = [];
    for (;;) {
      backward.unshift(res.body.data.map((r: any) => r.id));
      if (!res.body.paging.previous) break;
      res = await fb.get(`${BIG}/adsets`, { limit: 40, before: res.body.paging.cursors.before });
    }
    expect(backward).toEqual(forward);
  });

  it('keeps cursors stable while new objects are created mid-walk', async () => {
    const page1 = await fb.get(`${BIG}/campaigns`, { limit: 50 });
    await fb.post(`${BIG}/campaigns`, { name: 'inserted mid-walk', objective: 'OUTCOME_TRAFFIC', status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false });
    const page2 = await fb.get(`${BIG}/campaigns`, { limit: 50, after: page1.body.paging.cursors.after });
    const seen = [...page1.body.data, ...page2.body.data].map((r: any) => r.id);
    expect(new Set(seen).size).toBe(100);
    expect(page2.body.paging.next).toBeUndefined();
    const fresh = await fb.get(`${BIG}/campaigns`, { limit: 1, fields: 'name' });
    expect(fresh.body.data[0].name).toBe('inserted mid-walk');
  });

  it('reports summary.total_count and honours effective_status and filtering', async () => {
    const all = await fb.get(`${BIG}/ads`, { limit: 5, summary: true });
    expect(all.body.summary).toEqual({ total_count: 900 });
    const paused = await fb.get(`${BIG}/campaigns`, { effective_status: ['PAUSED'], summary: true, fields: 'effective_status' });
    expect(paused.body.summary.total_count).toBeGreaterThan(0);
    expect(paused.body.data.every((c: any) => c.effective_status === 'PAUSED')).toBe(true);
    const named = await fb.get(`${BIG}/campaigns`, { filtering: [{ field: 'name', operator: 'CONTAIN', value: 'brand' }], summary: true, fields: 'name' });
    expect(named.body.data.every((c: any) => /brand/i.test(c.name))).toBe(true);
    expect(named.body.summary.total_count).toBe(10);
    const bad = await fb.get(`${BIG}/campaigns`, { filtering: [{ field: 'name', operator: 'LIKE', value: 'x' }] });
    expect(bad.body.error.code).toBe(100);
  });

  it('answers an oversized limit with code 1 "reduce the amount of data" (HTTP 500) and a garbage cursor with 100', async () => {
    const big = await fb.get(`${BIG}/ads`, { limit: 5000 });
    expect(big.status).toBe(500);
    expect(big.body.error).toMatchObject({ code: 1, message: "Please reduce the amount of data you're asking for, then retry your request", is_transient: true });
    const garbage = await fb.get(`${BIG}/ads`, { after: 'not-a-cursor' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.error.code).toBe(100);
  });

  it('pages insights rows by offset cursors: every ad×day exactly once', async () => {
    const { rows } = await fb.all(`${BIG}/insights`, { level: 'ad', fields: 'ad_id,impressions', time_increment: 1, date_preset: 'last_7d', limit: 500 });
    expect(rows).toHaveLength(900 * 7);
    const keys = new Set(rows.map((r: any) => `${r.ad_id}|${r.date_start}`));
    expect(keys.size).toBe(900 * 7);
  });
});
