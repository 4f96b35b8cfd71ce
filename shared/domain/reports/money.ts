import { minorUnits } from '../../platforms/core/money';
import { addDec, formatDec, intDec, parseDec, ratioDec, ZERO, isDecimal, type Dec } from '../../platforms/core/decimal';

export { minorUnits };

/** A platform's money text in the currency's canonical form: exact, at least its minor digits. */
export function money(text: string, currency: string): string {
  return formatDec(isDecimal(text) ? parseDec(text) : ZERO, minorUnits(currency));
}

export const RATIO_DIGITS = 6;

/**
 * The derived metrics, the same for every platform: ctr = clicks / impressions × 100 (percent),
 * cpc = spend / clicks, cpm = spend / impressions × 1000, each rounded half away from zero to six
 * decimals; null when the denominator is 0.
 */
export function derived(spend: Dec, impressions: number, clicks: number): { ctr: string | null; cpc: string | null; cpm: string | null } {
  return {
    ctr: ratioDec(intDec(clicks), intDec(impressions), RATIO_DIGITS, 100n),
    cpc: ratioDec(spend, intDec(clicks), RATIO_DIGITS),
    cpm: ratioDec(spend, intDec(impressions), RATIO_DIGITS, 1000n),
  };
}

export { addDec, parseDec, formatDec, ZERO, type Dec };
