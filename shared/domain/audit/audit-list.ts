import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import type { AuthContext } from '../identity/auth-context';
import { AUDIT_COLUMNS, toAuditView } from './audit-record';
import type { AuditOutcome, AuditRecordView } from './audit-types';
import { idCursor } from '../list-cursor';

export interface AuditListQuery {
  platform?: string;
  operation?: string;
  outcome?: AuditOutcome;
  /** Records of any of these accounts (none listed: no record matches); absent, of every account. */
  adAccounts?: { platform: string; adAccountId: string }[];
  /** From this instant on (inclusive). */
  from?: Date;
  /** Before this instant (exclusive). */
  to?: Date;
  cursor?: string;
  limit: number;
}

export interface AuditPage {
  items: AuditRecordView[];
  nextCursor: string | null;
}

/** Which records a caller sees: the tenant's owners, admins and API key all of them; an external user its own. */
export function auditScope(auth: AuthContext): { tenantId: string; userId?: string } {
  switch (auth.kind) {
    case 'tenant-api-key':
      return { tenantId: auth.tenantId };
    case 'tenant-user':
      if (auth.role === 'member') throw new AppError('FORBIDDEN', 'The audit trail needs the owner or admin role');
      return { tenantId: auth.tenantId };
    case 'external-user':
      return { tenantId: auth.tenantId, userId: auth.userId };
    default:
      throw new AppError('FORBIDDEN', 'The audit trail belongs to a tenant caller');
  }
}

const { encode, decode } = idCursor('a');

/**
 * The records the caller may see (`auditScope`), newest first. A cursor of a record outside the
 * caller's scope finds nothing to continue after. Served by `audit_records_tenant_time` (the whole
 * tenant) and `audit_records_principal_time` (one external user).
 */
export async function listAuditRecords(orm: MikroORM, auth: AuthContext, q: AuditListQuery): Promise<AuditPage> {
  const scope = auditScope(auth);
  const where = ['tenant_id = ?'];
  const params: unknown[] = [scope.tenantId];
  const add = (sql: string, ...v: unknown[]) => {
    where.push(sql);
    params.push(...v);
  };
  const mine = scope.userId ? ` and principal_kind = 'external-user' and principal_id = ?` : '';
  if (scope.userId) add(`principal_kind = 'external-user' and principal_id = ?`, scope.userId);
  if (q.platform) add('platform = ?', q.platform);
  if (q.operation) add('operation = ?', q.operation);
  if (q.outcome) add('outcome = ?', q.outcome);
  if (q.adAccounts) {
    if (q.adAccounts.length === 0) where.push('false');
    else add(`(${q.adAccounts.map(() => '(platform = ? and ad_account_id = ?)').join(' or ')})`, ...q.adAccounts.flatMap((a) => [a.platform, a.adAccountId]));
  }
  if (q.from) add('created_at >= ?', q.from);
  if (q.to) add('created_at < ?', q.to);
  const after = decode(q.cursor);
  if (after) {
    add(`(created_at, id) < (select created_at, id from audit_records where id = ? and tenant_id = ?${mine})`, after, scope.tenantId, ...(scope.userId ? [scope.userId] : []));
  }
  const rows = (await orm.em.getConnection().execute(
    `select ${AUDIT_COLUMNS} from audit_records where ${where.join(' and ')} order by created_at desc, id desc limit ?`,
    [...params, q.limit + 1],
  )) as Record<string, unknown>[];
  const page = rows.slice(0, q.limit).map(toAuditView);
  return { items: page, nextCursor: rows.length > q.limit ? encode(page[page.length - 1]!.id) : null };
}
