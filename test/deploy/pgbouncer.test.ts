import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BIG_ACCOUNT_ID } from '../simulators/tiktok';
import { http, startWorld, type World } from '../world';
import { PrivatePgBouncer } from '../helpers/pgbouncer';
import { eventually } from '../helpers/eventually';
import { campaignPart, ALICE_US } from '../api/tiktok/fixtures';
import { trackSecret } from '../helpers/identity';
import { freePort, freshDatabase } from '../helpers/private-services';
import { PROD_SECRETS, startProcess, waitReady } from './support/stack';
import { Client } from 'pg';
import { allMigrations } from '../../shared/persistence/migrations';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const PENDING = new Set(['queued', 'active']);

/**
 * The gateway behind Debian's pgbouncer (1.18) in transaction pooling mode with 3 server
 * connections, its DATABASE_URL carrying `pgbouncer=true`: writes, imports and identity flows
 * must work as they do on PostgreSQL directly. A replica that forces named prepared statements
 * through the same pooler is the control: it must hit the error that setting exists for.
 */
describe('behind pgbouncer in transaction mode', () => {
  let bouncer: PrivatePgBouncer;
  let w: World<'tiktok'>;

  beforeAll(async () => {
    bouncer = await PrivatePgBouncer.start({ poolSize: 3 });
    const db = process.env.TEST_DB_NAME!;
    w = await startWorld({
      platform: 'tiktok',
      workers: true,
      simulators: { tiktok: { size: { bigAccount: 3_500 } } },
      env: { DATABASE_URL: bouncer.url(db, 'pgbouncer=true'), MIGRATE_DATABASE_URL: process.env.TEST_DATABASE_URL!, DB_POOL_MAX: '10' },
    });
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
    await w.connect('tiktok', { adAccountId: BIG_ACCOUNT_ID, simUser: 'bench', via: 'token' });
  }, 120_000);

  afterAll(async () => {
    await w?.close();
    await bouncer?.stop();
  });

  const finished = async (app: { url: string }, pollUrl: string) =>
    eventually(
      async () => (await http(app.url, 'GET', pollUrl, { headers: w.user.headers })).body.data,
      (d) => !!d && !PENDING.has(d.state),
      90_000,
      100,
    );

  const createCampaigns = async (base: string, n: number) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        http(base, 'POST', '/api/v1/tiktok/assets', {
          headers: { ...w.user.headers, prefer: 'respond-async' },
          body: { adAccountId: ALICE_US, campaign: campaignPart(`PgB ${randomBytes(4).toString('hex')} ${i}`) },
        }),
      ),
    );

  it('runs 40 concurrent writes (async and sync): every one completes, each campaign exists once', async () => {
    const accepted = await createCampaigns(w.url, 30);
    const sync = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        w.call('POST', '/api/v1/tiktok/assets', { body: { adAccountId: ALICE_US, campaign: campaignPart(`PgB sync ${randomBytes(4).toString('hex')} ${i}`) } }),
      ),
    );
    expect(accepted.map((r) => r.status)).toEqual(accepted.map(() => 202));
    expect(sync.map((r) => [r.status, r.body.error?.message])).toEqual(sync.map(() => [200, undefined]));
    const jobs = await Promise.all(accepted.map((r) => finished(w.app, r.body.data.pollUrl)));
    expect(jobs.map((j) => [j.state, j.error?.message])).toEqual(jobs.map(() => ['completed', undefined]));

    const names = [...w.sim.raw.state.campaigns.byId.values()].map((c) => c.name).filter((n) => n.startsWith('PgB '));
    expect(names).toHaveLength(40);
    expect(new Set(names).size).toBe(40);
  });

  it('imports an account of several thousand records in pages of 1000: counts equal the platform and paging returns each once', async () => {
    const r = await w.call('GET', `/api/v1/tiktok/import-ad-account?adAccountId=${BIG_ACCOUNT_ID}`, { headers: { prefer: 'respond-async' } });
    expect(r.status).toBe(202);
    const job = await finished(w.app, r.body.data.pollUrl);
    expect(job.state).toBe('completed');
    const ads = [...w.sim.raw.state.ads.byId.values()].filter((a) => a.advertiserId === BIG_ACCOUNT_ID).length;
    expect(ads).toBeGreaterThan(2_000);
    expect(job.result.counts.ad).toBe(ads);
    expect(job.progress.ad).toMatchObject({ records: ads, pages: Math.ceil(ads / 1000), done: true });
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const p = await w.call('GET', `/api/v1/jobs/${job.id}/entities?level=ad&limit=1000${cursor ? `&cursor=${cursor}` : ''}`);
      expect(p.status).toBe(200);
      ids.push(...p.body.data.items.map((e: { platformId: string }) => e.platformId));
      cursor = p.body.data.nextCursor;
    } while (cursor);
    expect(new Set(ids).size).toBe(ads);
  });

  it('signs up, logs in, rotates the API key, issues a user token and refreshes (the refresh token rotates once)', async () => {
    const email = `pgb-${randomBytes(4).toString('hex')}@example.test`;
    const password = `Pw-${randomBytes(9).toString('base64url')}`;
    trackSecret(password);
    const signUp = await http(w.url, 'POST', '/api/v1/tenants', { body: { email, password, name: 'PgB Owner', tenantName: 'PgB Tenant' } });
    expect(signUp.status).toBe(201);
    trackSecret(signUp.body.data.apiKey, signUp.body.data.tokens.accessToken, signUp.body.data.tokens.refreshToken);
    const login = await http(w.url, 'POST', '/api/v1/tenant/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    trackSecret(login.body.data.accessToken, login.body.data.refreshToken);
    const rotated = await http(w.url, 'POST', '/api/v1/tenant/api-key', { headers: bearer(login.body.data.accessToken) });
    expect(rotated.status).toBe(201);
    trackSecret(rotated.body.data.apiKey);
    const user = await http(w.url, 'POST', '/api/v1/auth/token', { headers: { 'x-api-key': rotated.body.data.apiKey }, body: { externalUserId: 'pgb-ext' } });
    expect(user.status).toBe(200);
    trackSecret(user.body.data.accessToken, user.body.data.refreshToken);
    const refreshed = await http(w.url, 'GET', '/api/v1/tenant/auth/refresh', { headers: bearer(login.body.data.refreshToken) });
    expect(refreshed.status).toBe(200);
    trackSecret(refreshed.body.data.accessToken, refreshed.body.data.refreshToken);
    expect((await http(w.url, 'GET', '/api/v1/tenant/auth/refresh', { headers: bearer(login.body.data.refreshToken) })).status).toBe(401);
    expect((await http(w.url, 'GET', '/api/v1/tenant', { headers: { 'x-api-key': rotated.body.data.apiKey } })).status).toBe(200);
  });

  it('control: a replica that forces named prepared statements through the same pooler answers 500 to some writes, logging the prepared-statement error', async () => {
    const forced = await w.replica({ env: { DB_PREPARED_STATEMENTS: 'true' } });
    const statuses: number[] = [];
    // Each submit inserts the job row with a named statement: a client connection that prepared it
    // on one server connection sends it later to another one.
    for (let round = 0; round < 5 && !statuses.some((s) => s >= 500); round++) statuses.push(...(await createCampaigns(forced.url, 20)).map((r) => r.status));
    await forced.close();
    expect(statuses.filter((s) => s >= 500).length).toBeGreaterThan(0);
    expect(readFileSync(forced.logFile, 'utf8')).toMatch(/prepared statement \\?"aag_job_\d+\\?" (does not exist|already exists)/);
  }, 120_000);

  it('a worker process started on the pooler migrates a fresh database through MIGRATE_DATABASE_URL, then serves', async () => {
    const db = await freshDatabase('pgbmig', false);
    const port = await freePort();
    const name = new URL(db.url).pathname.slice(1);
    const worker = startProcess('worker-pgb', 'workers/main.ts', {
      ...PROD_SECRETS,
      ROLE: 'worker',
      HOST: '127.0.0.1',
      WORKER_HTTP_PORT: String(port),
      DATABASE_URL: bouncer.url(name, 'pgbouncer=true'),
      MIGRATE_DATABASE_URL: db.url,
      MIGRATE_ON_START: 'true',
      REDIS_PREFIX: `pgbmig-${randomBytes(3).toString('hex')}`,
      LOG_LEVEL: 'info',
    });
    try {
      await waitReady(worker, `http://127.0.0.1:${port}/readyz`);
      const c = new Client({ connectionString: db.url });
      await c.connect();
      const rows = (await c.query('select name from mikro_orm_migrations order by name')).rows.map((r) => r.name as string);
      await c.end();
      expect(rows).toEqual(allMigrations.map((m) => m.name).sort());
      expect(worker.output()).toMatch(/"msg":"migrations checked"/);
    } finally {
      await worker.stop('SIGKILL');
      await db.drop();
    }
  }, 240_000);
});
