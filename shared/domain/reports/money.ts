import { minorUnits } from '../../platforms/core/money';
import { addDec, canonicalDecText, formatDec, formatDecText, intDec, parseDec, parseSmallDec, ratioDec, ratioSmall, ZERO, isDecimal, type Dec, type SmallDec } from '../../platforms/core/decimal';

export { minorUnits };

/** A platform's money text in the currency's canonical form: exact, at least its minor digits. */
export function money(text: string, currency: string, minor = minorUnits(currency)): string {
  return canonicalDecText(text, minor) ?? formatDecText('0', minor);
}

export const RATIO_DIGITS = 6;

type Derived = { ctr: string | null; cpc: string | null; cpm: string | null };

/** `derived` in BigInt, for a spend or counts past what float arithmetic holds exactly. */
function derivedExact(spend: Dec, impressions: number, clicks: number): Derived {
  return {
    ctr: ratioDec(intDec(clicks), intDec(impressions), RATIO_DIGITS, 100n),
    cpc: ratioDec(spend, intDec(clicks), RATIO_DIGITS),
    cpm: ratioDec(spend, intDec(impressions), RATIO_DIGITS, 1000n),
  };
}

const small = (n: number): SmallDec | undefined => (Number.isSafeInteger(n) ? { units: n, scale: 0 } : undefined);

/**
 * The derived metrics, the same for every platform and for the totals: ctr = clicks / impressions ×
 * 100 (percent), cpc = spend / clicks, cpm = spend / impressions × 1000, each rounded half away from
 * zero to six decimals; null when the denominator is 0. Computed in float arithmetic where every
 * intermediate stays below 2^53 (a report's rows nearly always do; exact all the same), else in BigInt.
 */
export function derived(spend: string, impressions: number, clicks: number): Derived {
  const s = parseSmallDec(spend);
  const i = small(impressions);
  const c = small(clicks);
  if (s && i && c) {
    const ctr = ratioSmall(c, i, RATIO_DIGITS, 100);
    const cpc = ratioSmall(s, c, RATIO_DIGITS);
    const cpm = ratioSmall(s, i, RATIO_DIGITS, 1000);
    if (ctr !== undefined && cpc !== undefined && cpm !== undefined) return { ctr, cpc, cpm };
  }
  return derivedExact(isDecimal(spend) ? parseDec(spend) : ZERO, impressions, clicks);
}

export { addDec, parseDec, formatDec, ZERO, type Dec };
