import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import type { InfraDeps } from '../../infra/infra-deps';
import type { AuthContext } from '../identity/auth-context';
import { importAccountJob, platformWriteJob } from '../../queues/pipeline-jobs';
import type { QueueName } from '../../queues/definitions';
import { JobStore, type JobRecord, type NewJob } from './job-store';
import { JobWaiter } from './job-waiter';
import { jobOwner } from './job-owner';
import { fromStoredError } from './job-errors';
import { checkIdempotencyKey, claimIdempotencyKey, requestHash } from './idempotency';
import { findWriteOperation } from './write-operations';
import { findImportSource } from './import-sources';
import type { JobAccount, PlatformAccess } from './platform-access';
import { decodeCursor, encodeCursor, pollPath, toJobView, type EntityPageQuery, type JobView } from './job-view';

export interface SubmitCaller {
  auth: AuthContext;
  /** Read for `Prefer: respond-async` and `Idempotency-Key` when not given explicitly. */
  req?: { headers: IncomingHttpHeaders; ctx?: { requestId?: string }; res?: { setHeader(name: string, value: string): unknown } };
}

export interface SubmitRequest {
  type: 'write' | 'import';
  platform: string;
  /** The account the guard approved (GuardedAccount). */
  adAccount: JobAccount;
  /** Write operation name (writes only). */
  operation?: string;
  params?: Record<string, unknown>;
  idempotencyKey?: string;
  preferAsync?: boolean;
  /** Envelope message of the synchronous 200. */
  message?: string;
}

/** Same shape as the route layer's RouteResult (shared/ never imports api/). */
export interface SubmitResult {
  data: unknown;
  status: number;
  message: string;
  headers?: Record<string, string>;
}

const header = (h: IncomingHttpHeaders | undefined, name: string) => {
  const v = h?.[name];
  return Array.isArray(v) ? v[0] : v;
};

function snapshot(a: JobAccount): JobAccount {
  const s: JobAccount = { id: a.id, tenantId: a.tenantId, platform: a.platform, platformAccountId: a.platformAccountId, connectionId: a.connectionId };
  if (a.ownerId) s.ownerId = a.ownerId;
  if (a.loginCustomerId) s.loginCustomerId = a.loginCustomerId;
  return s;
}

/**
 * Writes and imports as jobs (API.md §11): records the job in Postgres, enqueues it, and either
 * waits for the outcome through the process's shared QueueEvents subscription or answers 202.
 */
export class JobsService {
  readonly store: JobStore;
  readonly waiter: JobWaiter;

  constructor(
    private readonly infra: InfraDeps,
    public platformAccess: PlatformAccess,
  ) {
    this.store = new JobStore(infra.orm);
    this.waiter = new JobWaiter(infra.queues, infra.logger.child({ component: 'job-waiter' }));
  }

  async submit(caller: SubmitCaller, r: SubmitRequest): Promise<SubmitResult> {
    const { tenantId, ownerKey } = jobOwner(caller.auth);
    const headers = caller.req?.headers;
    const preferAsync = r.preferAsync ?? /(^|[\s,;])respond-async([\s,;]|$)/i.test(header(headers, 'prefer') ?? '');
    const key = r.idempotencyKey ?? header(headers, 'idempotency-key');
    const isWrite = r.type === 'write';
    const operation = isWrite ? (r.operation ?? '') : 'import-account';
    if (isWrite) {
      const op = findWriteOperation(operation);
      if (!op || op.platform !== r.platform) throw new AppError('INTERNAL', `Unknown write operation ${r.platform}/${operation}`);
    } else if (!findImportSource(r.platform)) {
      throw new AppError('INTERNAL', `No import source for ${r.platform}`);
    }
    const account = snapshot(r.adAccount);
    if (account.tenantId !== tenantId) throw new AppError('AD_ACCOUNT_NOT_FOUND', 'Ad account not found');
    const params = r.params ?? {};
    const queue: QueueName = isWrite ? 'platform-writes' : 'imports';
    const row: NewJob = {
      id: randomUUID(), tenantId, ownerKey, type: r.type, operation, platform: r.platform, queue, account, params,
      requestHash: requestHash({ type: r.type, platform: r.platform, operation, account: account.platformAccountId, params }),
      dedupKey: isWrite ? undefined : `import:${tenantId}:${ownerKey}:${r.platform}:${account.id}`,
      requestId: caller.req?.ctx?.requestId,
    };
    const timeoutMs = this.infra.config.WRITE_SYNC_TIMEOUT_MS;
    const willWait = !preferAsync && timeoutMs > 0;
    if (willWait) await this.waiter.ready(queue);

    const idempotencyKey = key && isWrite ? checkIdempotencyKey(key) : undefined;
    const { jobId, fresh } = await this.createOrJoin(row, idempotencyKey);
    // Stripe-style: whatever follows (result, 202 or the stored error) is the earlier request's outcome.
    if (idempotencyKey && !fresh) caller.req?.res?.setHeader('Idempotent-Replayed', 'true');
    const wait = willWait ? this.waiter.wait(jobId, timeoutMs) : undefined;
    try {
      if (fresh) await this.enqueue(row);
      else {
        const existing = await this.store.findById(jobId);
        if (!existing) throw new AppError('INTERNAL', 'Job record vanished');
        if (existing.state === 'completed' || existing.state === 'failed') return this.finished(existing, r.message);
        await this.ensureQueued(existing);
      }
    } catch (e) {
      wait?.cancel();
      throw e;
    }
    const outcome = wait ? await wait.outcome : undefined;
    if (outcome?.state === 'completed') return { data: outcome.result ?? null, status: 200, message: r.message ?? 'Job completed' };
    if (outcome?.state === 'failed') throw outcome.error;
    // Timed out (or async): the stored state is the truth, an event may have raced the timer.
    const now = await this.store.findById(jobId);
    if (wait && now && (now.state === 'completed' || now.state === 'failed')) return this.finished(now, r.message);
    return this.accepted(jobId, now?.state ?? 'queued');
  }

  private finished(j: JobRecord, message?: string): SubmitResult {
    if (j.state === 'failed') throw fromStoredError(j.error ?? { code: 'PLATFORM_UNAVAILABLE', message: 'The job failed' });
    return { data: j.result ?? null, status: 200, message: message ?? 'Job completed' };
  }

  private accepted(jobId: string, state: string): SubmitResult {
    const pollUrl = pollPath(jobId);
    return { data: { jobId, status: state, pollUrl }, status: 202, message: 'Job accepted', headers: { Location: pollUrl } };
  }

  /** Inserts the job, or finds the job this request must share (same Idempotency-Key, or an import already running). */
  private async createOrJoin(row: NewJob, key: string | undefined): Promise<{ jobId: string; fresh: boolean }> {
    if (key) {
      return this.infra.orm.em.fork().transactional(async (em) => {
        const execute = (sql: string, p: unknown[]) => (em as EntityManager).getConnection().execute(sql, p, 'all', em.getTransactionContext());
        const claim = await claimIdempotencyKey(execute, { tenantId: row.tenantId, ownerKey: row.ownerKey, key, hash: row.requestHash!, jobId: row.id });
        if (claim.fresh) await this.store.insert(row, execute);
        return claim;
      });
    }
    for (let i = 0; i < 3; i++) {
      if (await this.store.insert(row)) return { jobId: row.id, fresh: true };
      const open = await this.store.findOpenByDedup(row.dedupKey!);
      if (open) return { jobId: open.id, fresh: false };
    }
    throw new AppError('INTERNAL', 'Could not start or join the import');
  }

  private async enqueue(j: Pick<JobRecord, 'id' | 'tenantId' | 'type' | 'operation' | 'platform'>): Promise<void> {
    try {
      if (j.type === 'write') {
        await this.infra.queues.enqueue(platformWriteJob, { jobId: j.id, tenantId: j.tenantId, operation: j.operation }, { jobId: j.id });
      } else {
        await this.infra.queues.enqueue(importAccountJob, { jobId: j.id, tenantId: j.tenantId, platform: j.platform }, { jobId: j.id });
      }
    } catch (e) {
      await this.store.markFailed(j.id, { code: 'INTERNAL', message: 'The job could not be queued' }).catch(() => undefined);
      throw e;
    }
  }

  /** A shared job whose queue entry is gone (crash before enqueue, Redis flushed) is queued again. */
  private async ensureQueued(j: JobRecord): Promise<void> {
    const inQueue = await this.infra.queues.queue(j.queue as QueueName).getJob(j.id);
    if (!inQueue) await this.enqueue(j);
  }

  async get(auth: AuthContext, jobId: string): Promise<JobView> {
    return toJobView(await this.owned(auth, jobId));
  }

  private async owned(auth: AuthContext, jobId: string): Promise<JobRecord> {
    const { tenantId, ownerKey } = jobOwner(auth);
    const j = /^[0-9a-f-]{36}$/i.test(jobId) ? await this.store.findForOwner(tenantId, ownerKey, jobId) : undefined;
    if (!j) throw new AppError('JOB_NOT_FOUND', 'Job not found');
    return j;
  }

  /** Pages what an import stored for its account, in insertion order, each record once. */
  async entities(auth: AuthContext, jobId: string, q: EntityPageQuery) {
    const j = await this.owned(auth, jobId);
    if (j.type !== 'import' || !j.adAccountId) throw new AppError('NOT_FOUND', 'Only import jobs have imported entities');
    const after = decodeCursor(q.cursor);
    if (after === 'invalid') {
      throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { details: [{ path: 'query.cursor', message: 'not a cursor from this endpoint' }] });
    }
    const rows = (await this.infra.orm.em.getConnection().execute(
      `select id, level, platform_id, data, fetched_at from imported_entities
       where tenant_id = ? and platform = ? and ad_account_id = ? ${q.level ? 'and level = ?' : ''} and id > ?
       order by id limit ?`,
      [j.tenantId, j.platform, j.adAccountId, ...(q.level ? [q.level] : []), after ?? '0', q.limit + 1],
    )) as { id: string; level: string; platform_id: string; data: unknown; fetched_at: Date }[];
    const page = rows.slice(0, q.limit);
    return {
      items: page.map((r) => ({ level: r.level, platformId: r.platform_id, data: r.data, fetchedAt: new Date(r.fetched_at).toISOString() })),
      nextCursor: rows.length > q.limit ? encodeCursor(String(page[page.length - 1]!.id)) : null,
    };
  }
}
