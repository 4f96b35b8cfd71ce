import { Client } from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../infra/logger';
import { ormConfig } from './mikro-orm.config';

export async function initOrm(databaseUrl: string, logger?: Logger, poolMax?: number): Promise<MikroORM> {
  return MikroORM.init(ormConfig({ databaseUrl, logger, poolMax }));
}

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
