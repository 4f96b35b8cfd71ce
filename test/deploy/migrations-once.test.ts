import { spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { allMigrations } from '../../shared/persistence/migrations';
import { freshDatabase } from '../helpers/private-services';

const ROOT = path.resolve(__dirname, '../..');

/** `npm run migrate` as its own process (what the compose `migrate` service and every replica run). */
function migrator(databaseUrl: string): Promise<{ code: number | null; applied: string[]; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/migrate.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (b: Buffer) => (output += b.toString()));
    proc.stderr.on('data', (b: Buffer) => (output += b.toString()));
    proc.on('exit', (code) => {
      const applied = output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .flatMap((l) => (JSON.parse(l) as { applied?: string[] }).applied ?? []);
      resolve({ code, applied, output });
    });
  });
}

describe('migrations run once however many migrators start together', () => {
  it('3 concurrent migrators on a fresh database: all succeed and each migration is applied exactly once', async () => {
    const db = await freshDatabase('migrate3', false);
    try {
      const runs = await Promise.all([migrator(db.url), migrator(db.url), migrator(db.url)]);
      for (const r of runs) expect({ code: r.code, output: r.code === 0 ? '' : r.output }).toEqual({ code: 0, output: '' });
      const names = allMigrations.map((m) => m.name);
      // Between them the three applied every migration once: one did the work, the others found none pending.
      expect(runs.flatMap((r) => r.applied).sort()).toEqual([...names].sort());
      const c = new Client({ connectionString: db.url });
      await c.connect();
      const rows = (await c.query('select name, count(*)::int as n from mikro_orm_migrations group by name order by name')).rows;
      await c.end();
      expect(rows).toEqual([...names].sort().map((name) => ({ name, n: 1 })));
    } finally {
      await db.drop();
    }
  }, 120_000);
});
