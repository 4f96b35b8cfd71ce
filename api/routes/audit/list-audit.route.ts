import { once } from 'node:events';
import type { Request, Response } from 'express';
import { z } from '../../../shared/infra/zod-openapi';
import { PLATFORMS } from '../../../shared/platforms';
import { AppError } from '../../../shared/errors/app-error';
import type { AuthContext } from '../../../shared/domain/identity/auth-context';
import type { AuditTrail } from '../../../shared/domain/audit/audit-trail';
import type { AuditListQuery } from '../../../shared/domain/audit/audit-list';
import type { Logger } from '../../../shared/infra/logger';
import { defineRoute } from '../route';
import { AuditPageDto, ListAuditQuery, fromInstant, toInstant } from './audit.schemas';
import { csvHeader, csvRow } from './audit-csv';

type Query = z.infer<typeof ListAuditQuery>;

/** A CSV export reads the trail in pages of this many records. */
const CSV_PAGE = 100;

export function listQuery(audit: AuditTrail, q: Query): AuditListQuery {
  const from = q.from ? fromInstant(q.from) : undefined;
  const to = q.to ? toInstant(q.to) : undefined;
  if (from && to && from >= to) {
    throw new AppError('VALIDATION_FAILED', '`to` must be after `from`', { details: [{ path: 'query.to', message: 'must be after from' }] });
  }
  return {
    platform: q.platform,
    operation: q.operation,
    outcome: q.outcome,
    adAccounts: q.adAccountId === undefined ? undefined : audit.accountFilter(q.platform ? [q.platform] : PLATFORMS, q.adAccountId),
    from,
    to,
    cursor: q.cursor,
    limit: q.limit,
  };
}

const wantsCsv = (req: Request) => req.accepts(['application/json', 'text/csv']) === 'text/csv';

/**
 * Every record of the query from its cursor on, one page at a time, as CSV. The first page is read
 * before anything is sent, so a refused caller or a bad cursor still gets its error envelope; a
 * failure later can only cut the stream (the client sees an incomplete body).
 */
export async function streamCsv(res: Response, audit: AuditTrail, auth: AuthContext, q: AuditListQuery, log: Logger): Promise<void> {
  let page = await audit.list(auth, { ...q, limit: CSV_PAGE });
  res.status(200).set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit.csv"' });
  const send = async (chunk: string) => {
    if (!res.write(chunk)) await once(res, 'drain');
  };
  try {
    await send(csvHeader());
    for (;;) {
      if (res.destroyed) return;
      if (page.items.length) await send(page.items.map(csvRow).join(''));
      if (!page.nextCursor) break;
      page = await audit.list(auth, { ...q, cursor: page.nextCursor, limit: CSV_PAGE });
    }
    res.end();
  } catch (err) {
    log.warn({ err }, 'audit CSV export cut short');
    res.destroy();
  }
}

export const listAuditRoute = defineRoute({
  method: 'get',
  path: '/api/v1/audit',
  operationId: 'listAuditRecords',
  summary: 'List the audit trail of writes',
  message: 'Audit records fetched',
  description:
    'The audit trail of writes (docs/audit.md), newest first; `nextCursor` is null on the last page. The tenant (its owners and admins, or its `x-api-key` alone) sees every record of the tenant; an external user sees its own writes only; a tenant user with the member role is refused (403). With `Accept: text/csv` the same records come as CSV (a header line, RFC 4180 quoting, nested objects as JSON text), every page from `cursor` on, streamed.',
  tags: ['Audit'],
  auth: 'tenant-or-external',
  query: ListAuditQuery,
  errors: [403],
  response: {
    schema: AuditPageDto,
    alternatives: {
      'text/csv': z.string().openapi({
        description:
          'Columns: id, time, tenantId, principalKind, principalId, externalUserId, surface, requestId, platform, adAccountId, operation, outcome, jobId, objectId, errorCode, finishedAt, detail, params, before, after',
      }),
    },
  },
  handler: async ({ req, res, deps, auth, query, log }) => {
    const audit = deps.services.audit;
    const q = listQuery(audit, query);
    if (wantsCsv(req)) {
      await streamCsv(res, audit, auth, q, log);
      return { handled: true };
    }
    return { data: await audit.list(auth, q) };
  },
});
