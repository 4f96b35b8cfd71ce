import type { Config } from '../infra/config';
import type { Logger } from '../infra/logger';
import { databaseTarget } from '../persistence/database-url';
import { ensureDatabase } from '../persistence/ensure-database';
import { initOrm, migrateUp } from '../persistence/orm';

/**
 * Where migrations run: MIGRATE_DATABASE_URL, else DATABASE_URL. They hold a session advisory lock,
 * which a transaction-mode pooler would leave on a pooled server connection, so behind PgBouncer
 * this is PostgreSQL's own address.
 */
export const migrationDatabaseUrl = (config: Config): string => databaseTarget(config.MIGRATE_DATABASE_URL ?? config.DATABASE_URL).url;

/** Applies pending migrations (creating the database first outside production); the names applied. */
export async function runMigrations(config: Config, logger: Logger): Promise<string[]> {
  const url = migrationDatabaseUrl(config);
  if (config.NODE_ENV !== 'production' && (await ensureDatabase(url))) logger.info('database created');
  const orm = await initOrm(url, logger, 2);
  try {
    return await migrateUp(orm);
  } finally {
    await orm.close(true);
  }
}
