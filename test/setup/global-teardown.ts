import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

/** Adds up what every worker checked against the OpenAPI document, and says so once per run. */
function reportAnswerChecks(): void {
  const dir = process.env.TEST_LOG_DIR;
  if (!dir) return;
  const counts = readdirSync(dir)
    .filter((f) => /^openapi-answers\.\d+\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { validated: number; schemasCompiled: number });
  if (counts.length === 0) return;
  const validated = counts.reduce((n, c) => n + c.validated, 0);
  const schemasCompiled = counts.reduce((n, c) => n + c.schemasCompiled, 0);
  const line = `OpenAPI answer check: ${validated} responses validated against the served document (${schemasCompiled} response schemas compiled over ${counts.length} workers)`;
  writeFileSync(path.join(dir, 'openapi-answers.txt'), `${line}\n`);
  console.log(`\n${line}`);
}

export default async function globalTeardown(): Promise<void> {
  reportAnswerChecks();
  const dbName = process.env.TEST_DB_NAME;
  if (!dbName || process.env.KEEP_TEST_DB) return;
  const client = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await client.end();
}
