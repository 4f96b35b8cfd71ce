/** Exact money of the report: decimal text in and out, never a JS float; ISO 4217 minor units; the ratio formulas. */
import { formatDec, parseDec, ratioDec, shiftDec } from '../../../shared/platforms/core/decimal';
import { derived, minorUnits, money } from '../../../shared/domain/reports/money';
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
    expect(derived(parseDec('10.00'), 3, 1)).toEqual({ ctr: '33.333333', cpc: '10.000000', cpm: '3333.333333' });
    expect(derived(parseDec('0.00'), 0, 0)).toEqual({ ctr: null, cpc: null, cpm: null });
    expect(ratioDec(parseDec('2'), parseDec('3'), 6)).toBe('0.666667');
  });

  it('totals per currency without mixing them', () => {
    const row = (currency: string, spend: string) => ({ currency, spend, conversionValue: null, impressions: 100, clicks: 5, conversions: 1 }) as never;
    const t = totalsByCurrency([row('USD', '0.10'), row('USD', '0.20'), row('JPY', '150'), row('KWD', '1.125')]);
    expect(t.map((x) => [x.currency, x.spend, x.rows])).toEqual([['JPY', '150', 1], ['KWD', '1.125', 1], ['USD', '0.30', 2]]);
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
