import { loadConfig, ConfigError } from '../shared/infra/config';
import { createLogger } from '../shared/infra/logger';
import { createInfra } from '../shared/infra/bootstrap';
import { createServices } from '../shared/domain/services';
import type { WorkerPool } from '../workers/worker-pool';
import type { RunningServer } from './server';
import { ensureDatabase } from '../shared/persistence/ensure-database';
import { migrateUp } from '../shared/persistence/orm';

/**
 * Process entry. ROLE=all (default) runs the api and the workers in one process; ROLE=api or
 * ROLE=worker runs one role so operators can scale them apart.
 */
export async function main(roleOverride?: 'all' | 'api' | 'worker'): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  const role = roleOverride ?? config.ROLE;
  const logger = createLogger({ level: config.LOG_LEVEL, name: `ads-gateway-${role}` });
  const migrate = config.MIGRATE_ON_START ?? config.NODE_ENV !== 'production';
  if (migrate && config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
  const infra = await createInfra(config, logger);
  if (migrate) logger.info({ applied: await migrateUp(infra.orm) }, 'migrations checked');
  const services = createServices(infra);

  let server: RunningServer | undefined;
  let workers: WorkerPool | undefined;
  let ops: { close(): Promise<void> } | undefined;
  // Each role loads only its own modules: a worker never loads express, the routes, the OpenAPI
  // builder or Bull Board (about 40 MB of a worker's resident memory).
  if (role === 'all' || role === 'worker') {
    const { startWorkers } = await import('../workers/worker-pool');
    const pool = startWorkers(services, { reconcileEveryMs: config.JOB_RECONCILE_EVERY_MS });
    workers = pool;
    if (role === 'worker') {
      const { startOpsServer } = await import('../workers/ops-server');
      const opsServer = await startOpsServer(infra, () => pool.consuming(), config.WORKER_HTTP_PORT, config.HOST);
      ops = opsServer;
      logger.info({ port: opsServer.port }, 'worker health and metrics listening');
    }
  }
  if (role === 'all' || role === 'api') {
    const [{ startServer }, { mountAdmin }] = await Promise.all([import('./server'), import('./admin/bull-board')]);
    server = await startServer({ ...infra, services }, { mount: (app) => mountAdmin(app, { ...infra, services }) });
    logger.info({ url: server.url, role }, 'api listening');
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const bound = config.SHUTDOWN_TIMEOUT_MS;
    await Promise.all([server?.close(bound), workers?.close(bound)]);
    await ops?.close();
    await services.close();
    await infra.close();
    logger.info('bye');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`fatal: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
