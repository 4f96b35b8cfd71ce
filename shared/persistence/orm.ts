import { Client } from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../infra/logger';
import { ormConfig } from './mikro-orm.config';
import { databaseTarget } from './database-url';

/** ORMs whose job-path statements go unnamed (behind a transaction-mode pooler). */
const unnamed = new WeakSet<MikroORM>();

/**
 * `preparedStatements` is DB_PREPARED_STATEMENTS (unset: named statements unless the URL carries
 * `pgbouncer=true`, see database-url.ts).
 */
export async function initOrm(databaseUrl: string, logger?: Logger, poolMax?: number, preparedStatements?: boolean): Promise<MikroORM> {
  const target = databaseTarget(databaseUrl, preparedStatements);
  const orm = await MikroORM.init(ormConfig({ databaseUrl: target.url, logger, poolMax }));
  if (!target.namedStatements) unnamed.add(orm);
  return orm;
}

/** Whether statements run on this ORM's pool may be named prepared statements. */
export const namedStatementsOn = (orm: MikroORM): boolean => !unnamed.has(orm);

/** Any fixed 64-bit number: the session advisory lock every migrator takes. */
const MIGRATION_LOCK = '7346001244000002';

/**
 * Applies every pending migration; returns the names applied. Holds a PostgreSQL advisory lock
 * (on a connection of its own) while it reads and applies, so replicas or `migrate` services
 * started together run one after another: the first applies, the others find nothing pending.
 * The lock goes with the session, so a migrator that dies releases it.
 */
export async function migrateUp(orm: MikroORM): Promise<string[]> {
  const [{ Migrator }, { allMigrations }] = await Promise.all([import('@mikro-orm/migrations'), import('./migrations')]);
  orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList: allMigrations });
  // A session lock: on a transaction-mode pooler it would stay on whichever server connection ran
  // it, so migrations connect to PostgreSQL directly (MIGRATE_DATABASE_URL, migrationDatabaseUrl).
  const lock = new Client({ connectionString: orm.config.get('clientUrl') });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await new Migrator(orm.em).up();
    return applied.map((m) => m.name);
  } finally {
    await lock.end().catch(() => undefined);
  }
}
