import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const dbName = process.env.TEST_DB_NAME;
  if (!dbName || process.env.KEEP_TEST_DB) return;
  const client = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await client.end();
}
