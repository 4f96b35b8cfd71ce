import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { QueueEvents } from 'bullmq';
import { leakedSecrets, SIM_APPS, trackSecret } from '../helpers/identity';
import { authorize } from '../helpers/connections';
import { http, startWorld, type ConnectedAccount, type TestApp, type World } from '../world';
import { reencryptSecretsJob } from '../../shared/queues/jobs';
import { Vault } from '../../shared/infra/crypto';
import { duplicateWith, type RedisClient } from '../../shared/infra/redis';
import type { ReencryptReport } from '../../workers/jobs/reencrypt-secrets.job';
import { queriesDuring } from '../helpers/sql-spy';

// Key ids unique to this file: other files share the database and use their own rings (`dev1`, `k1`, …),
// whose rows this ring cannot decrypt, so "rewritten" counts only this file's rows.
const tag = randomBytes(3).toString('hex');
const kid1 = `re${tag}a`;
const kid2 = `re${tag}b`;
const k1 = `${kid1}:${randomBytes(32).toString('base64')}`;
const k2 = `${kid2}:${randomBytes(32).toString('base64')}`;

let w: World;
let app: TestApp;
const logFiles: string[] = [];
let apiKey: string;
let tenantId: string;
let userToken: string;
let googleConnectionId: string;
let tiktok: ConnectedAccount;
/** Plain values as read under the first ring (k1 only). */
let before: { apps: Record<string, unknown>; tokens: Record<string, { access: string; refresh?: string }> };

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const sql = async (q: string, params: unknown[] = []): Promise<any[]> => app.infra.orm.em.getConnection().execute(q, params as any[]);
const kidOf = (stored: string | null) => stored?.split('.')[1];

async function storedSecrets() {
  const apps = await sql('select platform, secrets from tenant_apps where tenant_id = ? order by platform', [tenantId]);
  const conns = await sql('select id, access_token_enc, refresh_token_enc from connections where tenant_id = ?', [tenantId]);
  return { apps, conns };
}

async function plainValues(a: TestApp) {
  const em = () => a.infra.orm.em.fork() as never;
  const apps: Record<string, unknown> = {};
  for (const p of ['facebook', 'google', 'tiktok']) apps[p] = await a.services.tenantApps.getDecrypted(em(), tenantId, p);
  const tokens: Record<string, { access: string; refresh?: string }> = {};
  for (const c of (await storedSecrets()).conns) {
    tokens[c.id] = { access: a.services.vault.decrypt(c.access_token_enc), ...(c.refresh_token_enc ? { refresh: a.services.vault.decrypt(c.refresh_token_enc) } : {}) };
  }
  return { apps, tokens };
}


let events: QueueEvents | undefined;
// BullMQ leaves a connection it was handed open on close(); the file closes its own.
let eventsConnection: RedisClient | undefined;

async function runJob(payload: { batchSize?: number } = {}): Promise<ReencryptReport> {
  if (!events) {
    eventsConnection = duplicateWith(app.infra.redis, { maxRetriesPerRequest: null });
    events = new QueueEvents('maintenance', { connection: eventsConnection, prefix: app.infra.queues.prefixFor('maintenance') });
    await events.waitUntilReady();
  }
  const job = await app.infra.queues.enqueue(reencryptSecretsJob, payload);
  return (await job.waitUntilFinished(events, 20_000)) as ReencryptReport;
}

/** Reads through the API that need the tenant's app secrets and the connections' tokens. */
async function readThroughApi() {
  const t = await http(app.url, 'GET', `/api/v1/tiktok/assets?adAccountId=${tiktok.adAccountId}&level=campaign`, { headers: bearer(userToken) });
  expect(t.status).toBe(200);
  expect(t.body.data.list.length).toBeGreaterThan(0);
  const g = await http(app.url, 'GET', `/api/v1/google/list-accessible-accounts?connectionId=${googleConnectionId}`, { headers: bearer(userToken) });
  expect(g.status).toBe(200);
  expect(g.body.data.accounts.length).toBeGreaterThan(0);
  const f = await http(app.url, 'GET', '/api/v1/tenant/apps/facebook', { headers: { 'x-api-key': apiKey } });
  expect(f.body.data.appSecret).toEqual({ configured: true, last4: SIM_APPS.facebook.appSecret.slice(-4) });
}

beforeAll(async () => {
  w = await startWorld({ platforms: ['google', 'tiktok'], env: { ENCRYPTION_KEYS: k1 }, apps: { google: { developerToken: 'sim-developer-token-0001' } }, externalUserId: 'rotating-user' });
  const first = w.app;
  logFiles.push(first.logFile);
  try {
    ({ apiKey, tenantId } = w.tenant);
    userToken = w.user.token;
    tiktok = await w.connect('tiktok', { adAccountId: '7000000000000000011' });
    // A Google OAuth grant stores both an access and a refresh token.
    const url = await http(first.url, 'POST', '/api/v1/connections/google/auth-url', { headers: bearer(userToken), body: {} });
    const cb = await http(first.url, 'GET', (await authorize(url.body.data.url)).replace(first.url, ''));
    expect(cb.status).toBe(200);
    googleConnectionId = cb.body.data.connectionId;
    app = first;
    before = await plainValues(first);
  } finally {
    await first.close();
  }
  // The restart with a new key in front of the ring: the same deployment (database, Redis prefix, simulators).
  app = await w.replica({ env: { ENCRYPTION_KEYS: `${k2},${k1}` }, workers: true });
  logFiles.push(app.logFile);
}, 30_000);

afterAll(async () => {
  await events?.close();
  eventsConnection?.disconnect();
  await w?.close();
});

describe('reencrypt-secrets maintenance job', () => {
  it('rewrites every app secret and connection token under the newest key, values unchanged; a second run rewrites nothing', async () => {
    const old = await storedSecrets();
    expect(old.apps).toHaveLength(Object.keys(SIM_APPS).length);
    expect(old.conns).toHaveLength(2);
    expect(old.conns.some((c) => c.refresh_token_enc)).toBe(true);
    for (const a of old.apps) for (const v of Object.values(a.secrets)) expect(kidOf(v as string)).toBe(kid1);
    for (const c of old.conns) expect(kidOf(c.access_token_enc)).toBe(kid1);

    // Values under the old key still read; this also warms the token cache the job must then drop.
    await readThroughApi();
    const readToken = () => app.services.platformAuth.tokenSource(tiktok.connectionId).then((s) => s.get());
    await readToken();
    expect(await queriesDuring(app, readToken)).toEqual([]);

    // One row per batch: the keyset walk has to cross several batches in each table.
    const report = await runJob({ batchSize: 1 });
    expect(report).toMatchObject({ keyId: kid2, tenantApps: { rewritten: Object.keys(SIM_APPS).length, conflicts: 0 }, connections: { rewritten: 2, conflicts: 0 } });

    const now = await storedSecrets();
    for (const a of now.apps) for (const v of Object.values(a.secrets)) expect(kidOf(v as string)).toBe(kid2);
    for (const c of now.conns) {
      expect(kidOf(c.access_token_enc)).toBe(kid2);
      if (c.refresh_token_enc) expect(kidOf(c.refresh_token_enc)).toBe(kid2);
    }
    expect(await plainValues(app)).toEqual(before);
    // Under the new key alone (the old one retired), everything still decrypts.
    const newOnly = new Vault(k2);
    for (const c of now.conns) expect(newOnly.decrypt(c.access_token_enc)).toBe(before.tokens[c.id]!.access);

    // The rewritten row's cached token was dropped: the next read loads the row again.
    let token = '';
    expect((await queriesDuring(app, async () => (token = await readToken()))).some((q) => /from "?connections"?/.test(q))).toBe(true);
    expect(token).toBe(before.tokens[tiktok.connectionId]!.access);
    await readThroughApi();

    const again = await runJob();
    expect(again.tenantApps.rewritten).toBe(0);
    expect(again.connections.rewritten).toBe(0);
    expect(await storedSecrets()).toEqual(now);
  });

  it('when a token is refreshed while the job holds the old ciphertext, the refreshed token is kept (the job counts a conflict)', async () => {
    const id = tiktok.connectionId;
    const old = new Vault(k1).encrypt('token-before-refresh-0001');
    const refreshed = app.services.vault.encrypt('token-after-refresh-0002');
    trackSecret('token-before-refresh-0001', 'token-after-refresh-0002');
    await sql('update connections set access_token_enc = ? where id = ?', [old, id]);

    // A concurrent refresh holds the row while the job reads the old value and tries to rewrite it.
    const refresher = new Client({ connectionString: app.config.DATABASE_URL });
    await refresher.connect();
    try {
      await refresher.query('begin');
      await refresher.query('update connections set access_token_enc = $1 where id = $2', [refreshed, id]);
      const result = runJob();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const waiting = await sql(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and query like 'update connections set access_token_enc = %refresh_token_enc%'`,
        );
        if (waiting[0].n > 0) break;
        if (Date.now() > deadline) throw new Error('the job never reached the row');
        await new Promise((r) => setTimeout(r, 20));
      }
      await refresher.query('commit');
      const report = await result;
      expect(report.connections).toMatchObject({ rewritten: 0, conflicts: 1 });
    } finally {
      await refresher.end();
    }
    const [row] = await sql('select access_token_enc from connections where id = ?', [id]);
    expect(row.access_token_enc).toBe(refreshed);
    expect(app.services.vault.decrypt(row.access_token_enc)).toBe('token-after-refresh-0002');
  });

  it('leaves no secret in the captured logs', async () => {
    trackSecret(...Object.values(before.tokens).flatMap((t) => [t.access, t.refresh]));
    expect(leakedSecrets(logFiles)).toEqual([]);
  });
});
