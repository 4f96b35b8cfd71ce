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
  const q = roundedQuotient(Number(num), Number(den));
  return q === undefined ? undefined : BigInt(q);
}

/**
 * `formatDec(parseDec(s), minDigits)` worked on the text alone (no BigInt): a report formats every
 * row's money, and the platforms' amounts are nearly always canonical already.
 */
export function formatDecText(s: string, minDigits = 0): string {
  const text = canonicalDecText(s.trim(), minDigits);
  if (text === undefined) throw new Error(`not a decimal: ${s}`);
  return text;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * `formatDecText` of a text that may not be a decimal (then undefined), read character by character.
 * A text already canonical is built anew, not answered as it is: keeping the platform's own strings
 * (interned by JSON.parse) made the page's serialisation slower by more than building the rows saved.
 */
export function canonicalDecText(s: string, minDigits = 0): string | undefined {
  const n = s.length;
  const neg = s.charCodeAt(0) === 45;
  const intStart = neg ? 1 : 0;
  let i = intStart;
  while (i < n && isDigit(s.charCodeAt(i))) i++;
  const intEnd = i;
  if (intEnd === intStart) return undefined;
  let fracStart = n;
  if (i < n) {
    if (s.charCodeAt(i) !== 46) return undefined;
    fracStart = ++i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i < n || i === fracStart) return undefined;
  }
  let int = intStart;
  while (int < intEnd - 1 && s.charCodeAt(int) === 48) int++;
  let fracEnd = n;
  while (fracEnd - fracStart > minDigits && s.charCodeAt(fracEnd - 1) === 48) fracEnd--;
  const pad = Math.max(0, minDigits - (fracEnd - fracStart));
  let zero = int === intEnd - 1 && s.charCodeAt(int) === 48;
  for (let k = fracStart; zero && k < fracEnd; k++) zero = s.charCodeAt(k) === 48;
  const negative = neg && !zero;
  const frac = fracEnd > fracStart || pad ? `.${s.slice(fracStart, fracEnd)}${'0'.repeat(pad)}` : '';
  return `${negative ? '-' : ''}${s.slice(int, intEnd)}${frac}`;
}

/** A decimal small enough to compute with in float arithmetic exactly (units within 2^53). */
export interface SmallDec {
  units: number;
  scale: number;
}

/**
 * The text as a SmallDec, or undefined when it is not a decimal or its digits do not fit in 2^53
 * (then use parseDec). Read character by character: a report parses every row's spend.
 */
export function parseSmallDec(s: string): SmallDec | undefined {
  const neg = s.charCodeAt(0) === 45;
  let i = neg ? 1 : 0;
  let units = 0;
  let digits = 0;
  let point = -1;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      units = units * 10 + (c - 48);
      digits++;
    } else if (c === 46 && point < 0 && digits > 0) point = digits;
    else return undefined;
  }
  // Digits on both sides of a point, at most 15 in all (every such integer is exact in a float).
  if (digits === 0 || point === digits || digits > 15) return undefined;
  return { units: neg ? -units : units, scale: point < 0 ? 0 : digits - point };
}

/** 10^0 … 10^15 as numbers: every power a safe-integer decimal may be scaled by. */
export const POW10_NUM = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * `ratioDec` on small decimals without BigInt, the same result; undefined when an intermediate
 * would pass 2^53 (then use ratioDec).
 */
export function ratioSmall(a: SmallDec, b: SmallDec, digits: number, mul = 1): string | null | undefined {
  const scale = Math.max(a.scale, b.scale);
  const up = POW10_NUM[scale - a.scale];
  const upB = POW10_NUM[scale - b.scale];
  const pd = POW10_NUM[digits];
  if (up === undefined || upB === undefined || pd === undefined) return undefined;
  const num = a.units * up * mul * pd;
  const den = b.units * upB;
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den)) return undefined;
  if (den === 0) return null;
  const q = roundedQuotient(num, den);
  if (q === undefined) return undefined;
  const neg = q < 0;
  const abs = neg ? -q : q;
  // Integer and fraction apart (exact: both below 2^53), the fraction's digits from pd + frac.
  let int = Math.floor(abs / pd);
  if (int * pd > abs) int--;
  else if (abs - int * pd >= pd) int++;
  const out = digits ? `${int}.${String(pd + (abs - int * pd)).slice(1)}` : String(abs);
  return neg ? `-${out}` : out;
}

/** `num / den` rounded half away from zero for safe integers (the float quotient corrected by the exact remainder). */
function roundedQuotient(num: number, den: number): number | undefined {
  const neg = num < 0 !== den < 0;
  const n = Math.abs(num);
  const d = Math.abs(den);
  let q = Math.floor(n / d);
  if (!Number.isSafeInteger(q * d)) return undefined;
  let r = n - q * d;
  while (r < 0) {
    q -= 1;
    r += d;
  }
  while (r >= d) {
    q += 1;
    r -= d;
  }
  if (r * 2 >= d) q += 1;
  return neg ? -q : q;
}

/** The number of a decimal text, for counts a platform may send fractional (Google conversions). */
export const decNumber = (s: string): number => Number(s);

/**
 * `formatDec` of a small decimal, without BigInt; undefined when padding it to `minDigits` would
 * pass 2^53 (then use formatDec).
 */
export function formatSmallDec(d: SmallDec, minDigits = 0): string | undefined {
  let { units, scale } = d;
  while (scale > minDigits && units % 10 === 0) {
    units /= 10;
    scale--;
  }
  if (scale < minDigits) {
    const up = POW10_NUM[minDigits - scale];
    if (up === undefined || !Number.isSafeInteger(units * up)) return undefined;
    units *= up;
    scale = minDigits;
  }
  const neg = units < 0;
  const digits = String(neg ? -units : units).padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return neg ? `-${text}` : text;
}

/**
 * An exact sum of decimal texts: in float arithmetic while every amount and the sum stay integers
 * below 2^53 at the common scale (a report's sums nearly always do), in BigInt from the first that does not.
 */
export class DecSum {
  private units = 0;
  private scale = 0;
  private big?: Dec;

  add(text: string): void {
    if (!this.big) {
      const d = parseSmallDec(text);
      if (d) {
        const scale = Math.max(this.scale, d.scale);
        const a = this.units * POW10_NUM[scale - this.scale]!;
        const b = d.units * POW10_NUM[scale - d.scale]!;
        const sum = a + b;
        if (Number.isSafeInteger(a) && Number.isSafeInteger(b) && Number.isSafeInteger(sum)) {
          this.units = sum;
          this.scale = scale;
          return;
        }
      }
      this.big = this.value();
    }
    this.big = addDec(this.big, parseDec(text));
  }

  addSum(other: DecSum): void {
    this.big = addDec(this.value(), other.value());
  }

  value(): Dec {
    return this.big ?? { units: BigInt(this.units), scale: this.scale };
  }

  /** `formatDec(value(), minDigits)`. */
  text(minDigits = 0): string {
    return (this.big ? undefined : formatSmallDec({ units: this.units, scale: this.scale }, minDigits)) ?? formatDec(this.value(), minDigits);
  }
}
