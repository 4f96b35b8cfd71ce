import { Webhook } from 'standardwebhooks';
import { http, type TestApp } from '../../helpers/test-app';
import { createTenant, trackSecret, type CreatedTenant } from '../../helpers/identity';
import { emitEvent, type WebhookEventType } from '../../../shared/domain/webhooks/events';
import { WebhookDeliveryService } from '../../../shared/domain/webhooks/delivery.service';
import type { TargetPolicy } from '../../../shared/infra/outbound-target';
import { headersOf, type ReceivedWebhook } from '../../helpers/webhook-receiver';

export const key = (k: string) => ({ 'x-api-key': k });

export interface Hooked {
  tenant: CreatedTenant;
  endpointId: string;
  secret: string;
}

/** A new tenant with one endpoint at `url`, created through the API. */
export async function tenantWithEndpoint(app: TestApp, url: string, events: '*' | WebhookEventType[] = '*'): Promise<Hooked> {
  const tenant = await createTenant(app);
  const r = await http(app.url, 'POST', '/api/v1/tenant/webhooks', { headers: key(tenant.apiKey), body: { url, events } });
  if (r.status !== 201) throw new Error(`create webhook: ${r.status} ${JSON.stringify(r.body)}`);
  trackSecret(r.body.data.secret);
  return { tenant, endpointId: r.body.data.id, secret: r.body.data.secret };
}

/** Records an event as the domain does (in a unit of work, then flushed) and fans it out at once. */
export async function emitAndDispatch(app: TestApp, tenantId: string, type: WebhookEventType, data: unknown): Promise<string> {
  const em = app.infra.orm.em.fork();
  const ev = emitEvent(em, tenantId, type, data);
  await em.flush();
  await app.services.webhooks.deliveries.dispatch(ev.id);
  return ev.id;
}

export async function deliveryOf(app: TestApp, eventId: string, endpointId: string) {
  const rows = (await app.infra.orm.em.fork().getConnection().execute(
    'select id, round, status, attempts, last_status_code, last_error, next_attempt_at from webhook_deliveries where event_id = ? and endpoint_id = ?',
    [eventId, endpointId],
  )) as { id: string; round: number; status: string; attempts: number; last_status_code: number | null; last_error: string | null; next_attempt_at: string | null }[];
  return rows[0]!;
}

/** The app's delivery service with its clock (and optionally its target policy) replaced. */
export function deliveryService(app: TestApp, opts: { clock?: () => Date; policy?: TargetPolicy; timeoutMs?: number } = {}) {
  return new WebhookDeliveryService({
    orm: app.infra.orm,
    queues: app.infra.queues,
    vault: app.services.vault,
    policy: opts.policy ?? app.services.webhooks.policy,
    mailer: app.services.mailer,
    logger: app.infra.logger,
    timeoutMs: opts.timeoutMs ?? app.config.WEBHOOK_TIMEOUT_MS,
    clock: opts.clock,
  });
}

/** Verifies like a receiver would, with the standardwebhooks package; throws when the signature is bad. */
export const verify = (secret: string, w: ReceivedWebhook) => new Webhook(secret).verify(w.body, headersOf(w));
