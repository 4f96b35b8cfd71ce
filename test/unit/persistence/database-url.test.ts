import { databaseTarget } from '../../../shared/persistence/database-url';
import { migrationDatabaseUrl } from '../../../shared/bootstrap/migrate';
import { loadConfig } from '../../../shared/infra/config';

describe('database URL: named statements and the migration address', () => {
  it('named statements by default, off with pgbouncer=true (removed from the URL), and DB_PREPARED_STATEMENTS decides when set', () => {
    expect(databaseTarget('postgres://u@db:5432/app')).toEqual({ url: 'postgres://u@db:5432/app', namedStatements: true });
    expect(databaseTarget('postgres://u@pool:6432/app?pgbouncer=true&sslmode=require')).toEqual({ url: 'postgres://u@pool:6432/app?sslmode=require', namedStatements: false });
    expect(databaseTarget('postgres://u@pool:6432/app?pgbouncer=false').namedStatements).toBe(true);
    expect(databaseTarget('postgres://u@pool:6432/app?pgbouncer=true', true).namedStatements).toBe(true);
    expect(databaseTarget('postgres://u@db:5432/app', false).namedStatements).toBe(false);
  });

  it('migrations use MIGRATE_DATABASE_URL when set, else DATABASE_URL without our parameter', () => {
    const base = { DATABASE_URL: 'postgres://u@pool:6432/app?pgbouncer=true' };
    expect(migrationDatabaseUrl(loadConfig(base))).toBe('postgres://u@pool:6432/app');
    expect(migrationDatabaseUrl(loadConfig({ ...base, MIGRATE_DATABASE_URL: 'postgres://u@db:5432/app' }))).toBe('postgres://u@db:5432/app');
  });

  it('a bad DB_PREPARED_STATEMENTS or MIGRATE_DATABASE_URL stops start-up', () => {
    expect(() => loadConfig({ DB_PREPARED_STATEMENTS: 'maybe' })).toThrow(/DB_PREPARED_STATEMENTS/);
    expect(() => loadConfig({ MIGRATE_DATABASE_URL: 'not a url' })).toThrow(/MIGRATE_DATABASE_URL/);
  });
});
