import { PrivatePgBouncer } from './pgbouncer';
import { freshDatabase } from './private-services';

/**
 * Runs the suite required after this call through a private pgbouncer in transaction pooling mode
 * (a pool of 3 server connections), on a migrated database of its own (the same suite also runs
 * directly in this jest run, and its fixed names must not meet their first run's rows): every
 * gateway and worker the suite starts gets a DATABASE_URL through the pooler with `pgbouncer=true`,
 * and migrations go to PostgreSQL directly, as a deployment behind the pooler runs them (advisory
 * locks need a session). Call `stop()` in an afterAll registered after the suite's, so the pooler
 * outlives the suite's own teardown; it fails when no client logged in through the pooler (the
 * suite would then have run on PostgreSQL directly).
 */
export function throughPgBouncer(): { stop: () => Promise<void> } {
  let bouncer: PrivatePgBouncer | undefined;
  let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    db = await freshDatabase('pgbouncer');
    bouncer = await PrivatePgBouncer.start({ poolSize: 3 });
    process.env.MIGRATE_DATABASE_URL = db.url;
    process.env.DATABASE_URL = bouncer.url(new URL(db.url).pathname.slice(1), 'pgbouncer=true');
  }, 60_000);
  return {
    stop: async () => {
      const log = bouncer?.output() ?? '';
      await bouncer?.stop();
      await db?.drop();
      expect(log).toMatch(/login attempt: db=/);
    },
  };
}
