import { startWorld, type World } from '../../world';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { newEventId } from '../../../shared/domain/webhooks/events';
import { deliveryOf, emitAndDispatch, tenantWithEndpoint, verify } from './support';

/** A process that dies between committing an event and queueing it loses nothing: the sweeper finds it. */
describe('webhook recovery after lost queue jobs', () => {
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

  const sql = (q: string, p: unknown[] = []) => world.app.infra.orm.em.fork().getConnection().execute(q, p);
  const queue = () => world.app.infra.queues.queue('webhooks');

  it('an event committed but never queued is queued by the sweeper, then fanned out and delivered', async () => {
    const h = await tenantWithEndpoint(world.app, rx.url);
    const id = newEventId();
    const payload = JSON.stringify({ id, type: 'job.completed', createdAt: new Date().toISOString(), data: { id: 'orphan' } });
    // Written as the domain would, but the process "died" before the after-commit enqueue.
    await sql(`insert into webhook_events (id, tenant_id, type, payload, created_at) values (?, ?, 'job.completed', ?, now() - interval '2 minutes')`, [id, h.tenant.tenantId, payload]);
    expect(await queue().getJob(`we-${id}`)).toBeUndefined();

    const swept = await world.app.services.webhooks.deliveries.sweep();
    expect(swept.events).toBeGreaterThanOrEqual(1);
    expect((await queue().getJob(`we-${id}`))?.data).toEqual({ eventId: id });

    expect(await world.app.services.webhooks.deliveries.dispatch(id)).toBe(1);
    const d = await deliveryOf(world.app, id, h.endpointId);
    expect(await world.app.services.webhooks.deliveries.attempt(d.id, d.round)).toMatchObject({ outcome: 'delivered' });
    const w = rx.received.find((x) => x.json.id === id)!;
    expect(w.body).toBe(payload);
    expect(verify(h.secret, w)).toMatchObject({ data: { id: 'orphan' } });
  });

  it('a pending delivery whose queue job vanished is queued again by the sweeper; one still queued is left alone', async () => {
    const h = await tenantWithEndpoint(world.app, rx.url);
    const eventId = await emitAndDispatch(world.app, h.tenant.tenantId, 'job.failed', { id: 'lost' });
    const d = await deliveryOf(world.app, eventId, h.endpointId);
    const jobId = `wd-${d.id}-${d.round}`;
    const first = await queue().getJob(jobId);
    expect(first).toBeDefined();
    await sql(`update webhook_deliveries set next_attempt_at = now() - interval '10 minutes' where id = ?`, [d.id]);

    await world.app.services.webhooks.deliveries.sweep();
    expect((await queue().getJob(jobId))?.timestamp).toBe(first!.timestamp);

    await first!.remove();
    await world.app.services.webhooks.deliveries.sweep();
    expect((await queue().getJob(jobId))?.data).toEqual({ deliveryId: d.id, round: d.round });
  });

  it('dispatching the same event twice creates no second delivery', async () => {
    const h = await tenantWithEndpoint(world.app, rx.url);
    const eventId = await emitAndDispatch(world.app, h.tenant.tenantId, 'connection.revoked', { connectionId: 'c' });
    await world.app.services.webhooks.deliveries.dispatch(eventId);
    expect(await sql('select id from webhook_deliveries where event_id = ?', [eventId])).toHaveLength(1);
  });
});
