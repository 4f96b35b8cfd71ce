/**
 * Running one GAQL query over many accounts: each account's outcome, and a merge that keeps the rows
 * of the accounts that answered when others failed (the concurrency is FanOutGate's).
 */
import type { AppError } from '../../../errors/app-error';
import type { GoogleRow } from './search';

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * One failed account inside `data` (a GoogleAdsRow never has a top-level `error` member):
 * `{ "accountId": "1000000002", "error": { "code": "FORBIDDEN", "message": "…", "details": [ … ] } }`.
 */
export interface FailedAccountItem {
  accountId: string;
  error: { code: string; message: string; details?: unknown[] };
}

export interface FanOutResult {
  data: Array<GoogleRow | FailedAccountItem>;
  failed: Array<{ accountId: string; error: AppError }>;
}

/** Rows in account order, then one item per failed account. */
export function mergeFanOut(accountIds: readonly string[], results: Settled<GoogleRow[]>[], toAppError: (e: unknown) => AppError): FanOutResult {
  const data: Array<GoogleRow | FailedAccountItem> = [];
  const failed: FanOutResult['failed'] = [];
  results.forEach((r, i) => {
    if (r.ok) for (const row of r.value) data.push(row);
    else failed.push({ accountId: accountIds[i]!, error: toAppError(r.error) });
  });
  for (const f of failed) {
    data.push({
      accountId: f.accountId,
      error: { code: f.error.code, message: f.error.message, ...(f.error.details.length ? { details: f.error.details } : {}) },
    });
  }
  return { data, failed };
}
