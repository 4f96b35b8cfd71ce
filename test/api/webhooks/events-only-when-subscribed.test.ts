import { http, startWorld, type TestApp, type World } from '../../world';
import { trackSecret, type CreatedTenant } from '../../helpers/identity';
import { testJobRoutes, testWriteOps } from '../../workers/support/jobs-fixture';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { key } from './support';

const ACCOUNT = '7000000000000000011';

/**
 * A job's finish records a webhook event (and queues its dispatch) only when the tenant has an
 * enabled endpoint subscribed to it. Two replicas share Redis and PostgreSQL: the endpoint is
 * created and changed on one, the jobs finish on the other, which hears of each change at once.
 */
describe('job events are recorded only for tenants subscribed to them, across replicas', () => {
  let world: World<'tiktok'>;
  let rx: WebhookReceiver;
  let worker: TestApp;
  let other: TestApp;
  let tenant: CreatedTenant;
  let alice: Record<string, string>;

  beforeAll(async () => {
    rx = await startWebhookReceiver();
    const env = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WRITE_SYNC_TIMEOUT_MS: '10000' };
    world = await startWorld({ platform: 'tiktok', workers: true, env, app: { extraRoutes: testJobRoutes }, writeOperations: testWriteOps });
    worker = world.app;
    other = await world.replica({ app: {} });
    tenant = world.tenant;
    alice = world.user.headers;
    await world.connect('tiktok', { adAccountId: ACCOUNT, via: 'token' });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await rx?.close();
  });

  const eventRows = async () =>
    ((await worker.infra.orm.em.fork().getConnection().execute(`select type, payload from webhook_events where tenant_id = ? and type like 'job.%' order by created_at`, [tenant.tenantId])) as {
      type: string;
      payload: string;
    }[]).map((r) => ({ type: r.type, jobId: (JSON.parse(r.payload) as { data: { id?: string } }).data.id }));
  const runJob = async (name: string) => {
    const r = await http(worker.url, 'POST', '/api/v1/test-jobs/tiktok/campaigns', { headers: alice, body: { adAccountId: ACCOUNT, name } });
    expect(r.status).toBe(200);
    const [row] = (await worker.infra.orm.em.fork().getConnection().execute(`select id from jobs where params->>'name' = ?`, [name])) as { id: string }[];
    return row!.id;
  };

  it('no endpoint: no event row; an endpoint for job.failed only: still none for a completed job; subscribed to every event: the next job.completed arrives', async () => {
    const stamp = Date.now();
    await runJob(`Unheard ${stamp}`);
    expect(await eventRows()).toEqual([]);

    const created = await http(other.url, 'POST', '/api/v1/tenant/webhooks', { headers: key(tenant.apiKey), body: { url: rx.url, events: ['job.failed'] } });
    expect(created.status).toBe(201);
    trackSecret(created.body.data.secret);
    await runJob(`Failed-only ${stamp}`);
    expect(await eventRows()).toEqual([]);

    const patched = await http(other.url, 'PATCH', `/api/v1/tenant/webhooks/${created.body.data.id}`, { headers: key(tenant.apiKey), body: { events: '*' } });
    expect(patched.status).toBe(200);
    const jobId = await runJob(`Heard ${stamp}`);
    const hook = await rx.waitFor((w) => w.json.type === 'job.completed' && w.json.data.id === jobId);
    expect(hook.json.data).toMatchObject({ id: jobId, state: 'completed' });
    expect(await eventRows()).toEqual([{ type: 'job.completed', jobId }]);
  }, 90_000);
});
