import { http, startWorld, type World } from '../../world';
import { startMailBox, mailTo, type MailBox } from '../../helpers/smtp';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { FAILURE_WINDOW_MS } from '../../../shared/domain/webhooks/delivery.service';
import { deliveryOf, deliveryService, emitAndDispatch, key, tenantWithEndpoint } from './support';

const HOUR = 3600_000;

describe('an endpoint failing for 3 days (fake clock)', () => {
  let world: World;
  let rx: WebhookReceiver;
  let mail: MailBox;

  beforeAll(async () => {
    rx = await startWebhookReceiver();
    mail = await startMailBox();
    world = await startWorld({ platforms: [], tenant: false, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', SMTP_URL: mail.url } });
  });
  afterAll(async () => {
    await world?.close();
    await rx?.close();
    await mail?.close();
  });

  it('is disabled at the first failure past the window, once, and the tenant owner gets an email', async () => {
    expect(FAILURE_WINDOW_MS).toBe(72 * HOUR);
    const h = await tenantWithEndpoint(world.app, rx.url);
    const t0 = Date.parse('2026-06-01T00:00:00Z');
    let now = t0;
    const svc = deliveryService(world.app, { clock: () => new Date(now) });
    const failOnce = async (id: string) => {
      rx.script(500);
      const d = await deliveryOf(world.app, await emitAndDispatch(world.app, h.tenant.tenantId, 'job.failed', { id }), h.endpointId);
      return svc.attempt(d.id, d.round);
    };

    expect(await failOnce('day-0')).toMatchObject({ outcome: 'retry' });
    now = t0 + FAILURE_WINDOW_MS - HOUR;
    expect(await failOnce('day-2')).toMatchObject({ outcome: 'retry' });
    let ep = await http(world.app.url, 'GET', `/api/v1/tenant/webhooks/${h.endpointId}`, { headers: key(h.tenant.apiKey) });
    expect(ep.body.data).toMatchObject({ enabled: true, disabledReason: null });

    now = t0 + FAILURE_WINDOW_MS;
    expect(await failOnce('day-3')).toEqual({ outcome: 'failed', error: 'answered 500', endpointDisabled: true });
    ep = await http(world.app.url, 'GET', `/api/v1/tenant/webhooks/${h.endpointId}`, { headers: key(h.tenant.apiKey) });
    expect(ep.body.data).toMatchObject({ enabled: false, disabledReason: 'failing', disabledAt: new Date(now).toISOString() });

    const email = await mailTo(mail, h.tenant.email);
    expect(email.subject).toBe('A webhook endpoint was disabled');
    expect(email.text).toContain(h.endpointId);
    expect(mail.messages.filter((m) => m.to.includes(h.tenant.email.toLowerCase()))).toHaveLength(1);

    // The retry of an earlier event now finds the endpoint disabled: no request, marked failed.
    const sent = rx.received.length;
    const [early] = (await world.app.infra.orm.em.fork().getConnection().execute(
      `select id, round from webhook_deliveries where endpoint_id = ? and status = 'pending' order by created_at limit 1`,
      [h.endpointId],
    )) as { id: string; round: number }[];
    expect(await svc.attempt(early!.id, early!.round)).toEqual({ outcome: 'failed', error: 'endpoint disabled', endpointDisabled: true });
    expect(rx.received.length).toBe(sent);
    // New events skip it.
    const later = await emitAndDispatch(world.app, h.tenant.tenantId, 'job.failed', { id: 'after' });
    expect(await world.app.infra.orm.em.fork().getConnection().execute('select id from webhook_deliveries where event_id = ?', [later])).toEqual([]);

    // Re-enabling starts a fresh window.
    const on = await http(world.app.url, 'PATCH', `/api/v1/tenant/webhooks/${h.endpointId}`, { headers: key(h.tenant.apiKey), body: { enabled: true } });
    expect(on.body.data).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });
    now += FAILURE_WINDOW_MS / 2;
    expect(await failOnce('back')).toMatchObject({ outcome: 'retry' });
  });

  it('a success in between restarts the window', async () => {
    const h = await tenantWithEndpoint(world.app, rx.url);
    const t0 = Date.parse('2026-07-01T00:00:00Z');
    let now = t0;
    const svc = deliveryService(world.app, { clock: () => new Date(now) });
    const send = async (reply: number) => {
      rx.script(reply);
      const d = await deliveryOf(world.app, await emitAndDispatch(world.app, h.tenant.tenantId, 'job.completed', { reply }), h.endpointId);
      return svc.attempt(d.id, d.round);
    };
    expect(await send(500)).toMatchObject({ outcome: 'retry' });
    now = t0 + 24 * HOUR;
    expect(await send(200)).toMatchObject({ outcome: 'delivered' });
    now = t0 + FAILURE_WINDOW_MS + HOUR;
    expect(await send(500)).toMatchObject({ outcome: 'retry' });
    const ep = await http(world.app.url, 'GET', `/api/v1/tenant/webhooks/${h.endpointId}`, { headers: key(h.tenant.apiKey) });
    expect(ep.body.data.enabled).toBe(true);
  });
});
