import { boot, exitOnFatal, onShutdown, type Role } from '../shared/bootstrap/process';
import type { RunningServer } from './server';

/**
 * Process entry. ROLE=all (default) runs the api and the workers in one process; ROLE=api or
 * ROLE=worker runs one role so operators can scale them apart (workers/main.ts is the worker's own entry).
 */
export async function main(roleOverride?: Role): Promise<void> {
  const b = await boot(roleOverride);
  const { role, infra, services, logger } = b;
  let server: RunningServer | undefined;
  let workers: { close(boundMs: number): Promise<void> } | undefined;
  // Each role loads only its own modules: a worker never loads express, the routes, the OpenAPI
  // builder or Bull Board (about 40 MB of a worker's resident memory).
  if (role === 'all' || role === 'worker') {
    const { startWorkerRole } = await import('../workers/start');
    workers = await startWorkerRole(b, { opsPort: role === 'worker' });
  }
  if (role === 'all' || role === 'api') {
    const [{ startServer }, { mountAdmin }] = await Promise.all([import('./server'), import('./admin/bull-board')]);
    server = await startServer({ ...infra, services }, { mount: (app) => mountAdmin(app, { ...infra, services }) });
    logger.info({ url: server.url, role }, 'api listening');
  }
  onShutdown(b, async (bound) => {
    await Promise.all([server?.close(bound), workers?.close(bound)]);
  });
}

if (require.main === module) main().catch(exitOnFatal);
