import { ConfigError, type Config } from '../infra/config';
import { loadServiceConfig } from '../platforms';
import { createLogger, type Logger } from '../infra/logger';
import { createInfra, type Infra } from '../infra/bootstrap';
import { createServices, type Services } from '../domain/services';
import { runMigrations } from './migrate';

export type Role = 'all' | 'api' | 'worker';

export interface Booted {
  role: Role;
  config: Config;
  logger: Logger;
  infra: Infra;
  services: Services;
}

/**
 * What every process does before its role starts: config (exit 1 on a bad one), logger, the
 * database created and migrated outside production, connections, and the services built from them.
 */
export async function boot(roleOverride?: Role): Promise<Booted> {
  let config: Config;
  try {
    // The shared settings and every platform's own, so a bad value of either stops here.
    config = loadServiceConfig();
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
  // Migrations on a short-lived connection of their own (MIGRATE_DATABASE_URL when behind a pooler).
  if (migrate) logger.info({ applied: await runMigrations(config, logger) }, 'migrations checked');
  const infra = await createInfra(config, logger);
  const services = createServices(infra);
  services.start();
  return { role, config, logger, infra, services };
}

/** Graceful stop on SIGTERM/SIGINT: `stop` closes the role's own parts, then services and connections close. */
export function onShutdown(b: Booted, stop: (boundMs: number) => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    b.logger.info({ signal }, 'shutting down');
    await stop(b.config.SHUTDOWN_TIMEOUT_MS);
    await b.services.close();
    await b.infra.close();
    b.logger.info('bye');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

export function exitOnFatal(err: unknown): never {
  process.stderr.write(`fatal: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
}
