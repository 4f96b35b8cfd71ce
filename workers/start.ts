import type { Booted } from '../shared/bootstrap/process';
import { scheduleRepeatableJobs } from './schedules';

/**
 * The worker role inside a booted process: consumers, repeatable jobs and, for a worker-only
 * process, its health and metrics port. Loaded lazily, so an api-only process never loads BullMQ workers.
 */
export async function startWorkerRole(b: Booted, opts: { opsPort: boolean }): Promise<{ close(boundMs: number): Promise<void> }> {
  const { startWorkers } = await import('./worker-pool');
  const pool = startWorkers(b.services, { reconcileEveryMs: b.config.JOB_RECONCILE_EVERY_MS });
  scheduleRepeatableJobs(b.infra);
  let ops: { close(): Promise<void> } | undefined;
  if (opts.opsPort) {
    const { startOpsServer } = await import('./ops-server');
    const opsServer = await startOpsServer(b.infra, () => pool.consuming(), b.config.WORKER_HTTP_PORT, b.config.HOST);
    ops = opsServer;
    b.logger.info({ port: opsServer.port }, 'worker health and metrics listening');
  }
  return {
    async close(boundMs) {
      await pool.close(boundMs);
      await ops?.close();
    },
  };
}
