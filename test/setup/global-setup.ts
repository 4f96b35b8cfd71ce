import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { initOrm, migrateUp } from '../../shared/persistence/orm';

/**
 * One fresh PostgreSQL database per jest run, migrated with the real migrations.
 * Every worker inherits its URL; each test file uses its own Redis prefix.
 */
export default async function globalSetup(): Promise<void> {
  const admin = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `aag_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${dbName}"`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  process.env.TEST_DATABASE_URL = url.toString();
  process.env.TEST_DB_NAME = dbName;
  const orm = await initOrm(url.toString());
  try {
    await migrateUp(orm);
  } finally {
    await orm.close(true);
  }
  const logDir = path.resolve(__dirname, '..', '.logs', dbName);
  mkdirSync(logDir, { recursive: true });
  process.env.TEST_LOG_DIR = logDir;
}
