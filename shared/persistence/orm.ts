import { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../infra/logger';
import { ormConfig } from './mikro-orm.config';

export async function initOrm(databaseUrl: string, logger?: Logger, poolMax?: number): Promise<MikroORM> {
  return MikroORM.init(ormConfig({ databaseUrl, logger, poolMax }));
}

/** Applies every pending migration; returns the names applied. */
export async function migrateUp(orm: MikroORM): Promise<string[]> {
  const [{ Migrator }, { allMigrations }] = await Promise.all([import('@mikro-orm/migrations'), import('./migrations')]);
  orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList: allMigrations });
  const applied = await new Migrator(orm.em).up();
  return applied.map((m) => m.name);
}
