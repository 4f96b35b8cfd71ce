import { defineConfig, PostgreSqlDriver, type Options } from '@mikro-orm/postgresql';
import type { Logger } from '../infra/logger';
import { allEntities } from './entities';

export function ormConfig(opts: { databaseUrl: string; poolMax?: number; logger?: Logger }): Options {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: opts.databaseUrl,
    entities: allEntities,
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: opts.poolMax ?? 10 },
    // No Migrator extension or migration list here: they pull in umzug and its CLI toolkit in every
    // process. migrateUp() loads them only where migrations run.
    migrations: {
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      tableName: 'mikro_orm_migrations',
    },
    // Entities are plain EntitySchema objects; no reflection needed.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    debug: false,
    // knex otherwise writes the SQL with its bound values into the error message, which then reaches logs.
    // A bounded wait for a pooled connection: an unreachable database answers 503, never a hang.
    driverOptions: { compileSqlOnError: false, acquireConnectionTimeout: 10_000 },
    logger: (msg) => opts.logger?.debug({ orm: msg }, 'orm'),
  });
}
