import { addDec, derived, formatDec, minorUnits, parseDec, ZERO, type Dec } from './money';
import type { CurrencyTotal, ReportRow } from './report.types';

interface Acc {
  spend: Dec;
  value: Dec;
  impressions: number;
  clicks: number;
  conversions: number;
  rows: number;
}

/**
 * One total per currency, never summed across currencies. Reach is left out: people reached on
 * different days or accounts overlap, so reach does not add up.
 */
export function totalsByCurrency(rows: readonly ReportRow[]): CurrencyTotal[] {
  const by = new Map<string, Acc>();
  for (const r of rows) {
    let a = by.get(r.currency);
    if (!a) by.set(r.currency, (a = { spend: ZERO, value: ZERO, impressions: 0, clicks: 0, conversions: 0, rows: 0 }));
    a.spend = addDec(a.spend, parseDec(r.spend ?? '0'));
    if (r.conversionValue) a.value = addDec(a.value, parseDec(r.conversionValue));
    a.impressions += r.impressions ?? 0;
    a.clicks += r.clicks ?? 0;
    a.conversions += r.conversions ?? 0;
    a.rows++;
  }
  return [...by.entries()]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([currency, a]) => ({
      currency,
      spend: formatDec(a.spend, minorUnits(currency)),
      conversionValue: formatDec(a.value, minorUnits(currency)),
      impressions: a.impressions,
      clicks: a.clicks,
      // Google's fractional conversions summed as floats would drift: six decimals are kept.
      conversions: Math.round(a.conversions * 1e6) / 1e6,
      ...derived(a.spend, a.impressions, a.clicks),
      rows: a.rows,
    }));
}
