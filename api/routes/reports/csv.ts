import type { Response } from 'express';
import type { ReportRow } from '../../../shared/domain/reports/report.types';

/** The CSV columns, in order: one per row field, the parent and attribution flattened. */
export const CSV_COLUMNS = [
  'platform', 'adAccountId', 'accountName', 'currency', 'timezone', 'level', 'id', 'name', 'parentCampaignId', 'parentAdsetId',
  'date', 'from', 'to', 'spend', 'conversionValue', 'impressions', 'clicks', 'conversions', 'reach', 'ctr', 'cpc', 'cpm',
  'attributionClickDays', 'attributionViewDays', 'attributionSource', 'finalized',
] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(v: unknown): string {
  if (v === undefined || v === null) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function cells(r: ReportRow, withRaw: boolean): unknown[] {
  const flat: Record<string, unknown> = {
    ...r,
    parentCampaignId: r.parent.campaignId,
    parentAdsetId: r.parent.adsetId,
    attributionClickDays: r.attribution.clickDays,
    attributionViewDays: r.attribution.viewDays,
    attributionSource: r.attribution.source,
  };
  return [...CSV_COLUMNS.map((c) => flat[c]), ...(withRaw ? [r.raw] : [])];
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvField).join(',')}\r\n`;

const CHUNK_ROWS = 500;

/** Writes the rows as CSV, a chunk at a time, waiting for the socket to drain between chunks. */
export async function streamCsv(res: Response, rows: readonly ReportRow[], withRaw: boolean): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8; header=present');
  res.setHeader('Content-Disposition', 'attachment; filename="report.csv"');
  let chunk = csvLine([...CSV_COLUMNS, ...(withRaw ? ['raw'] : [])]);
  for (let i = 0; i < rows.length; i++) {
    chunk += csvLine(cells(rows[i]!, withRaw));
    if ((i + 1) % CHUNK_ROWS === 0) {
      if (!res.write(chunk)) await new Promise<void>((resolve) => res.once('drain', resolve));
      chunk = '';
    }
  }
  res.end(chunk);
}
