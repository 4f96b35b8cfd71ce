/** Exact money of the report: decimal text in and out, never a JS float; ISO 4217 minor units; the ratio formulas. */
import { DecSum, formatDec, formatDecText, formatSmallDec, intDec, parseDec, parseSmallDec, ratioDec, ratioSmall, shiftDec } from '../../../shared/platforms/core/decimal';
import { chunkRange } from '../../../shared/platforms/core/report-source';
import { derived, minorUnits, money } from '../../../shared/domain/reports/money';
import { accountOrderKey, accountPart, pageOfReport } from '../../../shared/domain/reports/report-page';
import { decodeOffset } from '../../../shared/domain/reports/report-paging';
import type { ReportRow } from '../../../shared/domain/reports/report.types';
import { csvField } from '../../../api/routes/reports/csv';
import { isFinal } from '../../../shared/domain/reports/report-accounts';
import { totalsByCurrency } from '../../../shared/domain/reports/report-totals';

describe('report money', () => {
  it('writes amounts with the currency minor unit and never rounds a platform amount', () => {
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('KWD')).toBe(3);
    expect(minorUnits('USD')).toBe(2);
    expect(money('1500.00', 'JPY')).toBe('1500');
    expect(money('1500', 'USD')).toBe('1500.00');
    expect(money('1.5', 'KWD')).toBe('1.500');
    expect(money('0.1234', 'USD')).toBe('0.1234');
    expect(money('12.30', 'EUR')).toBe('12.30');
  });

  it("divides Google's micros exactly, beyond what a float holds", () => {
    expect(formatDec(shiftDec('9007199254740993123', 6), 2)).toBe('9007199254740.993123');
    expect(formatDec(shiftDec('1230000', 6), 3)).toBe('1.230');
    expect(formatDec(shiftDec('0', 6), 0)).toBe('0');
  });

  it('computes ctr, cpc and cpm to six decimals, null on a zero denominator', () => {
    expect(derived('10.00', 3, 1)).toEqual({ ctr: '33.333333', cpc: '10.000000', cpm: '3333.333333' });
    expect(derived('0.00', 0, 0)).toEqual({ ctr: null, cpc: null, cpm: null });
    expect(ratioDec(parseDec('2'), parseDec('3'), 6)).toBe('0.666667');
  });

  it('formats money on the text exactly as on the decimal, signs and leading zeros included', () => {
    for (const [text, minor] of [['007.50', 2], ['-0.000', 2], ['12.3400', 3], ['1500.00', 0], ['0', 2], ['-12.5', 2], ['98765432109876543210.123456789', 2]] as const) {
      expect(formatDecText(text, minor)).toBe(formatDec(parseDec(text), minor));
    }
    expect(money('-0.00', 'USD')).toBe('0.00');
    expect(money('007.5', 'KWD')).toBe('7.500');
  });

  it('gives the same ratios in float arithmetic as in BigInt, and falls back past 2^53', () => {
    const cases: Array<[string, number, number]> = [['10.00', 3, 1], ['0.00', 0, 0], ['123.45', 98765, 4321], ['0.015', 7, 3], ['98765432109876543.21', 3, 7], ['5', 9007199254740993, 1]];
    const inBigInt = (spend: string, impressions: number, clicks: number) => ({
      ctr: ratioDec(intDec(clicks), intDec(impressions), 6, 100n),
      cpc: ratioDec(parseDec(spend), intDec(clicks), 6),
      cpm: ratioDec(parseDec(spend), intDec(impressions), 6, 1000n),
    });
    for (const [spend, impressions, clicks] of cases) expect(derived(spend, impressions, clicks)).toEqual(inBigInt(spend, impressions, clicks));
  });

  it('reads a small decimal as the exact decimal, and refuses what is not one or does not fit in 2^53', () => {
    for (const text of ['0', '-0', '007.50', '12.3400', '-12.5', '123456789012345', '1234567890.12345']) {
      const d = parseSmallDec(text)!;
      expect({ units: BigInt(d.units), scale: d.scale }).toEqual(parseDec(text));
    }
    for (const text of ['', '-', '.5', '1.', '1.2.3', '1e5', ' 1', '+1', '1234567890123456', '0.1234567890123456']) expect(parseSmallDec(text)).toBeUndefined();
  });

  it('formats and sums small decimals as the BigInt decimals do', () => {
    for (const [text, minor] of [['007.50', 2], ['-0.000', 2], ['12.3400', 3], ['1500.00', 0], ['0', 2], ['-12.5', 2], ['102300000', 0], ['0.000001', 6]] as const) {
      expect(formatSmallDec(parseSmallDec(text)!, minor)).toBe(formatDec(parseDec(text), minor));
    }
    // Padding past 2^53 is left to the BigInt form.
    expect(formatSmallDec(parseSmallDec('123456789012345')!, 3)).toBeUndefined();
    const sum = new DecSum();
    for (const t of ['4', '0.50', '1.255', '-0.005']) sum.add(t);
    expect(sum.text()).toBe('5.75');
    expect(sum.text(3)).toBe('5.750');
    const big = new DecSum();
    for (const t of ['9007199254740.991', '0.009', '98765432109876543210.5']) big.add(t);
    expect(big.text(2)).toBe('98765441117075797951.50');
  });

  it('writes a ratio past the integer digits of a float exactly', () => {
    // 2^53 - 1 units over 1: the integer part is exact, the fraction all zeros.
    expect(ratioSmall({ units: 9007199254, scale: 0 }, { units: 1, scale: 0 }, 6)).toBe('9007199254.000000');
    expect(ratioSmall({ units: -2, scale: 0 }, { units: 3, scale: 0 }, 6)).toBe('-0.666667');
    expect(ratioSmall({ units: 2, scale: 0 }, { units: 3, scale: 0 }, 0)).toBe('1');
  });

  it('splits a range into chunks of at most the days a platform takes', () => {
    expect(chunkRange('2026-01-01', '2026-03-01', 30)).toEqual([
      { from: '2026-01-01', to: '2026-01-30' },
      { from: '2026-01-31', to: '2026-03-01' },
    ]);
    expect(chunkRange('2026-01-01', '2026-01-01', 30)).toEqual([{ from: '2026-01-01', to: '2026-01-01' }]);
    expect(chunkRange('2026-01-02', '2026-01-01', 30)).toEqual([]);
  });

  it('pages rows sorted account by account in the order, with the totals, of the whole report sorted at the end', () => {
    const row = (platform: string, adAccountId: string, id: string, date: string, spend: string, conversions: number): ReportRow => ({
      platform, adAccountId, accountName: 'Shop', currency: adAccountId === '9' ? 'JPY' : 'USD', timezone: 'UTC', level: 'campaign', id, name: null,
      parent: { campaignId: null, adsetId: null }, date, spend, conversionValue: null, impressions: 10, clicks: 1, conversions, reach: null,
      ctr: '10.000000', cpc: spend, cpm: null, attribution: { clickDays: 7, viewDays: 1, source: 'account_default' }, finalized: true,
    });
    // Two parts of one account (named twice) interleave as one sort over every row would order them.
    const accounts = [
      [row('google', '12', 'b', '2026-11-02', '1.10', 0.1), row('google', '12', 'a', '2026-11-02', '2.00', 0.2)],
      [row('facebook', '9', 'c', '2026-11-01', '150', 0.7)],
      [row('google', '12', 'a', '2026-11-01', '3.05', 0.3)],
      [row('google', '1', 'z', '2026-11-01', '0.01', 1)],
    ];
    const parts = accounts.map((rows) => accountPart(accountOrderKey(rows[0]!.platform, rows[0]!.adAccountId), rows));
    const key = (r: ReportRow) => `${r.platform}\u0001${r.adAccountId}\u0001${r.id}\u0001${r.date}`;
    const all = accounts.flat().sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
    const project = (r: ReportRow) => {
      const { ctr: _ctr, cpc: _cpc, cpm: _cpm, impressions: _i, clicks: _c, reach: _r, conversionValue: _v, ...kept } = r;
      return kept;
    };
    const first = pageOfReport(parts, [], { from: 0, limit: 3 }, ['spend', 'conversions']);
    expect(JSON.stringify(first)).toBe(JSON.stringify({ rows: all.slice(0, 3).map(project), totals: totalsByCurrency(all), errors: [], nextCursor: first.nextCursor }));
    expect(first.nextCursor).not.toBeNull();
    const second = pageOfReport(parts, [], { from: decodeOffset(first.nextCursor!), limit: 3 }, ['spend', 'conversions']);
    expect(JSON.stringify(second.rows)).toBe(JSON.stringify(all.slice(3).map(project)));
    expect(second.nextCursor).toBeNull();
  });

  it('totals per currency without mixing them', () => {
    const row = (currency: string, spend: string) => ({ currency, spend, conversionValue: null, impressions: 100, clicks: 5, conversions: 1 }) as never;
    const t = totalsByCurrency([row('USD', '0.10'), row('USD', '0.20'), row('JPY', '150'), row('KWD', '1.125')]);
    expect(t.map((x) => [x.currency, x.spend, x.rows])).toEqual([['JPY', '150', 1], ['KWD', '1.125', 1], ['USD', '0.30', 2]]);
    // Sums past 2^53 stay exact.
    const big = totalsByCurrency([row('USD', '90071992547409.93'), row('USD', '90071992547409.93'), row('USD', '0.001')]);
    expect(big[0]!.spend).toBe('180143985094819.861');
  });

  it('quotes CSV fields as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Shoes, "Best"')).toBe('"Shoes, ""Best"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
  });

  it("decides finality in the account's own calendar", () => {
    const now = new Date('2026-11-28T03:00:00Z'); // still 27 Nov in Los Angeles
    expect(isFinal('2026-11-25', 'UTC', 2, now)).toBe(true);
    expect(isFinal('2026-11-25', 'America/Los_Angeles', 2, now)).toBe(false);
  });
});
