import { AppError } from '../../errors/app-error';
import { dependencyUnavailable } from '../../errors/unavailable';
import { withTimeout } from '../../infra/redis';
import type { InfraDeps } from '../../infra/infra-deps';
import { importAccountJob, platformWriteJob, reportJob } from '../../queues/pipeline-jobs';
import type { JobPayload, QueueName } from '../../queues/definitions';
import type { JobRecord, JobStore, NewJob } from './job-store';
import type { WriteOperationLookup } from './write-operations';
import { ObjectOrder, type OrderedWrite } from './object-order';
import type { TenantDemand } from './tenant-demand';
import { pollPath } from './job-view';

/** A job's failure still names the job (its record keeps the error, the attempts and the request id). */
export function naming(e: unknown, jobId: string): unknown {
  if (e instanceof AppError) Object.assign(e, { job: { id: jobId, pollUrl: pollPath(jobId) } });
  return e;
}

type Queued = Pick<JobRecord, 'id' | 'tenantId' | 'type' | 'operation' | 'platform' | 'account' | 'params'>;

/**
 * How a recorded job reaches its queue: within ENQUEUE_TIMEOUT_MS or 503, a write with its place in
 * the order of the objects it changes and its tenant noted as one with writes waiting.
 */
export class JobQueueing {
  constructor(
    private readonly infra: Pick<InfraDeps, 'queues' | 'config'>,
    private readonly store: JobStore,
    private readonly writeOperations: WriteOperationLookup,
    private readonly order: ObjectOrder,
    private readonly demand: TenantDemand,
  ) {}

  /** The queues' connection is up (at once when it is), else 503 after ENQUEUE_TIMEOUT_MS (whenConnected's own bound). */
  async connected(): Promise<void> {
    try {
      await this.infra.queues.whenConnected(this.infra.config.ENQUEUE_TIMEOUT_MS);
    } catch (e) {
      throw dependencyUnavailable(e) ?? e;
    }
  }

  /** `p` within ENQUEUE_TIMEOUT_MS, or 503 SERVICE_UNAVAILABLE when it fails on Redis or runs out of time. */
  async reachable<T>(p: Promise<T>): Promise<T> {
    try {
      return await withTimeout(p, this.infra.config.ENQUEUE_TIMEOUT_MS, 'Redis (queues)');
    } catch (e) {
      throw dependencyUnavailable(e) ?? e;
    }
  }

  /**
   * Adds the job under its row's id, within ENQUEUE_TIMEOUT_MS. When the add fails or times out, the
   * row is failed and its Idempotency-Key released (`abandonUnqueued`) and the request answers 503:
   * a client told "unavailable" must never see the job run later (a retry without the key would
   * then create twice), and an add that reaches Redis after all finds a failed row the worker will
   * not run. Unless a worker has already started it: then the add did land, and the job goes on.
   */
  async enqueue(j: NewJob, idempotencyKey?: string, notify?: string): Promise<void> {
    try {
      // A fresh write carries its row's run data: its first run need not read the row back.
      const run = j.type === 'write' && j.account ? { account: j.account, params: j.params, ...(j.requestId ? { requestId: j.requestId } : {}) } : undefined;
      await this.reachable(this.accept(j).then((order) => this.add(j, notify, run, order)));
    } catch (e) {
      const unavailable = e instanceof AppError && e.code === 'SERVICE_UNAVAILABLE';
      const stored = { code: unavailable ? ('SERVICE_UNAVAILABLE' as const) : ('INTERNAL' as const), message: 'The job could not be queued; nothing was sent to the platform' };
      const key = idempotencyKey ? { tenantId: j.tenantId, ownerKey: j.ownerKey, key: idempotencyKey } : undefined;
      const abandoned = await this.store.abandonUnqueued(j.id, stored, key);
      if (!abandoned) return;
      if (unavailable) {
        throw naming(new AppError('SERVICE_UNAVAILABLE', e.message, { retryAfter: e.retryAfter, cause: e }), j.id);
      }
      throw e;
    }
  }

  /**
   * A shared job whose queue entry is gone (crash before enqueue, Redis flushed) is queued again.
   * It belongs to an earlier request that was answered, so it is never abandoned here: if Redis
   * cannot be reached, this request answers 503 and the worker's reconciler re-adds the job.
   */
  async ensureQueued(j: JobRecord): Promise<void> {
    await this.reachable(
      (async () => {
        const inQueue = await this.infra.queues.queue(j.queue as QueueName).getJob(j.id);
        if (!inQueue) await this.add(j);
      })(),
    );
  }

  /**
   * What a write's acceptance records before its job is queued: its place in the order of the
   * objects it changes, and its tenant as one with writes waiting. Answers that order, which its
   * queue entry then carries.
   */
  private async accept(j: NewJob): Promise<OrderedWrite | undefined> {
    if (j.type !== 'write') return undefined;
    const order = this.orderOf(j);
    await Promise.all([this.demand.note(j.tenantId), order && this.order.record(j.id, order)]);
    return order;
  }

  /** The objects a write changes, as its operation names them (`targets`), within its account. */
  private orderOf(j: Pick<JobRecord, 'type' | 'operation' | 'account' | 'params'>): OrderedWrite | undefined {
    if (j.type !== 'write' || !j.account) return undefined;
    try {
      return ObjectOrder.of(j.account, this.writeOperations(j.operation)?.targets?.(j.params ?? {}));
    } catch {
      // Params the operation cannot read (an older row): the write is not ordered.
      return undefined;
    }
  }

  /** `notify`: the channel of the process waiting for the outcome (see JobWaiter); `run`: see platformWriteJob. */
  private add(j: Queued, notify?: string, run?: JobPayload<typeof platformWriteJob>['run'], order = this.orderOf(j)) {
    const n = notify ? { notify } : {};
    if (j.type === 'write') {
      return this.infra.queues.enqueue(platformWriteJob, { jobId: j.id, tenantId: j.tenantId, operation: j.operation, ...n, ...(run ? { run } : {}), ...(order ? { order } : {}) }, { jobId: j.id });
    }
    if (j.type === 'report') return this.infra.queues.enqueue(reportJob, { jobId: j.id, tenantId: j.tenantId, ...n }, { jobId: j.id });
    return this.infra.queues.enqueue(importAccountJob, { jobId: j.id, tenantId: j.tenantId, platform: j.platform, ...n }, { jobId: j.id });
  }
}
