import { defineConfig, PostgreSqlDriver, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from '../infra/logger';
import { allEntities } from './entities';
import { allMigrations } from './migrations';

export function ormConfig(opts: { databaseUrl: string; poolMax?: number; logger?: Logger }): Options {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: opts.databaseUrl,
    entities: allEntities,
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: opts.poolMax ?? 10 },
    extensions: [Migrator],
    migrations: {
      migrationsList: allMigrations,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      tableName: 'mikro_orm_migrations',
    },
    // Entities are plain EntitySchema objects; no reflection needed.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    debug: false,
    logger: (msg) => opts.logger?.debug({ orm: msg }, 'orm'),
  });
}
