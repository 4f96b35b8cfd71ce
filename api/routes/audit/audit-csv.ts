import type { AuditRecordView } from '../../../shared/domain/audit/audit-types';

/** The CSV columns, in order: the record's fields, the principal flattened, nested objects as JSON text. */
export const CSV_COLUMNS = [
  'id', 'time', 'tenantId', 'principalKind', 'principalId', 'externalUserId', 'surface', 'requestId', 'platform', 'adAccountId',
  'operation', 'outcome', 'jobId', 'objectId', 'errorCode', 'finishedAt', 'detail', 'params', 'before', 'after',
] as const;

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, its quotes doubled. */
export function csvField(v: unknown): string {
  if (v === undefined || v === null) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const line = (fields: unknown[]) => `${fields.map(csvField).join(',')}\r\n`;

export const csvHeader = () => line([...CSV_COLUMNS]);

export function csvRow(r: AuditRecordView): string {
  const flat: Partial<Record<(typeof CSV_COLUMNS)[number], unknown>> = {
    ...r,
    principalKind: r.principal.kind,
    principalId: r.principal.id,
    externalUserId: r.principal.externalUserId,
  };
  return line(CSV_COLUMNS.map((c) => flat[c]));
}
