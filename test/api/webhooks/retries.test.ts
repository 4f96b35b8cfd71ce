import { http, startWorld, type World } from '../../world';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { RETRY_DELAYS_MS } from '../../../shared/domain/webhooks/delivery.service';
import { TargetPolicy } from '../../../shared/infra/outbound-target';
import { deliveryOf, deliveryService, emitAndDispatch, key, tenantWithEndpoint, verify } from './support';

describe('webhook delivery attempts and retries', () => {
  let world: World;
  let rx: WebhookReceiver;

  beforeAll(async () => {
    rx = await startWebhookReceiver();
    world = await startWorld({ platforms: [], tenant: false, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await world?.close();
    await rx?.close();
  });

  const attempt = (d: { id: string; round: number }) => world.app.services.webhooks.deliveries.attempt(d.id, d.round);

  it('after a 500 the delivery is retried within 30 s with the same webhook-id and a valid signature, then counts as delivered', async () => {
    const h = await tenantWithEndpoint(world.app, rx.url);
    rx.script(500, 200);
    const eventId = await emitAndDispatch(world.app, h.tenant.tenantId, 'job.completed', { id: 'job-500' });
    const d = await deliveryOf(world.app, eventId, h.endpointId);

    const first = await attempt(d);
    expect(first).toEqual({ outcome: 'retry', delayMs: RETRY_DELAYS_MS[0], error: 'answered 500' });
    expect(RETRY_DELAYS_MS[0]).toBeLessThanOrEqual(30_000);
    expect(await deliveryOf(world.app, eventId, h.endpointId)).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 });

    expect(await attempt(d)).toEqual({ outcome: 'delivered', statusCode: 200 });
    const got = rx.received.filter((w) => w.json.id === eventId);
    expect(got).toHaveLength(2);
    expect(got.map((w) => w.headers['webhook-id'])).toEqual([eventId, eventId]);
    for (const w of got) expect(verify(h.secret, w)).toMatchObject({ id: eventId, type: 'job.completed', data: { id: 'job-500' } });

    const log = await http(world.app.url, 'GET', `/api/v1/tenant/webhooks/${h.endpointId}/deliveries`, { headers: key(h.tenant.apiKey) });
    expect(log.status).toBe(200);
    expect(log.body.data.items).toEqual([
      expect.objectContaining({ id: d.id, eventId, eventType: 'job.completed', status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null, nextAttemptAt: null }),
    ]);
    expect(log.body.data.items[0].lastAttemptAt).toEqual(expect.any(String));
  });

  it('a receiver that never answers fails the attempt at the timeout and is retried', async () => {
    const h = await tenantWithEndpoint(world.app, rx.url);
    rx.script('hang', 204);
    const eventId = await emitAndDispatch(world.app, h.tenant.tenantId, 'connection.created', { connectionId: 'c-timeout' });
    const d = await deliveryOf(world.app, eventId, h.endpointId);
    expect(await attempt(d)).toEqual({ outcome: 'retry', delayMs: RETRY_DELAYS_MS[0], error: 'no answer within 300 ms' });
    expect(await deliveryOf(world.app, eventId, h.endpointId)).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    expect(await attempt(d)).toMatchObject({ outcome: 'delivered' });
  });

  it('a redirect is not followed and does not count as delivered', async () => {
    const h = await tenantWithEndpoint(world.app, rx.url);
    rx.script({ status: 302, headers: { location: `${rx.url}/elsewhere` } });
    const eventId = await emitAndDispatch(world.app, h.tenant.tenantId, 'job.failed', { id: 'job-302' });
    const d = await deliveryOf(world.app, eventId, h.endpointId);
    expect(await attempt(d)).toMatchObject({ outcome: 'retry', error: 'redirect (302) not followed' });
    expect(rx.received.filter((w) => w.json.id === eventId)).toHaveLength(1);
  });

  it('gives up after the retry schedule (about 24 h, 11 attempts) and marks the delivery failed', async () => {
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20 * 3600_000);
    expect(total).toBeLessThan(28 * 3600_000);
    const h = await tenantWithEndpoint(world.app, rx.url);
    let now = Date.now();
    const svc = deliveryService(world.app, { clock: () => new Date(now) });
    const eventId = await emitAndDispatch(world.app, h.tenant.tenantId, 'job.failed', { id: 'job-exhaust' });
    const d = await deliveryOf(world.app, eventId, h.endpointId);
    const outcomes: string[] = [];
    for (let i = 0; i <= RETRY_DELAYS_MS.length; i++) {
      rx.script(503);
      const r = await svc.attempt(d.id, d.round);
      outcomes.push(r.outcome);
      if (r.outcome === 'retry') now += r.delayMs;
    }
    expect(outcomes).toEqual([...Array(RETRY_DELAYS_MS.length).fill('retry'), 'failed']);
    expect(await deliveryOf(world.app, eventId, h.endpointId)).toMatchObject({ status: 'failed', attempts: 11, last_status_code: 503, next_attempt_at: null });
    expect(await svc.attempt(d.id, d.round)).toEqual({ outcome: 'skipped' });
  });

  it('re-checks the address at delivery time: a host that now resolves to a private address is refused without a connection', async () => {
    const h = await tenantWithEndpoint(world.app, rx.url);
    // The endpoint passed the check when saved; its name now answers 127.0.0.1 (DNS rebinding).
    await world.app.infra.orm.em.fork().getConnection().execute('update webhook_endpoints set url = ? where id = ?', [`https://hooks.rebind.example:${rx.port}/hooks`, h.endpointId]);
    const rebound = new TargetPolicy('', async () => [{ address: '127.0.0.1', family: 4 }]);
    const eventId = await emitAndDispatch(world.app, h.tenant.tenantId, 'job.completed', { id: 'job-rebind' });
    const d = await deliveryOf(world.app, eventId, h.endpointId);
    const r = await deliveryService(world.app, { policy: rebound }).attempt(d.id, d.round);
    expect(r).toMatchObject({ outcome: 'retry', error: expect.stringContaining('refused: the host hooks.rebind.example resolves to a private') });
    expect(rx.received.filter((w) => w.json.id === eventId)).toHaveLength(0);
  });

  it('connects to the address it checked, not to a fresh DNS answer', async () => {
    const h = await tenantWithEndpoint(world.app, rx.url);
    // hooks.pinned.test exists in no DNS: only the checked answer (127.0.0.1) can take the request to the receiver.
    await world.app.infra.orm.em.fork().getConnection().execute('update webhook_endpoints set url = ? where id = ?', [`http://hooks.pinned.test:${rx.port}/hooks`, h.endpointId]);
    const pinned = new TargetPolicy('hooks.pinned.test', async (host) => (host === 'hooks.pinned.test' ? [{ address: '127.0.0.1', family: 4 }] : []));
    const eventId = await emitAndDispatch(world.app, h.tenant.tenantId, 'job.completed', { id: 'job-pinned' });
    const d = await deliveryOf(world.app, eventId, h.endpointId);
    expect(await deliveryService(world.app, { policy: pinned }).attempt(d.id, d.round)).toMatchObject({ outcome: 'delivered' });
    const w = rx.received.find((x) => x.json.id === eventId)!;
    expect(w.headers.host).toBe(`hooks.pinned.test:${rx.port}`);
  });
});
