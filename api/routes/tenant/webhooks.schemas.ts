import { z } from '../../../shared/infra/zod-openapi';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/domain/webhooks/events';

export const WebhookEventTypeEnum = z.enum(WEBHOOK_EVENT_TYPES).openapi('WebhookEventType');
const Events = z
  .union([z.literal('*'), z.array(WebhookEventTypeEnum).min(1).max(WEBHOOK_EVENT_TYPES.length)])
  .openapi({ description: 'The event types to receive, or `*` for all (including types added later)' });
const Url = z.string().trim().min(1).max(2000).openapi({ description: 'https only; must resolve to public addresses' });
const Description = z.string().trim().max(500).nullable();

export const CreateWebhookDto = z
  .object({ url: Url, events: Events, description: Description.optional(), enabled: z.boolean().optional() })
  .strict()
  .openapi('CreateWebhookDto');

export const UpdateWebhookDto = z
  .object({ url: Url.optional(), events: Events.optional(), description: Description.optional(), enabled: z.boolean().optional() })
  .strict()
  .refine((o) => Object.keys(o).length > 0, { message: 'send at least one field' })
  .openapi('UpdateWebhookDto');

export const RotateWebhookSecretDto = z
  .object({
    graceSeconds: z.number().int().min(0).max(7 * 24 * 3600).optional()
      .openapi({ description: 'How long the previous secret keeps signing alongside the new one (default 24 h; 0 = stop at once)' }),
  })
  .strict()
  .openapi('RotateWebhookSecretDto');

export const WebhookEndpointDto = z
  .object({
    id: z.string().uuid(),
    url: z.string(),
    events: Events,
    description: z.string().nullable(),
    enabled: z.boolean(),
    disabledReason: z.enum(['failing', 'by_tenant']).nullable().openapi({ description: '`failing`: every delivery failed for 3 days' }),
    disabledAt: z.string().datetime().nullable(),
    previousSecretExpiresAt: z.string().datetime().nullable().openapi({ description: 'Until then the previous secret signs too' }),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi('WebhookEndpointDto');

export const WebhookEndpointWithSecretDto = WebhookEndpointDto.extend({
  secret: z.string().openapi({ description: 'The signing secret (`whsec_…`). Shown once; store it now.' }),
}).openapi('WebhookEndpointWithSecretDto');

export const WebhookDeliveryDto = z
  .object({
    id: z.string().uuid(),
    eventId: z.string().openapi({ description: 'Also the `webhook-id` header, the same on every attempt' }),
    eventType: WebhookEventTypeEnum,
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastAttemptAt: z.string().datetime().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().datetime().nullable(),
    deliveredAt: z.string().datetime().nullable(),
    createdAt: z.string().datetime(),
  })
  .openapi('WebhookDeliveryDto');

export const WebhookDeliveriesPageDto = z
  .object({ items: z.array(WebhookDeliveryDto), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })
  .openapi('WebhookDeliveriesPageDto');

export const DeliveriesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(['pending', 'delivered', 'failed']).optional(),
});

export const WebhookIdParams = z.object({ id: z.string().uuid() });
export const DeliveryParams = z.object({ id: z.string().uuid(), deliveryId: z.string().uuid() });
