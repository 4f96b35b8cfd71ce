import { DecSum } from '../../platforms/core/decimal';
import { derived, minorUnits } from './money';
import type { CurrencyTotal, ReportRow } from './report.types';

interface Acc {
  spend: DecSum;
  value: DecSum;
  impressions: number;
  clicks: number;
  conversions: number;
  rows: number;
}

type Counted = Pick<ReportRow, 'currency' | 'spend' | 'conversionValue' | 'impressions' | 'clicks' | 'conversions'>;

/**
 * One total per currency, never summed across currencies. Reach is left out: people reached on
 * different days or accounts overlap, so reach does not add up. Rows may be added in any order
 * except for their conversions, whose float sum depends on it: `addConversions` takes those
 * separately, in report order, when the rest was added account by account.
 */
export class CurrencyTotals {
  private readonly by = new Map<string, Acc>();

  private acc(currency: string): Acc {
    let a = this.by.get(currency);
    if (!a) this.by.set(currency, (a = { spend: new DecSum(), value: new DecSum(), impressions: 0, clicks: 0, conversions: 0, rows: 0 }));
    return a;
  }

  /** Everything of the row but its conversions (exact sums, so the order does not matter). */
  addAmounts(r: Counted): void {
    const a = this.acc(r.currency);
    a.spend.add(r.spend ?? '0');
    if (r.conversionValue) a.value.add(r.conversionValue);
    a.impressions += r.impressions ?? 0;
    a.clicks += r.clicks ?? 0;
    a.rows++;
  }

  addConversions(currency: string, conversions: number | null | undefined): void {
    this.acc(currency).conversions += conversions ?? 0;
  }

  /** Another set's amounts (its conversions are added separately, in order). */
  mergeAmounts(other: CurrencyTotals): void {
    for (const [currency, o] of other.by) {
      const a = this.acc(currency);
      a.spend.addSum(o.spend);
      a.value.addSum(o.value);
      a.impressions += o.impressions;
      a.clicks += o.clicks;
      a.rows += o.rows;
    }
  }

  result(): CurrencyTotal[] {
    return [...this.by.entries()]
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([currency, a]) => {
        const spend = a.spend.text(minorUnits(currency));
        return {
          currency,
          spend,
          conversionValue: a.value.text(minorUnits(currency)),
          impressions: a.impressions,
          clicks: a.clicks,
          // Google's fractional conversions summed as floats would drift: six decimals are kept.
          conversions: Math.round(a.conversions * 1e6) / 1e6,
          ...derived(spend, a.impressions, a.clicks),
          rows: a.rows,
        };
      });
  }
}

/** The totals of rows in report order. */
export function totalsByCurrency(rows: readonly Counted[]): CurrencyTotal[] {
  const t = new CurrencyTotals();
  for (const r of rows) {
    t.addAmounts(r);
    t.addConversions(r.currency, r.conversions);
  }
  return t.result();
}
