import { configureApps, externalUserToken, leakedSecrets, trackSecret } from '../../helpers/identity';
import { http, startWorld, type TestApp, type World } from '../../world';
import { testJobRoutes, testWriteOps } from '../../workers/support/jobs-fixture';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { emitEvent } from '../../../shared/domain/webhooks/events';
import { RETRY_DELAYS_MS } from '../../../shared/domain/webhooks/delivery.service';
import { key, tenantWithEndpoint, verify, type Hooked } from './support';

const ACCOUNT = '7000000000000000011';

/** Every event type, produced by the real code paths and delivered by the real worker to a real receiver. */
describe('webhook events end to end', () => {
  let world: World<'tiktok'>;
  let app: TestApp;
  let rx: WebhookReceiver;
  let other: WebhookReceiver;
  let h: Hooked;
  let otherTenant: Hooked;
  let failedOnly: { id: string; secret: string };
  let alice: Record<string, string>;
  let connectionId: string;

  beforeAll(async () => {
    rx = await startWebhookReceiver();
    other = await startWebhookReceiver();
    // The tenants are made below, each with its webhook endpoint.
    world = await startWorld({
      platform: 'tiktok',
      tenant: false,
      workers: true,
      env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WRITE_SYNC_TIMEOUT_MS: '5000', METRICS_TOKEN: 'events-test-metrics-token' },
      app: { extraRoutes: testJobRoutes },
      writeOperations: testWriteOps,
    });
    app = world.app;
    h = await tenantWithEndpoint(app, `${rx.url}?all`);
    const f = await http(app.url, 'POST', '/api/v1/tenant/webhooks', { headers: key(h.tenant.apiKey), body: { url: `${rx.url}?failed`, events: ['job.failed'] } });
    failedOnly = { id: f.body.data.id, secret: f.body.data.secret };
    trackSecret(failedOnly.secret);
    otherTenant = await tenantWithEndpoint(app, other.url);
    await configureApps(app, h.tenant.apiKey);
    alice = { authorization: `Bearer ${await externalUserToken(app, h.tenant.apiKey, 'alice-ext')}` };
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await rx?.close();
    await other?.close();
  });

  /** The webhook of `type` (to the catch-all endpoint) whose data matches, after checking its signature. */
  async function event(type: string, match: (data: any) => boolean = () => true) {
    const w = await rx.waitFor((x) => x.path.endsWith('?all') && x.json.type === type && match(x.json.data));
    expect(verify(h.secret, w)).toMatchObject({ id: w.headers['webhook-id'], type });
    expect(w.json.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(Date.parse(w.json.createdAt)).toBeGreaterThan(Date.now() - 120_000);
    return w.json.data;
  }
  const jobIdByName = async (name: string) =>
    ((await app.infra.orm.em.fork().getConnection().execute(`select id from jobs where params->>'name' = ?`, [name])) as { id: string }[])[0]!.id;

  it('activating an account with a token sends connection.created and ad_account.activated', async () => {
    const acc = await world.connect('tiktok', { adAccountId: ACCOUNT, as: { externalUserId: 'alice-ext', token: alice.authorization!.slice(7), headers: alice } });
    connectionId = acc.connectionId;
    const conn = await event('connection.created', (d) => d.connectionId === connectionId);
    const listed = await http(app.url, 'GET', '/api/v1/connections', { headers: alice });
    const { adAccounts: _accounts, ...apiView } = listed.body.data.items.find((c: { connectionId: string }) => c.connectionId === connectionId);
    expect(conn).toEqual({ ...apiView, externalUserId: 'alice-ext' });
    const activated = await event('ad_account.activated', (d) => d.adAccountId === ACCOUNT);
    expect(activated).toMatchObject({ id: acc.id, adAccountId: ACCOUNT, status: 'active', connectionId, platform: 'tiktok', externalUserId: 'alice-ext' });
  });

  it('a write that completes sends job.completed carrying the job as GET /jobs/{id} shows it', async () => {
    const name = `Hooked ${Date.now()}`;
    const r = await http(app.url, 'POST', '/api/v1/test-jobs/tiktok/campaigns', { headers: alice, body: { adAccountId: ACCOUNT, name } });
    expect(r.status).toBe(200);
    const jobId = await jobIdByName(name);
    const data = await event('job.completed', (d) => d.id === jobId);
    const polled = await http(app.url, 'GET', `/api/v1/jobs/${jobId}`, { headers: alice });
    expect(data).toEqual(polled.body.data);
    expect(data).toMatchObject({ type: 'write', state: 'completed' });
  });

  it('a write the platform rejects sends job.failed, also to the endpoint subscribed to job.failed only', async () => {
    await world.sim.injectError({ code: 40002, message: 'budget: Must be greater than 50.', path: '/campaign/create/', count: 1 });
    const name = `Rejected ${Date.now()}`;
    const r = await http(app.url, 'POST', '/api/v1/test-jobs/tiktok/campaigns', { headers: alice, body: { adAccountId: ACCOUNT, name } });
    expect(r.status).toBe(422);
    const jobId = await jobIdByName(name);
    expect(await event('job.failed', (d) => d.id === jobId)).toMatchObject({ state: 'failed', error: { code: 'PLATFORM_REJECTED' } });
    const w = await rx.waitFor((x) => x.path.endsWith('?failed') && x.json.data.id === jobId);
    expect(verify(failedOnly.secret, w)).toMatchObject({ type: 'job.failed' });
  });

  it('an import sends job.completed and import.completed', async () => {
    const r = await http(app.url, 'GET', `/api/v1/tiktok/import-ad-account?adAccountId=${ACCOUNT}`, { headers: { ...alice, prefer: 'respond-async' } });
    expect(r.status).toBe(202);
    const jobId = r.body.data.jobId as string;
    const imported = await event('import.completed', (d) => d.id === jobId);
    expect(imported).toMatchObject({ id: jobId, type: 'import', state: 'completed', adAccountId: ACCOUNT });
    expect(await event('job.completed', (d) => d.id === jobId)).toEqual(imported);
  });

  it('deactivating sends ad_account.deactivated', async () => {
    const r = await http(app.url, 'POST', '/api/v1/connections/tiktok/deactivate', { headers: alice, body: { adAccountId: ACCOUNT } });
    expect(r.status).toBe(200);
    expect(await event('ad_account.deactivated', (d) => d.adAccountId === ACCOUNT)).toEqual({ ...r.body.data, platform: 'tiktok', externalUserId: 'alice-ext' });
  });

  it('a token the platform refuses sends connection.reauth_required; revoking sends connection.revoked', async () => {
    await app.services.platformAuth.markInvalid(connectionId, 'expired');
    expect(await event('connection.reauth_required', (d) => d.connectionId === connectionId)).toMatchObject({ status: 'expired', connected: false });
    const r = await http(app.url, 'DELETE', `/api/v1/connections/${connectionId}`, { headers: alice });
    expect(r.status).toBe(200);
    expect(await event('connection.revoked', (d) => d.connectionId === connectionId)).toMatchObject({ status: 'revoked', connected: false });
  });

  it("none of it reached another tenant's endpoint, and the job.failed endpoint got nothing else", async () => {
    const sql = (q: string, p: unknown[]) => app.infra.orm.em.fork().getConnection().execute(q, p);
    expect(await sql('select id from webhook_deliveries where endpoint_id = ?', [otherTenant.endpointId])).toEqual([]);
    expect(other.received).toEqual([]);
    const types = (await sql('select distinct e.type from webhook_deliveries d join webhook_events e on e.id = d.event_id where d.endpoint_id = ?', [failedOnly.id])) as { type: string }[];
    expect(types.map((t) => t.type)).toEqual(['job.failed']);
  });

  it('counts deliveries in webhook_deliveries_total and never logs a signing secret', async () => {
    const m = await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer events-test-metrics-token' } });
    expect(await m.text()).toMatch(/^webhook_deliveries_total\{outcome="delivered"\} [1-9]\d*$/m);
    expect(leakedSecrets([app.logFile])).toEqual([]);
  });

  it('through the queue, a 500 moves the same job to delayed for the first retry, which then delivers', async () => {
    const rx500 = await startWebhookReceiver();
    try {
      const t = await tenantWithEndpoint(app, rx500.url);
      rx500.script(500);
      const em = app.infra.orm.em.fork();
      const ev = emitEvent(em, t.tenant.tenantId, 'job.completed', { id: 'queued-retry' });
      await em.flush();
      await rx500.waitFor((w) => w.json.id === ev.id);
      const [d] = (await app.infra.orm.em.fork().getConnection().execute('select id, round from webhook_deliveries where event_id = ?', [ev.id])) as { id: string; round: number }[];
      const job = (await app.infra.queues.queue('webhooks').getJob(`wd-${d!.id}-${d!.round}`))!;
      let state = await job.getState();
      for (let i = 0; i < 400 && state !== 'delayed'; i++) state = await new Promise((r) => setTimeout(r, 50)).then(() => job.getState());
      expect(state).toBe('delayed');
      const delayed = (await app.infra.queues.queue('webhooks').getJob(job.id!))!;
      expect(delayed.delay).toBeGreaterThan(0);
      expect(delayed.delay).toBeLessThanOrEqual(RETRY_DELAYS_MS[0]!);
      await delayed.promote();
      const second = await rx500.waitFor((w) => w.json.id === ev.id && w !== rx500.received[0]);
      expect(second.headers['webhook-id']).toBe(ev.id);
      expect(verify(t.secret, second)).toMatchObject({ data: { id: 'queued-retry' } });
    } finally {
      await rx500.close();
    }
  });
});
