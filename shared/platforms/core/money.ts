/**
 * Money in the platforms' units, compared exactly: amounts stay decimal text and are scaled as
 * BigInt (decimal.ts), never a float, so a budget checked against a limit is the budget the
 * platform will spend.
 */
import { formatDec, parseDec, rescale } from './decimal';
import type { BudgetUnit } from './write-safety';

/** ISO 4217 minor units of the currencies whose minor unit is not 2 (every other currency has 2). */
const MINOR_UNITS: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

/** Digits after the decimal point of the currency's minor unit (ISO 4217). */
export const minorUnits = (currency: string): number => MINOR_UNITS[currency.toUpperCase()] ?? 2;

/** A non-negative decimal amount as a setting or a limit may hold it. */
export const isAmount = (s: string) => /^\d{1,19}(\.\d{1,12})?$/.test(s);

/** A decimal string as an integer count of 10^-scale units; digits beyond the scale must be zeros. */
export function toScaled(amount: string, scale: number): bigint {
  const d = parseDec(amount);
  const scaled = rescale(d, scale);
  if (rescale(scaled, d.scale).units !== d.units) throw new RangeError(`${amount} has more than ${scale} decimals`);
  return scaled.units;
}

/** Micros: the finest unit any platform uses, so every amount compares exactly in it. */
const MICRO = 6;

/** A platform amount (in its unit) as micros of the currency. */
export function platformAmountToMicros(amount: string, unit: BudgetUnit, currency: string): bigint {
  if (unit === 'micros') return toScaled(amount, 0);
  if (unit === 'minor') return toScaled(amount, 0) * 10n ** BigInt(MICRO - minorUnits(currency));
  return toScaled(amount, MICRO);
}

/** A decimal amount in the currency's own units as micros. */
export const majorToMicros = (amount: string) => toScaled(amount, MICRO);

/** Micros as a plain decimal string in the currency's units. */
export const microsToMajor = (micros: bigint) => formatDec({ units: micros, scale: MICRO });
