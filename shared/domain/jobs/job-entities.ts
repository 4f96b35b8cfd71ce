import { AppError } from '../../errors/app-error';
import type { JobRecord } from './job-store';
import { decodeCursor, encodeCursor, type EntityPageQuery } from './job-view';
import type { WriteOperationLookup } from './write-operations';

/** The one call of the ORM's connection this needs (kept narrow so the paging reads as SQL). */
interface SqlConnection {
  execute(sql: string, params: unknown[]): Promise<unknown>;
}

/**
 * Where a report job keeps its rows: entity rows of its own (platform `report`, the job id in place
 * of the account, one level), so the job's entities page them like an import's records.
 */
export const REPORT_ROWS = { platform: 'report', level: 'row' } as const;

/** The (platform, account) an import, export or report job's entities are stored under, and the one level it lists if fixed. */
function entityScope(j: JobRecord, writeOperations: WriteOperationLookup): { platform: string; adAccountId: string; level?: string } {
  if (j.type === 'report') return { platform: REPORT_ROWS.platform, adAccountId: j.id, level: REPORT_ROWS.level };
  const exported = j.type === 'write' ? writeOperations(j.operation)?.storesEntities?.(j.params ?? {}) : undefined;
  if ((j.type !== 'import' && !exported) || !j.adAccountId) throw new AppError('NOT_FOUND', 'Only import, export and report jobs have stored entities');
  return { platform: j.platform, adAccountId: j.adAccountId, ...(exported ? { level: exported } : {}) };
}

/**
 * Pages what an import stored for its account, in insertion order, each record once. An export
 * (a write operation that `storesEntities`) lists its own level; an import lists every level but
 * the exports' (theirs contain a colon: `leads:<formId>`); a report lists its rows in report order.
 * `j` is a job its caller already owns; `writeOperations` finds the operation a write job names.
 */
export async function listStoredEntities(conn: SqlConnection, j: JobRecord, q: EntityPageQuery, writeOperations: WriteOperationLookup) {
  const scope = entityScope(j, writeOperations);
  if (scope.level && q.level !== undefined && q.level !== scope.level) return { items: [], nextCursor: null };
  if (scope.level) q = { ...q, level: scope.level };
  const after = decodeCursor(q.cursor);
  if (after === 'invalid') {
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { details: [{ path: 'query.cursor', message: 'not a cursor from this endpoint' }] });
  }
  const rows = (await conn.execute(
    `select id, level, platform_id, data, fetched_at from imported_entities
     where tenant_id = ? and platform = ? and ad_account_id = ? ${q.level ? 'and level = ?' : "and position(':' in level) = 0"} and id > ?
     order by id limit ?`,
    [j.tenantId, scope.platform, scope.adAccountId, ...(q.level ? [q.level] : []), after ?? '0', q.limit + 1],
  )) as { id: string; level: string; platform_id: string; data: unknown; fetched_at: Date }[];
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((r) => ({ level: r.level, platformId: r.platform_id, data: r.data, fetchedAt: new Date(r.fetched_at).toISOString() })),
    nextCursor: rows.length > q.limit ? encodeCursor(String(page[page.length - 1]!.id)) : null,
  };
}
