import { Webhook } from 'standardwebhooks';
import { http, startWorld, type World } from '../../world';
import { trackSecret } from '../../helpers/identity';
import { headersOf, startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { deliveryOf, emitAndDispatch, key, tenantWithEndpoint, verify } from './support';

describe('redelivery and secret rotation', () => {
  let world: World;
  let rx: WebhookReceiver;

  beforeAll(async () => {
    rx = await startWebhookReceiver();
    world = await startWorld({ platforms: [], tenant: false, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
  });
  afterAll(async () => {
    await world?.close();
    await rx?.close();
  });

  const attempt = (d: { id: string; round: number }) => world.app.services.webhooks.deliveries.attempt(d.id, d.round);

  it('redeliver sends the same event with the same webhook-id again; the superseded queue job does nothing', async () => {
    const h = await tenantWithEndpoint(world.app, rx.url);
    const eventId = await emitAndDispatch(world.app, h.tenant.tenantId, 'ad_account.activated', { id: 'acc-1' });
    const d = await deliveryOf(world.app, eventId, h.endpointId);
    expect(await attempt(d)).toMatchObject({ outcome: 'delivered' });

    const r = await http(world.app.url, 'POST', `/api/v1/tenant/webhooks/${h.endpointId}/deliveries/${d.id}/redeliver`, { headers: key(h.tenant.apiKey) });
    expect(r.status).toBe(202);
    expect(r.body.data).toMatchObject({ id: d.id, eventId, status: 'pending', attempts: 0 });
    const again = await deliveryOf(world.app, eventId, h.endpointId);
    expect(again.round).toBe(d.round + 1);
    const job = await world.app.infra.queues.queue('webhooks').getJob(`wd-${d.id}-${again.round}`);
    expect(job?.data).toEqual({ deliveryId: d.id, round: again.round });

    expect(await attempt(d)).toEqual({ outcome: 'skipped' });
    expect(await attempt(again)).toMatchObject({ outcome: 'delivered' });
    const got = rx.received.filter((w) => w.headers['webhook-id'] === eventId);
    expect(got).toHaveLength(2);
    expect(got[0]!.body).toBe(got[1]!.body);
    expect(verify(h.secret, got[1]!)).toMatchObject({ id: eventId, type: 'ad_account.activated' });
  });

  it('redeliver of an unknown delivery, or of another endpoint’s, is a 404', async () => {
    const h = await tenantWithEndpoint(world.app, rx.url);
    const other = await http(world.app.url, 'POST', '/api/v1/tenant/webhooks', { headers: key(h.tenant.apiKey), body: { url: rx.url, events: ['job.failed'] } });
    const eventId = await emitAndDispatch(world.app, h.tenant.tenantId, 'job.completed', { id: 'j' });
    const d = await deliveryOf(world.app, eventId, h.endpointId);
    const wrongEndpoint = await http(world.app.url, 'POST', `/api/v1/tenant/webhooks/${other.body.data.id}/deliveries/${d.id}/redeliver`, { headers: key(h.tenant.apiKey) });
    expect(wrongEndpoint.status).toBe(404);
    const unknown = await http(world.app.url, 'POST', `/api/v1/tenant/webhooks/${h.endpointId}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`, { headers: key(h.tenant.apiKey) });
    expect(unknown.status).toBe(404);
  });

  it('after a rotation both secrets sign during the grace period, then only the new one', async () => {
    const h = await tenantWithEndpoint(world.app, rx.url);
    const rot = await http(world.app.url, 'POST', `/api/v1/tenant/webhooks/${h.endpointId}/secret/rotate`, { headers: key(h.tenant.apiKey), body: { graceSeconds: 3600 } });
    expect(rot.status).toBe(201);
    const fresh = rot.body.data.secret as string;
    trackSecret(fresh);
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(h.secret);
    expect(Date.parse(rot.body.data.previousSecretExpiresAt)).toBeGreaterThan(Date.now() + 3500_000);

    const during = await emitAndDispatch(world.app, h.tenant.tenantId, 'job.completed', { id: 'during' });
    await attempt(await deliveryOf(world.app, during, h.endpointId));
    const w1 = rx.received.find((w) => w.json.id === during)!;
    expect(headersOf(w1)['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verify(h.secret, w1)).toMatchObject({ id: during });
    expect(verify(fresh, w1)).toMatchObject({ id: during });

    const rot2 = await http(world.app.url, 'POST', `/api/v1/tenant/webhooks/${h.endpointId}/secret/rotate`, { headers: key(h.tenant.apiKey), body: { graceSeconds: 0 } });
    const newest = rot2.body.data.secret as string;
    trackSecret(newest);
    expect(rot2.body.data.previousSecretExpiresAt).toBeNull();
    const after = await emitAndDispatch(world.app, h.tenant.tenantId, 'job.completed', { id: 'after' });
    await attempt(await deliveryOf(world.app, after, h.endpointId));
    const w2 = rx.received.find((w) => w.json.id === after)!;
    expect(headersOf(w2)['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verify(newest, w2)).toMatchObject({ id: after });
    expect(() => verify(fresh, w2)).toThrow();
    expect(() => new Webhook(h.secret).verify(w2.body, headersOf(w2))).toThrow();
  });
});
