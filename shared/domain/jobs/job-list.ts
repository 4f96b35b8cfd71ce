import type { MikroORM } from '@mikro-orm/postgresql';
import type { AuthContext } from '../identity/auth-context';
import { jobOwner } from './job-owner';
import { toJobView, type JobView } from './job-view';
import { toRecord } from './job-row';
import { idCursor } from '../list-cursor';
import { AppError } from '../../errors/app-error';

export interface JobListQuery {
  state?: JobView['state'];
  type?: JobView['type'];
  platform?: string;
  /** Jobs of any of these accounts (none listed: no job matches); absent, jobs of every account. */
  adAccounts?: JobAccountFilter[];
  createdAfter?: Date;
  operation?: string;
  /** Every job of the tenant, whoever created it: for a tenant user (the console), never another caller. */
  wholeTenant?: boolean;
  cursor?: string;
  limit: number;
}

/** One account, its id in the stored form a job shows (`adAccountId`). */
export interface JobAccountFilter {
  platform: string;
  platformAccountId: string;
}

export interface JobListPage {
  items: JobView[];
  nextCursor: string | null;
}

const { encode, decode } = idCursor('j');

// What a job view shows, and no more (a job's params can be large: an image's bytes).
const COLUMNS = `id, type, operation, platform, platform_account_id, state, progress, attempts, result, error, request_id,
  created_at, started_at, finished_at`;

/**
 * The caller's jobs, newest first. Scoped exactly as GET /api/v1/jobs/{id}: the tenant and the
 * principal that created them, so another tenant's or user's job never appears (and a cursor of
 * another caller's job finds nothing to continue after). Served by `jobs_owner_created`.
 */
export async function listJobs(orm: MikroORM, auth: AuthContext, q: JobListQuery): Promise<JobListPage> {
  const { tenantId, ownerKey } = jobOwner(auth);
  if (q.wholeTenant && auth.kind !== 'tenant-user') throw new AppError('FORBIDDEN', "Only the tenant's users see every job of the tenant");
  const after = decode(q.cursor);
  // The owner column is the key's second column: the tenant-wide list is served by `jobs_tenant_created` instead.
  const owner = q.wholeTenant ? '' : ' and owner_key = ?';
  const ownerParams = q.wholeTenant ? [] : [ownerKey];
  const where = [`tenant_id = ?${owner}`];
  const params: unknown[] = [tenantId, ...ownerParams];
  const add = (sql: string, v: unknown) => {
    where.push(sql);
    params.push(v);
  };
  if (q.state) add('state = ?', q.state);
  if (q.type) add('type = ?', q.type);
  if (q.platform) add('platform = ?', q.platform);
  if (q.operation) add('operation = ?', q.operation);
  if (q.adAccounts) {
    if (q.adAccounts.length === 0) where.push('false');
    else {
      where.push(`(${q.adAccounts.map(() => '(platform = ? and platform_account_id = ?)').join(' or ')})`);
      params.push(...q.adAccounts.flatMap((a) => [a.platform, a.platformAccountId]));
    }
  }
  // Jobs show createdAt to the millisecond while Postgres keeps microseconds: "after" a shown
  // createdAt means from the next millisecond on, so the job it was copied from is not listed.
  if (q.createdAfter) add('created_at >= ?', new Date(q.createdAfter.getTime() + 1));
  if (after) {
    where.push(`(created_at, id) < (select created_at, id from jobs where id = ? and tenant_id = ?${owner})`);
    params.push(after, tenantId, ...ownerParams);
  }
  const rows = (await orm.em.getConnection().execute(
    `select ${COLUMNS} from jobs where ${where.join(' and ')} order by created_at desc, id desc limit ?`,
    [...params, q.limit + 1],
  )) as Record<string, unknown>[];
  const page = rows.slice(0, q.limit).map(toRecord);
  return { items: page.map(toJobView), nextCursor: rows.length > q.limit ? encode(page[page.length - 1]!.id) : null };
}
