import type { Config } from '../infra/config';
import type { Logger } from '../infra/logger';
import { ensureDatabase } from '../persistence/ensure-database';
import { initOrm, migrateUp } from '../persistence/orm';

/** Applies pending migrations (creating the database first outside production); the names applied. */
export async function runMigrations(config: Config, logger: Logger): Promise<string[]> {
  if (config.NODE_ENV !== 'production' && (await ensureDatabase(config.DATABASE_URL))) logger.info('database created');
  const orm = await initOrm(config.DATABASE_URL, logger, 2);
  try {
    return await migrateUp(orm);
  } finally {
    await orm.close(true);
  }
}
