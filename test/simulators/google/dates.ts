/** Day arithmetic for GAQL date segments. A "day" is the number of days since 1970-01-01. */
const MS_DAY = 86_400_000;

export function dayToIso(day: number): string {
  return new Date(day * MS_DAY).toISOString().slice(0, 10);
}

/** Accepts 'YYYY-MM-DD' or 'YYYYMMDD' (docs/platforms/google.md §5 date ranges); undefined when malformed. */
export function isoToDay(s: string): number | undefined {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(s);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return t / MS_DAY;
}

const todayCache = new Map<string, { at: number; day: number }>();

/** Today's day number in an IANA time zone (DURING is evaluated in the account's time zone). */
export function todayIn(timeZone: string, now = Date.now()): number {
  const hit = todayCache.get(timeZone);
  if (hit && now - hit.at < 60_000) return hit.day;
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const day = isoToDay(iso) ?? Math.floor(now / MS_DAY);
  todayCache.set(timeZone, { at: now, day });
  return day;
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(day: number): number {
  return (new Date(day * MS_DAY).getUTCDay() + 6) % 7;
}

export const DAY_OF_WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;

export function weekStart(day: number): number {
  return day - weekdayIndex(day);
}

export function monthStart(day: number): number {
  const d = new Date(day * MS_DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / MS_DAY;
}

export function quarterStart(day: number): number {
  const d = new Date(day * MS_DAY);
  return Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1) / MS_DAY;
}

export function yearOf(day: number): number {
  return new Date(day * MS_DAY).getUTCFullYear();
}

function monthEnd(day: number): number {
  const d = new Date(day * MS_DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / MS_DAY - 1;
}

export const DURING_FUNCTIONS = [
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

/** Inclusive [from, to] day range of a DURING function, relative to `today` (docs/platforms/google.md §5 "Meanings"). */
export function duringRange(fn: string, today: number): [number, number] | undefined {
  const mon = weekStart(today);
  const sun = today - ((weekdayIndex(today) + 1) % 7);
  switch (fn) {
    case 'TODAY':
      return [today, today];
    case 'YESTERDAY':
      return [today - 1, today - 1];
    case 'LAST_7_DAYS':
      return [today - 7, today - 1];
    case 'LAST_14_DAYS':
      return [today - 14, today - 1];
    case 'LAST_30_DAYS':
      return [today - 30, today - 1];
    case 'LAST_BUSINESS_WEEK':
      return [mon - 7, mon - 3];
    case 'LAST_WEEK_MON_SUN':
      return [mon - 7, mon - 1];
    case 'LAST_WEEK_SUN_SAT':
      return [sun - 7, sun - 1];
    case 'THIS_WEEK_MON_TODAY':
      return [mon, today];
    case 'THIS_WEEK_SUN_TODAY':
      return [sun, today];
    case 'THIS_MONTH':
      return [monthStart(today), monthEnd(today)];
    case 'LAST_MONTH': {
      const prev = monthStart(today) - 1;
      return [monthStart(prev), prev];
    }
    default:
      return undefined;
  }
}
