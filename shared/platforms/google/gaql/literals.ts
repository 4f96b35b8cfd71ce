/** The closed set of predefined date ranges DURING accepts (docs/platforms/google.md §5, "Function"). */
export const DURING_LITERALS = [
  'LAST_14_DAYS',
  'LAST_30_DAYS',
  'LAST_7_DAYS',
  'LAST_BUSINESS_WEEK',
  'LAST_MONTH',
  'LAST_WEEK_MON_SUN',
  'LAST_WEEK_SUN_SAT',
  'THIS_MONTH',
  'THIS_WEEK_MON_TODAY',
  'THIS_WEEK_SUN_TODAY',
  'TODAY',
  'YESTERDAY',
] as const;
export type DuringLiteral = (typeof DURING_LITERALS)[number];

const DURING_SET: ReadonlySet<string> = new Set(DURING_LITERALS);

/** Keywords are case-insensitive, so `last_7_days` is accepted and normalised to upper case. */
export function toDuringLiteral(word: string): DuringLiteral | undefined {
  const upper = word.toUpperCase();
  return DURING_SET.has(upper) ? (upper as DuringLiteral) : undefined;
}

/**
 * Field and resource names are snake_case even over REST (docs/platforms/google.md §5). The published grammar
 * (`[a-z][a-zA-Z0-9._]*`) would admit `campaign.startDate` or `campaign..id`, which can never name a
 * real field, so each dotted part must be lower snake_case.
 */
export const FIELD_NAME_RE = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$/;
export const RESOURCE_NAME_RE = /^[a-z][a-z0-9_]*$/;
export const NUMBER_RE = /^-?[0-9]+(?:\.[0-9]+)?$/;

/** Core date segments: selecting one requires a finite date range in WHERE (docs/platforms/google.md §5). */
export const CORE_DATE_SEGMENTS: ReadonlySet<string> = new Set([
  'segments.date',
  'segments.week',
  'segments.month',
  'segments.quarter',
  'segments.year',
]);

/** Core date segments whose values are `'YYYY-MM-DD'` / `'YYYYMMDD'` strings. */
export const DATE_VALUED_SEGMENTS: ReadonlySet<string> = new Set([
  'segments.date',
  'segments.week',
  'segments.month',
  'segments.quarter',
]);

/**
 * Escapes inside quotes: only `\\`, `\'` and `\"` are certain, so only those are accepted (others are
 * BAD_ESCAPE_SEQUENCE) and only those are produced. Raw newlines are prohibited by GAQL.
 */
export const STRING_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\', "'": "'", '"': '"' };

/** Canonical quoting: single quotes, escaping backslash and single quote. */
export function quoteString(value: string): string {
  return `'${value.replace(/[\\']/g, (ch) => `\\${ch}`)}'`;
}

export function hasNewline(value: string): boolean {
  return /[\r\n]/.test(value);
}

/**
 * Makes a LIKE pattern match `text` literally: GAQL has no escape character for LIKE, so the
 * wildcards and brackets are wrapped in brackets (docs/platforms/google.md §5: `[[]Earth[_]to[_]Mars[]]%`).
 */
export function escapeLikePattern(text: string): string {
  return text.replace(/[[\]%_]/g, (ch) => `[${ch}]`);
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Parses `YYYY-MM-DD` or `YYYYMMDD`, rejecting impossible dates such as 2025-02-29. */
export function parseDateLiteral(text: string): CalendarDate | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return undefined;
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900+.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: CalendarDate): number {
  const d = new Date(0);
  d.setUTCFullYear(date.year, date.month - 1, date.day);
  return d.getUTCDay();
}

/**
 * A finite JS number in GAQL number syntax (no exponent): the same shortest digits JS prints, with
 * the decimal point moved, so 1.5e-7 → 0.00000015 and 1e21 → 1000000000000000000000.
 */
export function formatNumber(n: number): string | undefined {
  if (!Number.isFinite(n)) return undefined;
  const plain = String(n);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(plain);
  if (!m) return plain;
  const [, sign, head, tail = '', exp] = m;
  const digits = `${head}${tail}`;
  const point = 1 + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
