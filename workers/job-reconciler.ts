import type { Services } from '../shared/domain/services';
import type { JobRecord } from '../shared/domain/jobs/job-store';
import { importAccountJob, platformWriteJob, reportJob } from '../shared/queues/pipeline-jobs';
import { QUEUE_NAMES, type QueueName } from '../shared/queues/definitions';
import { withTimeout, type RedisClient } from '../shared/infra/redis';
import type { QueueBus } from '../shared/queues/queue-bus';

/** Any fixed 64-bit number: the advisory lock every worker's reconciler takes. */
const RECONCILE_LOCK = 7_346_001_244_000_001n;
const PAGE = 500;
/** A pass never holds the lock longer than this, whatever Redis does meanwhile. */
const PASS_TIMEOUT_MS = 60_000;

export interface ReconcileReport {
  /** False when another worker held the lock: it is doing this pass. */
  ran: boolean;
  checked: number;
  requeued: number;
}

/**
 * Puts back on the queue every unfinished job (Postgres row `queued` or `active`) that BullMQ does
 * not know, e.g. after Redis restarted without persistence. Jobs are added under their row id, so a
 * job still (or again) in the queue is left alone and a repeated pass cannot double it; a re-run
 * of a job that had started resumes from its checkpoints instead of writing twice.
 *
 * One worker at a time (a PostgreSQL advisory lock, which survives the Redis loss it repairs).
 * `redis` is the queues' Redis. A row whose request is enqueuing it right now is safe to add too:
 * whichever add comes second finds the job id taken and does nothing.
 */
export async function reconcileJobs(services: Services, redis: RedisClient, opts: { minAgeMs?: number } = {}): Promise<ReconcileReport> {
  const { orm, queues, logger } = services.infra;
  const knex = orm.em.getConnection().getKnex();
  return knex.transaction(async (trx) => {
    const lock = await trx.raw('select pg_try_advisory_xact_lock(?) as got', [RECONCILE_LOCK.toString()]);
    if (!(lock.rows as { got: boolean }[])[0]?.got) return { ran: false, checked: 0, requeued: 0 };
    const report: ReconcileReport = { ran: true, checked: 0, requeued: 0 };
    await withTimeout(
      (async () => {
        let after: JobRecord | undefined;
        for (;;) {
          const rows = await services.jobs.store.listOpen(opts.minAgeMs ?? 0, PAGE, after);
          if (!rows.length) break;
          report.checked += rows.length;
          const missing = await notInQueue(redis, queues, rows);
          for (const j of missing) {
            await requeue(services, j);
            report.requeued++;
            logger.warn({ jobId: j.id, tenantId: j.tenantId, requestId: j.requestId, state: j.state, queue: j.queue }, 'job was missing from the queue; re-enqueued');
          }
          if (rows.length < PAGE) break;
          after = rows[rows.length - 1];
        }
      })(),
      PASS_TIMEOUT_MS,
      'job reconcile pass',
    );
    return report;
  });
}

/**
 * The rows whose BullMQ job hash is gone: one pipelined EXISTS per row, one pipeline per queue (on a
 * Redis Cluster a pipeline's keys must be on one node, and each queue's keys share a slot).
 */
async function notInQueue(redis: RedisClient, queues: QueueBus, rows: JobRecord[]): Promise<JobRecord[]> {
  const byQueue = new Map<string, JobRecord[]>();
  for (const j of rows) byQueue.set(j.queue, [...(byQueue.get(j.queue) ?? []), j]);
  const missing = new Set<JobRecord>();
  for (const [queue, ofQueue] of byQueue) {
    const prefix = QUEUE_NAMES.includes(queue as QueueName) ? queues.prefixFor(queue as QueueName) : queues.prefix;
    const pipe = redis.pipeline();
    for (const j of ofQueue) pipe.exists(`${prefix}:${j.queue}:${j.id}`);
    const res = (await pipe.exec()) ?? [];
    ofQueue.forEach((j, i) => {
      const [err, n] = res[i] ?? [new Error('no reply'), 0];
      if (err) throw err;
      if (n === 0) missing.add(j);
    });
  }
  return rows.filter((j) => missing.has(j));
}

function requeue(services: Services, j: JobRecord) {
  const queue = j.queue as QueueName;
  if (!QUEUE_NAMES.includes(queue)) throw new Error(`job ${j.id} names unknown queue ${j.queue}`);
  if (j.type === 'write') return services.infra.queues.enqueue(platformWriteJob, { jobId: j.id, tenantId: j.tenantId, operation: j.operation }, { jobId: j.id });
  if (j.type === 'report') return services.infra.queues.enqueue(reportJob, { jobId: j.id, tenantId: j.tenantId }, { jobId: j.id });
  return services.infra.queues.enqueue(importAccountJob, { jobId: j.id, tenantId: j.tenantId, platform: j.platform }, { jobId: j.id });
}

export interface Reconciler {
  /** Resolves after the current pass, if any. */
  stop(): Promise<void>;
}

/**
 * Runs a pass now, every `everyMs` (0 = only now), and as soon as the queue connection is ready
 * again after losing Redis, so a restart is repaired in seconds rather than at the next tick.
 */
export function startReconciler(services: Services, queueConnection: RedisClient, everyMs: number): Reconciler {
  const log = services.infra.logger.child({ component: 'job-reconciler' });
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const pass = (why: string) => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    log.debug({ why }, 'job reconcile pass starting');
    running = reconcileJobs(services, queueConnection)
      .then((r) => {
        if (r.requeued) log.warn({ ...r, why }, 'reconciled jobs with the queue');
        else log.debug({ ...r, why }, 'reconciled jobs with the queue');
      })
      .catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err), why }, 'job reconcile pass failed; will retry'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          pass('queued');
        }
      });
  };
  let lost = false;
  const onClose = () => (lost = true);
  const onReady = () => {
    if (!lost) return;
    lost = false;
    pass('redis reconnected');
  };
  queueConnection.on('close', onClose);
  queueConnection.on('ready', onReady);
  const timer = everyMs > 0 ? setInterval(() => pass('interval'), everyMs) : undefined;
  timer?.unref();
  pass('start');
  return {
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      queueConnection.off('close', onClose);
      queueConnection.off('ready', onReady);
      await running;
    },
  };
}
