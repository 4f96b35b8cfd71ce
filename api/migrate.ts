import { loadConfig } from '../shared/infra/config';
import { createLogger } from '../shared/infra/logger';
import { initOrm, migrateUp } from '../shared/persistence/orm';
import { ensureDatabase } from '../shared/persistence/ensure-database';

/** `npm run migrate`: applies pending migrations and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'migrate' });
  if (config.NODE_ENV !== 'production' && (await ensureDatabase(config.DATABASE_URL))) logger.info('database created');
  const orm = await initOrm(config.DATABASE_URL, logger, 2);
  try {
    const applied = await migrateUp(orm);
    logger.info({ applied }, applied.length ? 'migrations applied' : 'database is up to date');
  } finally {
    await orm.close(true);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
