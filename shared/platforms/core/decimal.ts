/**
 * Exact decimal arithmetic on strings for money: a value is a BigInt of units and a scale (digits
 * after the point), so platform amounts ("12.30", Google's micros) are added and divided without
 * ever passing through a JS float.
 */
export interface Dec {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export function isDecimal(s: string): boolean {
  return DECIMAL.test(s);
}

export function parseDec(s: string): Dec {
  const m = DECIMAL.exec(s.trim());
  if (!m) throw new Error(`not a decimal: ${s}`);
  const frac = m[3] ?? '';
  const units = BigInt(`${m[2]}${frac}`);
  return { units: m[1] ? -units : units, scale: frac.length };
}

// Powers a report's rows use over and over (scales of money and ratios), computed once.
const POW10 = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));
const pow10 = (n: number): bigint => POW10[n] ?? 10n ** BigInt(n);

/** The same value at another scale (truncated when the scale shrinks). */
export function rescale(d: Dec, scale: number): Dec {
  return scale >= d.scale ? { units: d.units * pow10(scale - d.scale), scale } : { units: d.units / pow10(d.scale - scale), scale };
}

export function addDec(a: Dec, b: Dec): Dec {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale).units + rescale(b, scale).units, scale };
}

export const ZERO: Dec = { units: 0n, scale: 0 };

/** An integer count as a decimal. */
export const intDec = (n: number | bigint): Dec => ({ units: BigInt(n), scale: 0 });

/** `units / 10^shift` exactly: Google's micros (shift 6) become the account currency. */
export function shiftDec(units: string | bigint, shift: number): Dec {
  return { units: BigInt(units), scale: shift };
}

/**
 * The canonical text: at least `minDigits` after the point (the currency's minor unit), trailing
 * zeros beyond them dropped, so "12.3" in USD is "12.30" and "1500.00" in JPY is "1500".
 */
export function formatDec(d: Dec, minDigits = 0): string {
  let { units, scale } = d;
  while (scale > minDigits && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  if (scale < minDigits) ({ units, scale } = rescale({ units, scale }, minDigits));
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return neg ? `-${text}` : text;
}

/**
 * `a × mul / b` rounded half away from zero to `digits` decimals; null when `b` is zero (a ratio
 * over nothing is unknown, not 0).
 */
export function ratioDec(a: Dec, b: Dec, digits: number, mul = 1n): string | null {
  const scale = Math.max(a.scale, b.scale);
  const num = rescale(a, scale).units * mul * pow10(digits);
  const den = rescale(b, scale).units;
  if (den === 0n) return null;
  const small = smallRatio(num, den);
  if (small !== undefined) return formatDec({ units: small, scale: digits }, digits);
  const neg = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  let q = n / d;
  if ((n % d) * 2n >= d) q += 1n;
  return formatDec({ units: neg ? -q : q, scale: digits }, digits);
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * `num / den` rounded half away from zero, in float arithmetic when both fit in 2^53 (a report's
 * ratios nearly always do; BigInt division costs several times more): the float quotient is only
 * a guess, corrected with the exact integer remainder. Undefined when either is too large.
 */
function smallRatio(num: bigint, den: bigint): bigint | undefined {
  if (num > SAFE || num < -SAFE || den > SAFE || den < -SAFE) return undefined;
  const neg = num < 0n !== den < 0n;
  const n = Math.abs(Number(num));
  const d = Math.abs(Number(den));
  let q = Math.floor(n / d);
  let r = n - q * d;
  if (!Number.isSafeInteger(q * d)) return undefined;
  while (r < 0) {
    q -= 1;
    r += d;
  }
  while (r >= d) {
    q += 1;
    r -= d;
  }
  if (r * 2 >= d) q += 1;
  return BigInt(neg ? -q : q);
}

/** The number of a decimal text, for counts a platform may send fractional (Google conversions). */
export const decNumber = (s: string): number => Number(s);
