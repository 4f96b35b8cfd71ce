import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WebhookEvent } from '../../persistence/entities/webhook-event.entity';
import type { Connection } from '../../persistence/entities/connection.entity';
import { unavailableFeatures } from '../../platforms/core/scopes';
import { scopeModelOf } from '../../platforms';

export const WEBHOOK_EVENT_TYPES = [
  'job.completed',
  'job.failed',
  'import.completed',
  'write.completed',
  'write.failed',
  'connection.created',
  'connection.reauth_required',
  'connection.revoked',
  'ad_account.activated',
  'ad_account.deactivated',
  /** The platform API version in use sunsets within 90, 30 or 7 days (docs/webhooks.md). */
  'platform.version_sunsetting',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What every endpoint receives: the resource as the API shows it, under `data`. */
export interface WebhookPayload {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: unknown;
}

/** Also the `webhook-id` header: stable across retries and redeliveries, so receivers can dedupe. */
export const newEventId = () => `evt_${randomBytes(16).toString('hex')}`;

/**
 * Records an event in the caller's unit of work: it commits with the caller's next flush (or the
 * enclosing transaction) and is then fanned out to the tenant's endpoints. A crash before the
 * commit loses the change and its event together; after it, the sweeper finds the event.
 */
export function emitEvent(em: EntityManager, tenantId: string, type: WebhookEventType, data: unknown): WebhookEvent {
  const createdAt = new Date();
  const id = newEventId();
  const payload: WebhookPayload = { id, type, createdAt: createdAt.toISOString(), data };
  const event = em.create(WebhookEvent, { id, tenantId, type, payload: JSON.stringify(payload), createdAt, dispatchedAt: null });
  em.persist(event);
  return event;
}

/** The tenant's own id for its end user (rows reference the gateway's internal id). */
export async function externalIdOf(em: EntityManager, userId: string): Promise<string> {
  const rows = await em.execute<{ external_id: string }[]>('select external_id from external_users where id = ?', [userId]);
  return rows[0]?.external_id ?? userId;
}

/** A connection's fields as the connections API lists them (without its accounts or whose it is). */
export function connectionFields(c: Connection) {
  return {
    connectionId: c.id,
    platform: c.platform,
    kind: c.kind,
    status: c.status,
    connected: c.status === 'active',
    scopes: c.scopes,
    unavailableFeatures: unavailableFeatures(scopeModelOf(c.platform), c.scopes),
    expiresAt: c.expiresAt?.toISOString() ?? null,
    lastRefreshedAt: c.lastRefreshedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

/** A connection as the connections API lists it (without its accounts), plus whose it is. */
export async function connectionEventData(em: EntityManager, c: Connection) {
  const { connectionId, ...rest } = connectionFields(c);
  return { connectionId, externalUserId: await externalIdOf(em, c.externalUserId), ...rest };
}
