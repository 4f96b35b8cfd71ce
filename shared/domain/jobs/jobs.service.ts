import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import type { InfraDeps } from '../../infra/infra-deps';
import type { AuthContext } from '../identity/auth-context';
import type { QueueName } from '../../queues/definitions';
import { JobStore, type JobRecord, type NewJob, type RateLimitWait } from './job-store';
import { JobWaiter, type JobOutcome } from './job-waiter';
import { jobOwner } from './job-owner';
import { storedFailure } from './job-errors';
import { checkIdempotencyKey, claimIdempotencyKey, jobRequestHash, rebindIdempotencyKey } from './idempotency';
import type { WriteOperationLookup } from './write-operations';
import { importSourceOf } from '../../platforms';
import type { JobAccountSnapshot as JobAccount, JobType } from '../../persistence/entities/job.entity';
import type { EventSubscriptions } from '../webhooks/subscriptions';
import { pollPath, toJobView, type EntityPageQuery, type JobView } from './job-view';
import { listStoredEntities } from './job-entities';
import { ObjectOrder } from './object-order';
import { JobQueueing, naming } from './job-queueing';
import { TenantDemand } from './tenant-demand';
import { CreateLookupSettings } from './create-lookup-setting';
import type { TenantSettings } from './tenant-settings';
import type { JobAudit } from '../audit/audit-types';
import { acceptedRecord } from '../audit/audit-trail';

export interface SubmitCaller {
  auth: AuthContext;
  /** Read for `Prefer: respond-async` and `Idempotency-Key` when not given explicitly. */
  req?: { headers: IncomingHttpHeaders; ctx?: { requestId?: string }; res?: { setHeader(name: string, value: string): unknown } };
}

export interface SubmitRequest {
  type: JobType;
  platform: string;
  /** The account the guard approved (GuardedAccount); a report names its guarded accounts in `params`. */
  adAccount?: JobAccount;
  /** Write operation name (writes only). */
  operation?: string;
  params?: Record<string, unknown>;
  idempotencyKey?: string;
  preferAsync?: boolean;
  /** Envelope message of the synchronous 200. */
  message?: string;
  /** What a write's audit record notes besides the job (absent on a write: the REST surface, no field values). */
  audit?: JobAudit;
}

/** Same shape as the route layer's RouteResult (shared/ never imports api/). */
export interface SubmitResult {
  data: unknown;
  status: number;
  message: string;
  headers?: Record<string, string>;
  /** The job this answer started or joined: every job-starting answer names it, a synchronous 200 included. */
  job: { id: string; pollUrl: string };
}

/** How often a request waiting on a job another request started re-reads the job's row. */
const JOINED_POLL_MS = 250;

const jobRef = (id: string) => ({ id, pollUrl: pollPath(id) });

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
 * Writes and imports as jobs (docs/api-conventions.md §11): records the job in Postgres, enqueues it, and either
 * waits for the outcome (the worker tells this process alone, on its own channel) or answers 202.
 */
export class JobsService {
  readonly store: JobStore;
  readonly waiter: JobWaiter;
  /** The order writes to one platform object were accepted in (recorded here, kept by the worker's gate). */
  readonly order: ObjectOrder;
  /** Which tenants have writes waiting (noted here, read by the worker's tenant-share gate). */
  readonly demand: TenantDemand;
  /** What write jobs' creates need of the database besides their checkpoints (claims, the tenant's lookup style). */
  readonly creates: CreateLookupSettings;
  private readonly queueing: JobQueueing;

  constructor(
    private readonly infra: InfraDeps,
    /** The write operation a job row names (the worker's write handler resolves with the same lookup). */
    readonly writeOperations: WriteOperationLookup,
    subscriptions: EventSubscriptions | undefined,
    /** The tenants' write settings (their create lookup style among them), kept in process. */
    settings: Pick<TenantSettings<unknown>, 'createLookup'>,
  ) {
    this.store = new JobStore(infra.orm, subscriptions);
    this.creates = new CreateLookupSettings(infra.orm, settings);
    this.order = new ObjectOrder(infra.redis, infra.config.REDIS_PREFIX);
    this.demand = new TenantDemand(infra.redis, infra.config.REDIS_PREFIX);
    this.waiter = new JobWaiter(infra.redis, infra.queues.prefix, infra.logger.child({ component: 'job-waiter' }));
    this.queueing = new JobQueueing(infra, this.store, writeOperations, this.order, this.demand);
  }

  async submit(caller: SubmitCaller, r: SubmitRequest): Promise<SubmitResult> {
    const { tenantId, ownerKey } = jobOwner(caller.auth);
    const headers = caller.req?.headers;
    const preferAsync = r.preferAsync ?? /(^|[\s,;])respond-async([\s,;]|$)/i.test(header(headers, 'prefer') ?? '');
    const key = r.idempotencyKey ?? header(headers, 'idempotency-key');
    const isWrite = r.type === 'write';
    const isReport = r.type === 'report';
    const operation = isWrite ? (r.operation ?? '') : isReport ? 'report' : 'import-account';
    if (isWrite) {
      const op = this.writeOperations(operation);
      if (!op || op.platform !== r.platform) throw new AppError('INTERNAL', `Unknown write operation ${r.platform}/${operation}`);
    } else if (!isReport && !importSourceOf(r.platform)) {
      throw new AppError('INTERNAL', `No import source for ${r.platform}`);
    }
    const account = r.adAccount ? snapshot(r.adAccount) : undefined;
    if (!account && !isReport) throw new AppError('INTERNAL', `A ${r.type} job names its ad account`);
    if (account && account.tenantId !== tenantId) throw new AppError('AD_ACCOUNT_NOT_FOUND', 'Ad account not found');
    const params = r.params ?? {};
    const queue: QueueName = isWrite ? 'platform-writes' : 'imports';
    const idempotencyKey = key ? checkIdempotencyKey(key) : undefined;
    const row: NewJob = {
      id: randomUUID(), tenantId, ownerKey, type: r.type, operation, platform: r.platform, queue, account, params,
      // What a replay under the same Idempotency-Key is compared by; without a key nothing compares it.
      requestHash: idempotencyKey ? jobRequestHash({ type: r.type, platform: r.platform, operation, account: account?.platformAccountId, params }) : undefined,
      dedupKey: isWrite || !account ? undefined : `import:${tenantId}:${ownerKey}:${r.platform}:${account.id}`,
      requestId: caller.req?.ctx?.requestId,
    };
    // Recorded with the row itself, so a replay or a joined job records nothing again.
    if (isWrite && account) row.audit = acceptedRecord(caller.auth, { ...row, account }, r.audit);
    const timeoutMs = this.infra.config.WRITE_SYNC_TIMEOUT_MS;
    const willWait = !preferAsync && timeoutMs > 0;
    // Redis down: 503 before anything is written, rather than a request hanging on the queue
    // (whenConnected gives up after ENQUEUE_TIMEOUT_MS itself; the waiter's channel is bounded here).
    await this.queueing.connected();
    if (willWait && !this.waiter.isReady) await this.queueing.reachable(this.waiter.ready());

    const { jobId, fresh, replayed } = await this.createOrJoin(row, idempotencyKey);
    // Stripe-style: whatever follows (result, 202 or the stored error) is the earlier request's outcome.
    if (replayed) caller.req?.res?.setHeader('Idempotent-Replayed', 'true');
    // A job this request starts tells this process when it ends; one it joins was started elsewhere,
    // so its stored state is polled. A missed message is covered by the check too.
    const wait = willWait ? this.waiter.wait(jobId, timeoutMs, { check: () => this.storedOutcome(jobId), pollMs: fresh ? undefined : JOINED_POLL_MS }) : undefined;
    try {
      if (fresh) await this.queueing.enqueue(row, idempotencyKey, willWait ? this.waiter.channel : undefined);
      else {
        const existing = await this.store.findById(jobId);
        if (!existing) throw new AppError('INTERNAL', 'Job record vanished');
        if (existing.state === 'completed' || existing.state === 'failed') {
          wait?.cancel();
          return this.finished(existing, r.message);
        }
        await this.queueing.ensureQueued(existing);
      }
    } catch (e) {
      wait?.cancel();
      throw e;
    }
    const outcome = wait ? await wait.outcome : undefined;
    if (outcome?.state === 'completed') return { data: outcome.result ?? null, status: 200, message: r.message ?? 'Job completed', job: jobRef(jobId) };
    if (outcome?.state === 'failed') throw naming(outcome.error, jobId);
    // Timed out (or async): the stored state is the truth, an event may have raced the timer.
    const now = await this.store.findById(jobId);
    if (wait && now && (now.state === 'completed' || now.state === 'failed')) return this.finished(now, r.message);
    return this.accepted(jobId, now?.state ?? 'queued');
  }

  private async storedOutcome(jobId: string): Promise<JobOutcome | undefined> {
    const j = await this.store.findById(jobId);
    if (j?.state === 'completed') return { state: 'completed', result: j.result ?? null };
    if (j?.state === 'failed') return { state: 'failed', error: storedFailure(j) };
    return undefined;
  }

  private finished(j: JobRecord, message?: string): SubmitResult {
    if (j.state === 'failed') throw naming(storedFailure(j), j.id);
    return { data: j.result ?? null, status: 200, message: message ?? 'Job completed', job: jobRef(j.id) };
  }

  private accepted(jobId: string, state: string): SubmitResult {
    const pollUrl = pollPath(jobId);
    // `status` is the older name of `state`, kept so clients that read it keep working.
    return { data: { jobId, state, status: state, pollUrl }, status: 202, message: 'Job accepted', headers: { Location: pollUrl }, job: jobRef(jobId) };
  }

  /**
   * Inserts the job, or finds the job this request must share (same Idempotency-Key, or an import
   * already running); `replayed`: the job is the one an earlier request under the same key got.
   */
  private async createOrJoin(row: NewJob, key: string | undefined): Promise<{ jobId: string; fresh: boolean; replayed: boolean }> {
    if (key) {
      return this.infra.orm.em.fork().transactional(async (em) => {
        const execute = (sql: string, p: unknown[]) => (em as EntityManager).getConnection().execute(sql, p, 'all', em.getTransactionContext());
        const claim = await claimIdempotencyKey(execute, { tenantId: row.tenantId, ownerKey: row.ownerKey, key, hash: row.requestHash!, jobId: row.id });
        if (!claim.fresh) return { jobId: claim.jobId, fresh: false, replayed: true };
        const joined = await this.insertOrJoin(row, (j) => this.store.insert(j, execute), (dedupKey) => this.store.findOpenByDedup(dedupKey));
        // An import that joined a running one: the key stands for that job, so a replay answers it.
        if (!joined.fresh) await rebindIdempotencyKey(execute, { tenantId: row.tenantId, ownerKey: row.ownerKey, key, jobId: joined.jobId });
        return { ...joined, replayed: false };
      });
    }
    return { ...(await this.insertOrJoin(row, (j) => this.store.insert(j), (dedupKey) => this.store.findOpenByDedup(dedupKey))), replayed: false };
  }

  /** Inserts the job; an import whose account is already being imported joins that job instead. */
  private async insertOrJoin(
    row: NewJob,
    insert: (j: NewJob) => Promise<boolean>,
    findOpen: (dedupKey: string) => Promise<{ id: string } | undefined>,
  ): Promise<{ jobId: string; fresh: boolean }> {
    for (let i = 0; i < 3; i++) {
      if (await insert(row)) return { jobId: row.id, fresh: true };
      const open = await findOpen(row.dedupKey!);
      if (open) return { jobId: open.id, fresh: false };
    }
    throw new AppError('INTERNAL', 'Could not start or join the import');
  }

  async close(): Promise<void> {
    await this.waiter.close();
  }

  async get(auth: AuthContext, jobId: string): Promise<JobView> {
    return toJobView(await this.owned(auth, jobId));
  }

  /** A job of the caller's tenant, whoever created it: a tenant user's view (the console). */
  async getInTenant(auth: AuthContext, jobId: string): Promise<JobView & { rateLimitWaits: RateLimitWait[] }> {
    if (auth.kind !== 'tenant-user') throw new AppError('FORBIDDEN', "Only the tenant's users see every job of the tenant");
    const j = /^[0-9a-f-]{36}$/i.test(jobId) ? await this.store.findInTenant(auth.tenantId, jobId) : undefined;
    if (!j) throw new AppError('JOB_NOT_FOUND', 'Job not found');
    return { ...toJobView(j), rateLimitWaits: j.rateLimitWaits };
  }

  private async owned(auth: AuthContext, jobId: string): Promise<JobRecord> {
    const { tenantId, ownerKey } = jobOwner(auth);
    const j = /^[0-9a-f-]{36}$/i.test(jobId) ? await this.store.findForOwner(tenantId, ownerKey, jobId) : undefined;
    if (!j) throw new AppError('JOB_NOT_FOUND', 'Job not found');
    return j;
  }

  /** What an import or export job stored (see listStoredEntities), for the job's owner only. */
  async entities(auth: AuthContext, jobId: string, q: EntityPageQuery) {
    return listStoredEntities(this.infra.orm.em.getConnection(), await this.owned(auth, jobId), q, this.writeOperations);
  }
}
