import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ZodTypeAny } from 'zod';
import { z } from '../../../shared/infra/zod-openapi';
import type { WebhookEventType } from '../../../shared/domain/webhooks/events';
import { JobDto } from '../jobs/job.schemas';
import { AdAccountViewDto, PlatformParam } from '../connections/schemas';
import { UnavailableFeatureDto } from '../connections/schemas';
import { AuditRecordDto } from '../audit/audit.schemas';

const ConnectionEventDto = z
  .object({
    connectionId: z.string().uuid(),
    externalUserId: z.string(),
    platform: PlatformParam,
    kind: z.enum(['oauth', 'token']),
    status: z.enum(['active', 'expired', 'revoked', 'error']),
    connected: z.boolean(),
    scopes: z.array(z.string()),
    unavailableFeatures: z.array(UnavailableFeatureDto),
    expiresAt: z.string().nullable(),
    lastRefreshedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('WebhookConnectionDto');

const AdAccountEventDto = AdAccountViewDto.extend({ platform: PlatformParam, externalUserId: z.string() }).openapi('WebhookAdAccountDto');

const VersionSunsettingDto = z
  .object({
    platform: PlatformParam,
    displayName: z.string().openapi({ example: 'Meta' }),
    version: z.string().openapi({ description: 'The platform API version the gateway uses', example: 'v25.0' }),
    configVariable: z.string().nullable().openapi({ description: 'The setting that chooses it; null when the adapter fixes it (TikTok)' }),
    sunset: z.string().openapi({ description: "The platform's sunset day (YYYY-MM-DD, UTC)", example: '2027-02-23' }),
    daysLeft: z.number().int(),
    threshold: z.union([z.literal(90), z.literal(30), z.literal(7)]).openapi({ description: 'The notice this is: 90, 30 or 7 days before the sunset' }),
    source: z.string().nullable().openapi({ description: "The platform's page the sunset date comes from" }),
  })
  .openapi('WebhookVersionSunsettingDto');

const EVENTS: Record<WebhookEventType, { data: ZodTypeAny; summary: string }> = {
  'job.completed': { data: JobDto, summary: 'A write or import job completed' },
  'job.failed': { data: JobDto, summary: 'A write or import job failed for good' },
  'import.completed': { data: JobDto, summary: 'An import job completed (sent besides job.completed)' },
  'write.completed': { data: AuditRecordDto, summary: "A write job completed: its audit record, outcome `completed` (sent besides job.completed)" },
  'write.failed': { data: AuditRecordDto, summary: 'A write job failed for good: its audit record, outcome `failed` (sent besides job.failed)' },
  'connection.created': { data: ConnectionEventDto, summary: 'An end user connected a platform (or brought a dead connection back with a new grant)' },
  'connection.reauth_required': { data: ConnectionEventDto, summary: 'The platform token was revoked or expired and cannot be refreshed' },
  'connection.revoked': { data: ConnectionEventDto, summary: 'The end user (or the tenant for them) revoked the connection' },
  'ad_account.activated': { data: AdAccountEventDto, summary: 'An ad account was activated for an end user' },
  'ad_account.deactivated': { data: AdAccountEventDto, summary: 'An ad account was deactivated or removed' },
  'platform.version_sunsetting': {
    data: VersionSunsettingDto,
    summary: 'The API version the gateway uses for a platform the tenant has connections on sunsets in 90, 30 or 7 days (sent once each)',
  },
};

const SIGNED_HEADERS = z.object({
  'webhook-id': z.string().openapi({ description: 'The event id; the same on every retry and redelivery (dedupe on it)' }),
  'webhook-timestamp': z.string().openapi({ description: 'Unix seconds of this attempt' }),
  'webhook-signature': z.string().openapi({ description: '`v1,<base64 HMAC-SHA256>`; space-separated when a rotated secret is in its grace period' }),
});

/** The OpenAPI 3.1 `webhooks` section: one entry per event type, with the body the endpoint receives. */
const webhookDocs: RouteConfig[] = Object.entries(EVENTS).map(([type, e]) => ({
  method: 'post',
  path: type,
  operationId: `webhook_${type.replace('.', '_')}`,
  summary: e.summary,
  description: 'Signed per Standard Webhooks (https://www.standardwebhooks.com). Answer 2xx within 10 s; anything else is retried for about 24 h.',
  tags: ['Webhooks'],
  // The gateway calls the tenant's endpoint: no credential of ours; the signature headers authenticate it.
  security: [],
  request: {
    headers: SIGNED_HEADERS,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({ id: z.string(), type: z.literal(type), createdAt: z.string().datetime(), data: e.data }),
        },
      },
    },
  },
  responses: { '200': { description: 'Any 2xx acknowledges the delivery' } },
}));

export function registerWebhookDocs(registry: OpenAPIRegistry): void {
  // Schemas only webhooks use are not collected from the webhooks themselves.
  registry.register('WebhookConnectionDto', ConnectionEventDto);
  registry.register('WebhookAdAccountDto', AdAccountEventDto);
  registry.register('WebhookVersionSunsettingDto', VersionSunsettingDto);
  for (const w of webhookDocs) registry.registerWebhook(w);
}
