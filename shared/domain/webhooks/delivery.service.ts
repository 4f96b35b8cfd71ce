import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import type { Vault } from '../../infra/crypto';
import type { Logger } from '../../infra/logger';
import type { Mailer } from '../../infra/mailer';
import type { Metrics } from '../../infra/metrics';
import type { QueueBus } from '../../queues/queue-bus';
import type { JobDefinition, JobPayload } from '../../queues/definitions';
import { AppError } from '../../errors/app-error';
import { webhookDeliverJob, webhookDispatchJob } from '../../queues/webhook-jobs';
import { TargetRefused, type TargetPolicy } from '../../infra/outbound-target';
import { postWebhook, signHeaders, type SendResult } from './sender';

/**
 * Waits after each failed attempt: the first retry within 30 s, then roughly tripling, capped at 8 h,
 * so the eleventh and last attempt comes about 24 h after the first.
 */
export const RETRY_DELAYS_MS = [10, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800].map((s) => s * 1000);
/** An endpoint whose attempts all failed for this long is disabled and the tenant owner told. */
export const FAILURE_WINDOW_MS = 3 * 24 * 3600_000;

/** SQL condition on `webhook_endpoints e`: enabled and subscribed to the event type bound to its `?` (or to every event). */
export const SUBSCRIBED_ENDPOINT = "e.enabled and e.events && array[?, '*']::text[]";

export type AttemptOutcome =
  | { outcome: 'delivered'; statusCode: number }
  | { outcome: 'retry'; delayMs: number; error: string }
  | { outcome: 'failed'; error: string; endpointDisabled: boolean }
  | { outcome: 'skipped' };

type Row = Record<string, unknown>;

export interface DeliveryDeps {
  orm: MikroORM;
  queues: QueueBus;
  vault: Vault;
  policy: TargetPolicy;
  mailer: Mailer;
  logger: Logger;
  metrics?: Metrics;
  timeoutMs: number;
  /** Injected so tests can move time (the failure window) without waiting. */
  clock?: () => Date;
}

export class WebhookDeliveryService {
  private readonly clock: () => Date;

  constructor(private readonly deps: DeliveryDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  private em(): EntityManager {
    return this.deps.orm.em.fork() as EntityManager;
  }

  /** Adds the job unless one with the same id is still queued, delayed or running. */
  private async add<D extends JobDefinition>(def: D, payload: JobPayload<D>, jobId: string, delay = 0): Promise<void> {
    const existing = await this.deps.queues.queue(def.queue).getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state !== 'completed' && state !== 'failed') return;
      await existing.remove().catch(() => undefined);
    }
    await this.deps.queues.enqueue(def, payload, { jobId, delay });
  }

  /** Best effort: the sweeper re-queues whatever this misses. A first enqueue needs no existence check. */
  async dispatchSoon(eventIds: string[], delayMs = 0, recheck = false): Promise<void> {
    for (const eventId of eventIds) {
      const queued = recheck
        ? this.add(webhookDispatchJob, { eventId }, `we-${eventId}`, delayMs)
        : this.deps.queues.enqueue(webhookDispatchJob, { eventId }, { jobId: `we-${eventId}`, delay: delayMs });
      await queued.catch((err: unknown) =>
        this.deps.logger.warn({ err, eventId }, 'could not queue webhook event; the sweeper will'),
      );
    }
  }

  async enqueue(deliveryId: string, round: number, delayMs = 0): Promise<void> {
    await this.add(webhookDeliverJob, { deliveryId, round }, `wd-${deliveryId}-${round}`, delayMs);
  }

  /** One delivery row per subscribed, enabled endpoint; idempotent. Returns how many are pending. */
  async dispatch(eventId: string): Promise<number> {
    const pending = await this.em().transactional(async (em) => {
      const [ev] = await em.execute<Row[]>('select tenant_id, type, dispatched_at from webhook_events where id = ? for update', [eventId]);
      if (!ev) throw new AppError('PLATFORM_UNAVAILABLE', 'The webhook event is not committed yet');
      if (!ev.dispatched_at) {
        await em.execute(
          `insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, status, next_attempt_at)
           select gen_random_uuid(), e.tenant_id, e.id, ?, 'pending', now() from webhook_endpoints e
           where e.tenant_id = ? and ${SUBSCRIBED_ENDPOINT}
           on conflict (endpoint_id, event_id) do nothing`,
          [eventId, ev.tenant_id, ev.type],
        );
        await em.execute('update webhook_events set dispatched_at = now() where id = ?', [eventId]);
      }
      return em.execute<Row[]>(`select id, round from webhook_deliveries where event_id = ? and status = 'pending'`, [eventId]);
    });
    for (const d of pending) await this.enqueue(d.id as string, Number(d.round));
    return pending.length;
  }

  /** One attempt; records its outcome on the delivery row and says what the queue should do next. */
  async attempt(deliveryId: string, round: number): Promise<AttemptOutcome> {
    const em = this.em();
    const [d] = await em.execute<Row[]>(
      `select d.status, d.round, d.attempts, d.event_id, d.endpoint_id, d.tenant_id, ep.url, ep.enabled, ep.secret_enc,
         ep.previous_secret_enc, ep.previous_secret_expires_at, ev.payload
       from webhook_deliveries d join webhook_endpoints ep on ep.id = d.endpoint_id join webhook_events ev on ev.id = d.event_id
       where d.id = ?`,
      [deliveryId],
    );
    if (!d || d.status !== 'pending' || Number(d.round) !== round) return { outcome: 'skipped' };
    const now = this.clock();
    if (!d.enabled) {
      await em.execute(`update webhook_deliveries set status = 'failed', last_error = 'endpoint disabled', next_attempt_at = null where id = ? and round = ?`, [deliveryId, round]);
      return { outcome: 'failed', error: 'endpoint disabled', endpointDisabled: true };
    }
    const result = await this.send(d, now);
    const attempts = Number(d.attempts) + 1;
    const when = now.toISOString();
    if (result.ok) {
      await em.execute(
        `update webhook_deliveries set status = 'delivered', attempts = ?, last_status_code = ?, last_attempt_at = ?, delivered_at = ?,
           last_error = null, next_attempt_at = null where id = ? and round = ?`,
        [attempts, result.statusCode, when, when, deliveryId, round],
      );
      await em.execute('update webhook_endpoints set failing_since = null where id = ? and failing_since is not null', [d.endpoint_id]);
      this.deps.metrics?.webhookDeliveries.inc({ outcome: 'delivered' });
      return { outcome: 'delivered', statusCode: result.statusCode! };
    }
    const error = result.error ?? 'failed';
    const endpointDisabled = await this.recordFailure(em, d.endpoint_id as string, d.tenant_id as string, now);
    const delayMs = RETRY_DELAYS_MS[attempts - 1];
    const retry = !endpointDisabled && delayMs !== undefined;
    await em.execute(
      `update webhook_deliveries set status = ?, attempts = ?, last_status_code = ?, last_attempt_at = ?, last_error = ?, next_attempt_at = ?
       where id = ? and round = ?`,
      [retry ? 'pending' : 'failed', attempts, result.statusCode ?? null, when, error.slice(0, 500),
        retry ? new Date(now.getTime() + delayMs).toISOString() : null, deliveryId, round],
    );
    this.deps.metrics?.webhookDeliveries.inc({ outcome: error.startsWith('refused') ? 'refused' : retry ? 'retry' : 'failed' });
    return retry ? { outcome: 'retry', delayMs, error } : { outcome: 'failed', error, endpointDisabled };
  }

  private async send(d: Row, now: Date): Promise<SendResult> {
    const secrets = [this.deps.vault.decrypt(d.secret_enc as string)];
    if (d.previous_secret_enc && d.previous_secret_expires_at && new Date(d.previous_secret_expires_at as string) > now) {
      secrets.push(this.deps.vault.decrypt(d.previous_secret_enc as string));
    }
    const body = d.payload as string;
    try {
      const url = this.deps.policy.parse(d.url as string);
      const addresses = await this.deps.policy.addresses(url);
      return await postWebhook(url, addresses, body, signHeaders(d.event_id as string, now, body, secrets), this.deps.timeoutMs);
    } catch (e) {
      if (e instanceof TargetRefused) return { ok: false, error: `refused: ${e.message}` };
      throw e;
    }
  }

  /** Starts or extends the endpoint's failure streak; past the window, disables it once and emails the owner. */
  private async recordFailure(em: EntityManager, endpointId: string, tenantId: string, now: Date): Promise<boolean> {
    const [ep] = await em.execute<Row[]>(
      'update webhook_endpoints set failing_since = coalesce(failing_since, ?) where id = ? returning failing_since, enabled',
      [now.toISOString(), endpointId],
    );
    if (!ep) return true;
    if (now.getTime() - new Date(ep.failing_since as string).getTime() < FAILURE_WINDOW_MS) return !ep.enabled;
    const [off] = await em.execute<Row[]>(
      `update webhook_endpoints set enabled = false, disabled_reason = 'failing', disabled_at = ?, updated_at = now()
       where id = ? and enabled returning url`,
      [now.toISOString(), endpointId],
    );
    if (off) await this.tellOwner(em, tenantId, endpointId, off.url as string);
    return true;
  }

  private async tellOwner(em: EntityManager, tenantId: string, endpointId: string, url: string): Promise<void> {
    const [owner] = await em.execute<Row[]>(`select email from tenant_users where tenant_id = ? and role = 'owner' order by created_at limit 1`, [tenantId]);
    this.deps.logger.warn({ tenantId, endpointId }, 'webhook endpoint disabled after failing for 3 days');
    if (!owner) return;
    await this.deps.mailer
      .send({
        to: owner.email as string,
        subject: 'A webhook endpoint was disabled',
        text:
          `Every delivery to your webhook endpoint ${url} (id ${endpointId}) has failed for 3 days, so it was disabled.\n\n` +
          'Fix the receiver, then re-enable it with PATCH /api/v1/tenant/webhooks/' + endpointId + ' {"enabled": true}. ' +
          'Failed deliveries can be sent again with POST /api/v1/tenant/webhooks/' + endpointId + '/deliveries/{deliveryId}/redeliver.\n',
      })
      .catch((err: unknown) => this.deps.logger.warn({ err: (err as Error).message, tenantId }, 'could not email the tenant owner'));
  }

  /** Re-queues what a crash or a Redis loss dropped, and forgets events after 30 days. */
  async sweep(): Promise<{ events: number; deliveries: number; purged: number }> {
    const em = this.em();
    const events = await em.execute<Row[]>(
      `select id from webhook_events where dispatched_at is null and created_at < now() - interval '1 minute' order by created_at limit 500`,
    );
    await this.dispatchSoon(events.map((e) => e.id as string), 0, true);
    const late = await em.execute<Row[]>(
      `select id, round from webhook_deliveries where status = 'pending' and next_attempt_at < now() - interval '2 minutes' order by next_attempt_at limit 500`,
    );
    for (const d of late) await this.enqueue(d.id as string, Number(d.round));
    const purged = await em.execute<Row[]>(`delete from webhook_events where created_at < now() - interval '30 days' returning id`);
    return { events: events.length, deliveries: late.length, purged: purged.length };
  }
}
