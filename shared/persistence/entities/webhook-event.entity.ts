import { EntitySchema } from '@mikro-orm/core';

/**
 * One outbox row per event. Persisted in the unit of work of the change it reports, so the change
 * and its event commit together; delivery rows are fanned out from it afterwards.
 */
export interface WebhookEvent {
  id: string;
  tenantId: string;
  type: string;
  /** The exact JSON body every endpoint receives (kept as text so retries send identical bytes). */
  payload: string;
  createdAt: Date;
  dispatchedAt?: Date | null;
}

export const WebhookEvent = new EntitySchema<WebhookEvent>({
  name: 'WebhookEvent',
  tableName: 'webhook_events',
  properties: {
    id: { type: 'string', primary: true },
    tenantId: { type: 'uuid' },
    type: { type: 'string' },
    payload: { type: 'text' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    dispatchedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
