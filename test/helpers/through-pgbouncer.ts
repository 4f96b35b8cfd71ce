import { PrivatePgBouncer } from './pgbouncer';

/**
 * Runs the suite required after this call through a private pgbouncer in transaction pooling mode
 * (a pool of 3 server connections): every gateway and worker the suite starts gets a DATABASE_URL
 * through it with `pgbouncer=true`, and migrations go to PostgreSQL directly, as a deployment
 * behind the pooler runs them (advisory locks need a session). Call `stop()` in an afterAll
 * registered after the suite's, so the pooler outlives the suite's own teardown; it fails when no
 * client logged in through the pooler (the suite would then have run on PostgreSQL directly).
 */
export function throughPgBouncer(): { stop: () => Promise<void> } {
  let bouncer: PrivatePgBouncer | undefined;
  beforeAll(async () => {
    bouncer = await PrivatePgBouncer.start({ poolSize: 3 });
    process.env.MIGRATE_DATABASE_URL = process.env.DATABASE_URL;
    process.env.DATABASE_URL = bouncer.url(process.env.TEST_DB_NAME!, 'pgbouncer=true');
  }, 30_000);
  return {
    stop: async () => {
      const log = bouncer?.output() ?? '';
      await bouncer?.stop();
      expect(log).toMatch(/login attempt: db=/);
    },
  };
}
