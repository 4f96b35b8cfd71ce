import { Worker } from 'bullmq';
import { createBullRedis, redisTarget } from '../shared/infra/redis';
import { QUEUE_NAMES, type QueueName } from '../shared/queues/definitions';
import type { Services } from '../shared/domain/services';
import type { JobHandler } from './job-handler';
import { jobHandlers } from './registry';
import { runJob, type RunnerDeps } from './run-job';
import type { AdmissionGate } from './admission';
import { tenantShareGate } from './gates/tenant-share.gate';
import { objectOrderGate } from './gates/object-order.gate';
import { othersWaiting } from './gates/waiting-work';
import { jobsHousekeepingJob } from '../shared/queues/pipeline-jobs';
import { decodeJobError, toStoredError } from '../shared/domain/jobs/job-errors';
import { startReconciler, type Reconciler } from './job-reconciler';

export interface WorkerPool {
  workers: Worker[];
  /** Every queue's worker is running, not paused, and its Redis connection is up. */
  consuming(): boolean;
  /** Stops taking jobs, waits for active ones up to `timeoutMs`, then force-closes. */
  close(timeoutMs: number): Promise<void>;
}

function concurrencyFor(queue: QueueName, config: Services['infra']['config']): number {
  if (queue === 'platform-writes') return config.WRITE_WORKER_CONCURRENCY;
  if (queue === 'imports') return config.IMPORT_WORKER_CONCURRENCY;
  return config.WORKER_CONCURRENCY;
}

/**
 * The gates a run of the queue passes before it claims its job (admission.ts): writes are held to a
 * tenant's share of the process while others wait, and run in the order they were accepted per object.
 */
function admissionGates(services: Services, queue: QueueName): AdmissionGate[] {
  if (queue !== 'platform-writes') return [];
  const { config, logger, queues } = services.infra;
  const { demand, order, store } = services.jobs;
  return [
    tenantShareGate({
      share: config.TENANT_MAX_ACTIVE_WRITES,
      othersWaiting: othersWaiting(queues.queue(queue), demand),
      onBounce: (tenantId) => void demand.note(tenantId).catch(() => undefined),
      logger,
    }),
    objectOrderGate({ order, openOf: (ids) => store.openOf(ids), logger }),
  ];
}

export function startWorkers(
  services: Services,
  opts: {
    concurrency?: number;
    handlers?: JobHandler[];
    queues?: QueueName[];
    /**
     * Run the job reconciler (job-reconciler.ts) at start and every this many ms (0 = at start and
     * on Redis reconnects only). Off unless given: it scans every job row of the database, so only
     * a deployment's real workers run it, not apps sharing a test database under other prefixes.
     */
    reconcileEveryMs?: number;
  } = {},
): WorkerPool {
  const { config, logger } = services.infra;
  const handlers = opts.handlers ?? jobHandlers(services);
  const runner: RunnerDeps & { metrics?: typeof services.infra.metrics } = {
    store: services.jobs.store,
    orm: services.infra.orm,
    redis: services.infra.redis,
    logger,
    leaseMs: config.JOB_LOCK_MS,
    metrics: services.infra.metrics,
  };
  const byQueue = new Map<QueueName, Map<string, JobHandler>>();
  for (const h of handlers) {
    const m = byQueue.get(h.job.queue) ?? new Map<string, JobHandler>();
    m.set(h.job.name, h);
    byQueue.set(h.job.queue, m);
  }
  const connection = createBullRedis(redisTarget(config));
  const workers: Worker[] = [];
  for (const queue of opts.queues ?? QUEUE_NAMES) {
    const handlersForQueue = byQueue.get(queue);
    if (!handlersForQueue) continue;
    const gates = admissionGates(services, queue);
    const worker = new Worker(
      queue,
      async (job, token) => {
        const h = handlersForQueue.get(job.name);
        if (!h) throw new Error(`no handler for ${queue}/${job.name}`);
        return runJob(h, job, token, runner, gates);
      },
      {
        connection,
        prefix: services.infra.queues.prefixFor(queue),
        concurrency: opts.concurrency ?? concurrencyFor(queue, config),
        // The lock is renewed every half period while the job runs; a dead worker's job is taken
        // over once it lapses and the stalled check (every stalledInterval) sees it.
        lockDuration: config.JOB_LOCK_MS,
        stalledInterval: config.JOB_STALLED_INTERVAL_MS,
      },
    );
    worker.on('error', (err) => logger.error({ err, queue }, 'worker error'));
    // Failures decided outside the processor (a job stalled too often) still reach the job row.
    worker.on('failed', (job, err) => {
      const h = job ? handlersForQueue.get(job.name) : undefined;
      const id = job?.id;
      if (!job || !id || !h?.tracked) return;
      void job
        .isFailed()
        .then((failed) => (failed ? services.jobs.store.markFailed(id, toStoredError(decodeJobError(err?.message))) : undefined))
        .catch((e: unknown) => logger.warn({ err: e, jobId: job.id }, 'could not record job failure'));
    });
    workers.push(worker);
  }
  logger.info({ queues: workers.map((w) => w.name) }, 'workers started');
  if (handlers.some((h) => h.job.name === jobsHousekeepingJob.name)) {
    services.infra.queues
      .queue('maintenance')
      .upsertJobScheduler('jobs-housekeeping', { every: 3600_000 }, { name: jobsHousekeepingJob.name, data: {} })
      .catch((err: unknown) => logger.warn({ err }, 'could not schedule jobs housekeeping'));
  }

  const reconciler: Reconciler | undefined =
    opts.reconcileEveryMs === undefined ? undefined : startReconciler(services, connection, opts.reconcileEveryMs);

  return {
    workers,
    consuming: () => connection.status === 'ready' && workers.every((w) => w.isRunning() && !w.isPaused()),
    async close(timeoutMs: number) {
      await reconciler?.stop();
      const graceful = Promise.all(workers.map((w) => w.close()));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        graceful.then(() => false),
        new Promise<boolean>((r) => {
          timer = setTimeout(() => r(true), timeoutMs);
        }),
      ]);
      if (timer) clearTimeout(timer);
      if (timedOut) {
        logger.warn({ timeoutMs }, 'active jobs did not finish in time; forcing workers closed');
        await Promise.all(workers.map((w) => w.close(true)));
      }
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
