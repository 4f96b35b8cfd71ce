import { loadConfig } from '../shared/infra/config';
import { createLogger } from '../shared/infra/logger';
import { runMigrations } from '../shared/bootstrap/migrate';

/** `npm run migrate`: applies pending migrations and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'migrate' });
  const applied = await runMigrations(config, logger);
  logger.info({ applied }, applied.length ? 'migrations applied' : 'database is up to date');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
