import type { Attribution, ReportLevel } from '../../platforms/core/report-source';

/** The metrics a report row can carry; `metrics=` picks a subset (docs/reports.md). */
export const REPORT_METRICS = ['spend', 'conversionValue', 'impressions', 'clicks', 'conversions', 'reach', 'ctr', 'cpc', 'cpm'] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

export interface ReportAccountId {
  platform: string;
  /** As the caller wrote it (any of the platform's forms). */
  id: string;
}

export interface ReportInput {
  /** Absent: every activated account of the caller. */
  adAccountIds?: ReportAccountId[];
  from: string;
  to: string;
  level: ReportLevel;
  granularity: 'day' | 'total';
  metrics?: ReportMetric[];
  includeRaw?: boolean;
}

export interface ReportRow {
  platform: string;
  adAccountId: string;
  accountName: string | null;
  currency: string;
  timezone: string;
  level: ReportLevel;
  id: string;
  name: string | null;
  parent: { campaignId: string | null; adsetId: string | null };
  date?: string;
  from?: string;
  to?: string;
  spend?: string;
  conversionValue?: string | null;
  impressions?: number;
  clicks?: number;
  conversions?: number | null;
  reach?: number | null;
  ctr?: string | null;
  cpc?: string | null;
  cpm?: string | null;
  attribution: Attribution;
  finalized: boolean;
  raw?: unknown;
}

export interface CurrencyTotal {
  currency: string;
  spend: string;
  conversionValue: string;
  impressions: number;
  clicks: number;
  conversions: number;
  ctr: string | null;
  cpc: string | null;
  cpm: string | null;
  rows: number;
}

/** One account whose rows are absent, and how to bring it back. */
export interface ReportAccountError {
  platform: string;
  adAccountId: string;
  code: string;
  message: string;
  /** Asking the user again (a new consent) fixes it: the call that starts one. */
  reconsent?: { method: 'POST'; path: string; body?: unknown };
}

export interface ReportResult {
  rows: ReportRow[];
  totals: CurrencyTotal[];
  errors: ReportAccountError[];
}
