import { encodeOffset } from './report-paging';
import { projectMetrics } from './report-rows';
import { CurrencyTotals } from './report-totals';
import type { CurrencyTotal, ReportAccountError, ReportMetric, ReportRow } from './report.types';

/**
 * A page of a report, prepared while the platforms answer: each account's rows are sorted and
 * counted into the totals as soon as that account is read, so what is left once the last account
 * answers is ordering the accounts and cutting the page. The rows, their order and the totals are
 * exactly those of sorting the whole report at the end (`ReportService.read`, docs/reports.md).
 */

/** One account's rows in report order (within the account), and their totals but conversions. */
export interface AccountRows {
  /** The account's place in the report: platform, then account id. */
  key: string;
  rows: ReportRow[];
  totals: CurrencyTotals;
}

/** Report order (platform, account, row id, day); separators below every character the fields may hold. */
export const accountOrderKey = (platform: string, adAccountId: string) => `${platform}\u0001${adAccountId}`;
const byKey = <T extends { key: string }>(a: T, b: T) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Row order within an account: row id, then day (a total's absent day first), as one key would order them. */
const byRow = (a: ReportRow, b: ReportRow) => (a.id === b.id ? byText(a.date ?? '', b.date ?? '') : byText(a.id, b.id));

function sortedRows(rows: readonly ReportRow[]): ReportRow[] {
  return [...rows].sort(byRow);
}

/** One account's built rows, sorted and counted. */
export function accountPart(key: string, rows: readonly ReportRow[]): AccountRows {
  const totals = new CurrencyTotals();
  for (const r of rows) totals.addAmounts(r);
  return { key, rows: sortedRows(rows), totals };
}

/**
 * Every row in report order. Accounts are ordered by key; two parts with one key (the same account
 * named twice) are merged row by row, as one sort over every row would order them.
 */
function inReportOrder(parts: readonly AccountRows[]): ReportRow[] {
  const ordered = [...parts].sort(byKey);
  const rows: ReportRow[] = [];
  for (let i = 0; i < ordered.length; ) {
    let j = i + 1;
    while (j < ordered.length && ordered[j]!.key === ordered[i]!.key) j++;
    if (j - i === 1) for (const r of ordered[i]!.rows) rows.push(r);
    else for (const r of sortedRows(ordered.slice(i, j).flatMap((p) => p.rows))) rows.push(r);
    i = j;
  }
  return rows;
}

export interface ReportPage {
  rows: ReportRow[];
  totals: CurrencyTotal[];
  errors: ReportAccountError[];
  nextCursor: string | null;
}

/** The whole report from its accounts' parts: every row in report order, the totals per currency. */
export function wholeReport(parts: readonly AccountRows[]): { rows: ReportRow[]; totals: CurrencyTotal[] } {
  const rows = inReportOrder(parts);
  const totals = new CurrencyTotals();
  for (const p of parts) totals.mergeAmounts(p.totals);
  // The float sum of conversions depends on its order: the report's, as the rows are ordered.
  for (const r of rows) totals.addConversions(r.currency, r.conversions);
  return { rows, totals: totals.result() };
}

/** The page `from`/`limit` (the decoded cursor) cuts from the whole report (the metrics asked for), with the report's totals and errors. */
export function pageOfReport(parts: readonly AccountRows[], errors: ReportAccountError[], page: { from: number; limit: number }, metrics?: readonly ReportMetric[]): ReportPage {
  const { from } = page;
  const { rows, totals } = wholeReport(parts);
  return {
    rows: rows.slice(from, from + page.limit).map((r) => projectMetrics(r, metrics)),
    totals,
    errors,
    nextCursor: from + page.limit < rows.length ? encodeOffset(from + page.limit) : null,
  };
}
