/**
 * The database URL as the gateway reads it. One parameter of ours may ride on it: `pgbouncer=true`
 * says the URL points at a pooler in transaction mode (PgBouncer before 1.21, or any later one
 * without `max_prepared_statements`), where a connection's named prepared statements do not follow
 * it from one transaction to the next. The parameter is removed before the URL reaches the driver.
 */
export interface DatabaseTarget {
  /** The URL handed to the driver. */
  url: string;
  /** Whether statements the job path runs on every write go as named prepared statements. */
  namedStatements: boolean;
}

/**
 * `preparedStatements` is DB_PREPARED_STATEMENTS: when set it decides; unset, named statements are
 * used unless the URL carries `pgbouncer=true`.
 */
export function databaseTarget(databaseUrl: string, preparedStatements?: boolean): DatabaseTarget {
  const u = new URL(databaseUrl);
  const flag = u.searchParams.get('pgbouncer');
  if (flag === null) return { url: databaseUrl, namedStatements: preparedStatements ?? true };
  u.searchParams.delete('pgbouncer');
  return { url: u.toString(), namedStatements: preparedStatements ?? flag !== 'true' };
}
