/**
 * GET /api/v1/reports across the four platforms: one row shape with currency, time zone,
 * attribution and finality stated; totals per currency (USD, JPY with no minor unit, KWD with
 * three); the guard's answers for refused accounts; paging, metric selection, raw records, CSV;
 * and an account whose token was revoked at the platform left out with its error.
 */
import { createGatewayClient, pageReport, reportRows } from '../../../clients/typescript/src';
import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { G } from '../google/fixtures';
import { FB, GG, GG_JP, LI, pastWeek, REPORT_ENV, reportPath, sumMoney, TT } from './support';

const GG_KW = G.aliceEu; // made a KWD account for this file, before it is discovered

const w = useWorld({ platforms: ['facebook', 'tiktok', 'google', 'linkedin'], env: REPORT_ENV }, async (w) => {
  (w.sims.google!.raw as { state: { customers: Map<string, { currencyCode: string; timeZone: string }> } }).state.customers.get(GG_KW)!.currencyCode = 'KWD';
  await w.connect('facebook', { adAccountId: `act_${FB}` });
  const tiktok = await w.connect('tiktok', { adAccountId: TT, via: 'token' });
  const google = await w.consent('google');
  for (const id of [GG, GG_JP, GG_KW]) await w.connect('google', { adAccountId: id, through: google });
  await w.connect('linkedin', { adAccountId: LI });
  const bob = await w.userFor('bob-ext');
  await w.connect('facebook', { adAccountId: ACCOUNTS.bob[0]!, as: bob, simUser: 'bob' });
  return { tiktok, bob };
});
const range = pastWeek();
const get = (q: Record<string, string>, headers: Record<string, string> = {}) => w.call('GET', reportPath(q), { headers: { ...w.user.headers, ...headers } });

type Row = Record<string, any>;

async function allRows(q: Record<string, string>): Promise<{ rows: Row[]; body: any }> {
  const r = await get(q);
  expect(r.status).toBe(200);
  return { rows: r.body.data.rows, body: r.body.data };
}

describe('GET /api/v1/reports', () => {
  it('reports every activated account of the caller, one row shape for all four platforms', async () => {
    const { rows, body } = await allRows({ ...range, level: 'campaign', granularity: 'day', limit: '5000' });
    expect(body.errors).toEqual([]);
    expect(new Set(rows.map((r) => r.platform))).toEqual(new Set(['facebook', 'tiktok', 'google', 'linkedin']));
    expect(new Set(rows.map((r) => r.adAccountId))).toEqual(new Set([FB, TT, GG, GG_JP, GG_KW, LI]));
    const tz = Object.fromEntries(rows.map((r) => [r.adAccountId, r.timezone]));
    expect(tz).toEqual({ [FB]: 'America/Los_Angeles', [TT]: 'America/New_York', [GG]: 'America/New_York', [GG_JP]: 'Asia/Tokyo', [GG_KW]: 'Europe/Berlin', [LI]: 'UTC' });
    for (const r of rows) {
      expect(r.level).toBe('campaign');
      expect(r.date >= range.from && r.date <= range.to).toBe(true);
      expect(r.spend).toMatch(/^\d+(\.\d+)?$/);
      expect(r.attribution).toEqual({ clickDays: expect.any(Number), viewDays: expect.any(Number), source: 'account_default' });
      expect(r.finalized).toBe(true);
      expect(r).not.toHaveProperty('raw');
    }
    expect(rows.find((r) => r.platform === 'google')!.reach).toBeNull();
    expect(rows.find((r) => r.platform === 'facebook')!.reach).toEqual(expect.any(Number));
    expect(rows.find((r) => r.platform === 'facebook')!.attribution).toEqual({ clickDays: 7, viewDays: 1, source: 'account_default' });
  });

  it('computes ctr, cpc and cpm the same way for every platform, null on a zero denominator', async () => {
    const { rows } = await allRows({ ...range, level: 'campaign', granularity: 'total', limit: '5000' });
    for (const r of rows) {
      expect(r).toMatchObject({ from: range.from, to: range.to });
      expect(r).not.toHaveProperty('date');
      if (r.impressions === 0) expect([r.ctr, r.cpm]).toEqual([null, null]);
      else expect(Number(r.ctr)).toBeCloseTo((r.clicks / r.impressions) * 100, 5);
      if (r.clicks === 0) expect(r.cpc).toBeNull();
      else expect(Number(r.cpc)).toBeCloseTo(Number(r.spend) / r.clicks, 5);
      if (r.impressions > 0) expect(Number(r.cpm)).toBeCloseTo((Number(r.spend) / r.impressions) * 1000, 4);
    }
  });

  it('totals per currency, never across currencies: USD, JPY (no minor unit) and KWD (three)', async () => {
    const { rows, body } = await allRows({ ...range, level: 'campaign', granularity: 'day', limit: '5000' });
    expect(body.totals.map((t: Row) => t.currency)).toEqual(['JPY', 'KWD', 'USD']);
    for (const t of body.totals) {
      const mine = rows.filter((r) => r.currency === t.currency);
      expect(t.rows).toBe(mine.length);
      expect(sumMoney([t.spend])).toBe(sumMoney(mine.map((r) => r.spend)));
      expect(t.impressions).toBe(mine.reduce((n, r) => n + r.impressions, 0));
    }
    const kwd = rows.filter((r) => r.currency === 'KWD');
    expect(kwd.length).toBeGreaterThan(0);
    for (const r of kwd) expect(r.spend).toMatch(/^\d+\.\d{3,}$/);
    expect(body.totals.find((t: Row) => t.currency === 'KWD').spend).toMatch(/^\d+\.\d{3,}$/);
    expect(rows.filter((r) => r.currency === 'JPY').every((r) => r.adAccountId === GG_JP && r.timezone === 'Asia/Tokyo')).toBe(true);
    // JPY has no minor unit: an amount is never padded with decimals it does not have.
    for (const r of rows.filter((x) => x.currency === 'JPY')) expect(r.spend).not.toMatch(/\.\d*0$/);
  });

  it('pages with limit and cursor, the pages together being the whole report', async () => {
    const q = { adAccountIds: `google:${GG},linkedin:${LI}`, ...range, level: 'campaign', granularity: 'day' };
    const { rows: whole, body } = await allRows({ ...q, limit: '5000' });
    const paged: Row[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await allRows({ ...q, limit: '7', ...(cursor ? { cursor } : {}) });
      expect(page.body.totals).toEqual(body.totals);
      paged.push(...page.rows);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(whole);
    expect((await get({ ...q, cursor: 'bm9wZQ' })).status).toBe(400);
  });

  it('is paged by the typed client helper, page after page', async () => {
    const gw = createGatewayClient({ baseUrl: w.url, auth: { bearer: w.user.token } });
    const q = { adAccountIds: `google:${GG},linkedin:${LI}`, ...range, level: 'campaign' as const, granularity: 'day' as const };
    const { rows: whole } = await allRows({ ...q, limit: '5000' });
    const pages = [];
    for await (const page of pageReport(gw, { ...q, limit: 10 })) pages.push(page);
    expect(pages.length).toBe(Math.ceil(whole.length / 10));
    const rows = [];
    for await (const row of reportRows(gw, { ...q, limit: 10 })) rows.push(row);
    expect(rows).toEqual(whole);
  });

  it('picks metrics, adds the platform record with include=raw, and maps the levels', async () => {
    const { rows } = await allRows({ adAccountIds: `tiktok:${TT},linkedin:${LI}`, ...range, level: 'adset', granularity: 'total', metrics: 'spend,clicks', include: 'raw' });
    const tt = rows.find((r) => r.platform === 'tiktok')!;
    expect(Object.keys(tt)).toEqual(expect.arrayContaining(['spend', 'clicks', 'raw']));
    for (const m of ['impressions', 'ctr', 'cpc', 'cpm', 'reach', 'conversions']) expect(tt).not.toHaveProperty(m);
    expect(tt.raw).toMatchObject({ dimensions: { adgroup_id: tt.id } });
    expect(tt.parent.campaignId).toMatch(/^\d+$/);
    const li = rows.find((r) => r.platform === 'linkedin')!;
    expect(li.raw.pivotValues[0]).toBe(`urn:li:sponsoredCampaign:${li.id}`);
    expect(li.parent.campaignId).toMatch(/^\d+$/);
  });

  it('marks days inside the restatement window as not final', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const week = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const { rows } = await allRows({ adAccountIds: `facebook:act_${FB}`, from: week, to: today, level: 'account', granularity: 'day' });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.finalized === false)).toBe(true);
  });

  it("answers as the guard does: another user's account 403, an unknown one 404, whatever else is named", async () => {
    const bobs = await get({ adAccountIds: `google:${GG},facebook:act_${ACCOUNTS.bob[0]}`, ...range });
    expect(bobs.status).toBe(403);
    expect(bobs.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    const unknown = await get({ adAccountIds: `facebook:act_${FB},google:${G.unknown}`, ...range });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('AD_ACCOUNT_NOT_FOUND');
    expect(await w.sims.google!.calls('/googleAds:searchStream')).toEqual([]);
  });

  it('refuses bad input with a 400 before any platform call', async () => {
    for (const q of [
      { adAccountIds: 'myspace:1', ...range },
      { adAccountIds: `facebook:act_${FB}`, from: range.to, to: range.from },
      { adAccountIds: `facebook:act_${FB}`, from: '2024-01-01', to: '2026-01-01' },
      { adAccountIds: `facebook:act_${FB}`, ...range, metrics: 'spend,likes' },
      { adAccountIds: `facebook:act_${FB}`, ...range, level: 'keyword' },
      { adAccountIds: `facebook:act_${FB}`, from: '2026-02-30', to: '2026-03-01' },
    ]) {
      const r = await get(q);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await w.sims.facebook!.calls('/insights')).toEqual([]);
  });

  it('streams the same rows as CSV with Accept: text/csv', async () => {
    const q = { adAccountIds: `facebook:act_${FB},google:${GG_JP}`, ...range, level: 'campaign', granularity: 'day' };
    const { rows } = await allRows({ ...q, limit: '5000' });
    const res = await fetch(`${w.url}${reportPath(q)}`, { headers: { ...w.user.headers, accept: 'text/csv' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text()).split('\r\n').filter(Boolean);
    const header = lines[0]!.split(',');
    expect(header.slice(0, 8)).toEqual(['platform', 'adAccountId', 'accountName', 'currency', 'timezone', 'level', 'id', 'name']);
    expect(lines).toHaveLength(rows.length + 1);
    const col = (line: string, name: string) => line.split(',')[header.indexOf(name)];
    expect(lines.slice(1).map((l) => `${col(l, 'id')}|${col(l, 'date')}|${col(l, 'spend')}|${col(l, 'currency')}`)).toEqual(rows.map((r) => `${r.id}|${r.date}|${r.spend}|${r.currency}`));
  });

  it('leaves out an account whose token was revoked at the platform and names it in errors', async () => {
    await w.sims.tiktok!.revokeToken(w.tiktok.platformToken);
    const { rows, body } = await allRows({ adAccountIds: `tiktok:${TT},facebook:act_${FB},linkedin:${LI}`, ...range, level: 'campaign', granularity: 'total' });
    expect(new Set(rows.map((r) => r.platform))).toEqual(new Set(['facebook', 'linkedin']));
    expect(body.errors).toEqual([
      { platform: 'tiktok', adAccountId: TT, code: 'CONNECTION_REAUTH_REQUIRED', message: expect.any(String), reconsent: { method: 'POST', path: '/api/v1/connections/tiktok/auth-url' } },
    ]);
    // Now the gateway knows: the guard itself names the account, and the report still answers.
    const again = await allRows({ adAccountIds: `tiktok:${TT},facebook:act_${FB}`, ...range, level: 'campaign', granularity: 'total' });
    expect(again.body.errors).toEqual([expect.objectContaining({ platform: 'tiktok', adAccountId: TT, code: 'CONNECTION_REAUTH_REQUIRED' })]);
    expect(again.rows.every((r) => r.platform === 'facebook')).toBe(true);
  });
});
