import type { PlatformCaller } from './caller';

/** The gateway's report levels; each platform maps its own hierarchy onto them (docs/reports.md). */
export const REPORT_LEVELS = ['account', 'campaign', 'adset', 'ad'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];

export interface ReportRequest {
  /** Inclusive days of the account's own calendar (YYYY-MM-DD). */
  from: string;
  to: string;
  level: ReportLevel;
  granularity: 'day' | 'total';
}

/** The attribution window the platform counted conversions with. */
export interface Attribution {
  clickDays: number | null;
  viewDays: number | null;
  /** `account_default`: the account's (or platform's) own setting; `request`: a window the gateway asked for. */
  source: 'account_default' | 'request';
}

/** One row as a platform adapter reads it: platform units already turned into the report's (money as exact decimal text). */
export interface SourceRow {
  id: string;
  name: string | null;
  parent: { campaignId?: string; adsetId?: string };
  /** The day (granularity `day`); absent for a total over the range. */
  date?: string;
  /** Decimal text in the account currency, exact. */
  spend: string;
  conversionValue: string | null;
  impressions: number;
  clicks: number;
  conversions: number | null;
  reach: number | null;
  attribution: Attribution;
  /** The platform's own record this row was made from. */
  raw: unknown;
}

/** What a report call learned about the account on the way (used where the gateway has not stored it). */
export interface AccountFacts {
  name?: string | null;
  currency?: string | null;
  timezone?: string | null;
}

/**
 * A platform's part of `GET /api/v1/reports`: it reads one account's rows through the account's
 * caller (so every call passes the outbound limiter and the account's pacing) with the same
 * platform calls as the platform's own insights route, so both always agree.
 */
export interface ReportSource {
  /** Days before today (in the report's time zone) a platform may still restate; see docs/reports.md. */
  restatementDays: number;
  /** The time zone the platform's days are in when the account has none of its own (LinkedIn: UTC). */
  fixedTimezone?: string;
  rows(caller: PlatformCaller, req: ReportRequest): Promise<{ rows: SourceRow[]; account: AccountFacts }>;
  /** Name, currency and time zone read from the platform (when the gateway has not stored them). */
  facts(caller: PlatformCaller): Promise<AccountFacts>;
}

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Splits an inclusive range into chunks of at most `max` days (platform range limits). */
export function chunkRange(from: string, to: string, max: number): Array<{ from: string; to: string }> {
  const end = Date.parse(`${to}T00:00:00Z`);
  const out: Array<{ from: string; to: string }> = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += max * DAY_MS) out.push({ from: isoDay(t), to: isoDay(Math.min(end, t + (max - 1) * DAY_MS)) });
  return out;
}
