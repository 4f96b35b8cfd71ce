import type { Job } from 'bullmq';
import type { Metrics } from '../shared/infra/metrics';
import { withLogContext, type LogContext } from '../shared/infra/log-context';
import type { JobHandler } from './job-handler';
import { outcomeOf, type AdmissionGate, type RunOutcome } from './admission';
import { JobRun, type RunnerDeps } from './job-run';

export { MAX_RATE_LIMIT_DELAYS, type RunnerDeps } from './job-run';

/**
 * Runs one job (a `JobRun`) under its log context (job and tenant ids; the request id once the row
 * is known) and records how long it took and how it ended. For tracked handlers the run mirrors the
 * outcome into the job's PostgreSQL row before BullMQ records it, so whoever is told "completed" can
 * already read the result.
 */
export async function runJob(
  handler: JobHandler,
  job: Job,
  token: string | undefined,
  deps: RunnerDeps & { metrics?: Metrics },
  gates: readonly AdmissionGate[] = [],
): Promise<unknown> {
  const data = (job.data ?? {}) as { tenantId?: unknown; operation?: unknown };
  const ctx: LogContext = { jobId: job.id, tenantId: typeof data.tenantId === 'string' ? data.tenantId : undefined };
  const operation = typeof data.operation === 'string' ? data.operation : job.name;
  const startedAt = performance.now();
  let outcome: RunOutcome = 'failed';
  try {
    const result = await withLogContext(ctx, () => new JobRun(handler, job, token, deps, gates, ctx).run());
    outcome = 'completed';
    return result;
  } catch (err) {
    outcome = outcomeOf(err, job);
    throw err;
  } finally {
    deps.metrics?.jobDuration.observe({ queue: job.queueName, operation, outcome }, (performance.now() - startedAt) / 1000);
  }
}
