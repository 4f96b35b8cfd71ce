import { z } from '../../../shared/infra/zod-openapi';
import { defineRoute, type RouteSpec } from '../route';
import { ADMINS, tenantOf } from './require-role';
import {
  CreateWebhookDto,
  DeliveriesQuery,
  DeliveryParams,
  RotateWebhookSecretDto,
  UpdateWebhookDto,
  WebhookDeliveriesPageDto,
  WebhookDeliveryDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
  WebhookIdParams,
} from './webhooks.schemas';

const tags = ['Webhooks'];
const base = '/api/v1/tenant/webhooks';

export const webhookRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: base,
    operationId: 'createWebhook',
    summary: 'Add a webhook endpoint (owner/admin)',
    description:
      'Answers the signing secret once. Deliveries are signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, ' +
      '`webhook-signature`). The URL must be https and resolve to public addresses.',
    tags,
    auth: 'tenant',
    body: CreateWebhookDto,
    response: { status: 201, schema: WebhookEndpointWithSecretDto },
    errors: [403],
    handler: async ({ deps, em, auth, body }) => ({
      data: await deps.services.webhooks.endpoints.create(em, tenantOf(auth, ADMINS), body),
      status: 201,
      message: 'Webhook endpoint created',
    }),
  }),
  defineRoute({
    method: 'get',
    path: base,
    operationId: 'listWebhooks',
    summary: "The tenant's webhook endpoints (owner/admin)",
    tags,
    auth: 'tenant',
    response: { schema: z.array(WebhookEndpointDto) },
    errors: [403],
    handler: async ({ deps, em, auth }) => ({ data: await deps.services.webhooks.endpoints.list(em, tenantOf(auth, ADMINS)), message: 'Webhook endpoints fetched' }),
  }),
  defineRoute({
    method: 'get',
    path: `${base}/{id}`,
    operationId: 'getWebhook',
    summary: 'One webhook endpoint (owner/admin)',
    tags,
    auth: 'tenant',
    params: WebhookIdParams,
    response: { schema: WebhookEndpointDto },
    errors: [403, 404],
    handler: async ({ deps, em, auth, params }) => ({
      data: await deps.services.webhooks.endpoints.get(em, tenantOf(auth, ADMINS), params.id),
      message: 'Webhook endpoint fetched',
    }),
  }),
  defineRoute({
    method: 'patch',
    path: `${base}/{id}`,
    operationId: 'updateWebhook',
    summary: 'Change a webhook endpoint (owner/admin)',
    description: 'Only the fields sent change. `enabled: true` re-enables an endpoint the gateway disabled and restarts its failure window.',
    tags,
    auth: 'tenant',
    params: WebhookIdParams,
    body: UpdateWebhookDto,
    response: { schema: WebhookEndpointDto },
    errors: [403, 404],
    handler: async ({ deps, em, auth, params, body }) => ({
      data: await deps.services.webhooks.endpoints.update(em, tenantOf(auth, ADMINS), params.id, body),
      message: 'Webhook endpoint updated',
    }),
  }),
  defineRoute({
    method: 'delete',
    path: `${base}/{id}`,
    operationId: 'deleteWebhook',
    summary: 'Remove a webhook endpoint and its delivery log (owner/admin)',
    tags,
    auth: 'tenant',
    params: WebhookIdParams,
    response: { schema: z.object({ id: z.string().uuid(), deleted: z.literal(true) }) },
    errors: [403, 404],
    handler: async ({ deps, em, auth, params }) => {
      await deps.services.webhooks.endpoints.remove(em, tenantOf(auth, ADMINS), params.id);
      return { data: { id: params.id, deleted: true }, message: 'Webhook endpoint removed' };
    },
  }),
  defineRoute({
    method: 'post',
    path: `${base}/{id}/secret/rotate`,
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the signing secret (owner/admin)',
    description: 'Answers the new secret once. During the grace period every delivery carries two signatures, one per secret.',
    tags,
    auth: 'tenant',
    params: WebhookIdParams,
    body: RotateWebhookSecretDto,
    response: { status: 201, schema: WebhookEndpointWithSecretDto },
    errors: [403, 404],
    handler: async ({ deps, em, auth, params, body }) => ({
      data: await deps.services.webhooks.endpoints.rotateSecret(em, tenantOf(auth, ADMINS), params.id, body.graceSeconds),
      status: 201,
      message: 'Webhook secret rotated',
    }),
  }),
  defineRoute({
    method: 'get',
    path: `${base}/{id}/deliveries`,
    operationId: 'listWebhookDeliveries',
    summary: 'Delivery log of an endpoint, newest first (owner/admin)',
    tags,
    auth: 'tenant',
    params: WebhookIdParams,
    query: DeliveriesQuery,
    response: { schema: WebhookDeliveriesPageDto },
    errors: [403, 404],
    handler: async ({ deps, em, auth, params, query }) => ({
      data: await deps.services.webhooks.endpoints.deliveries(em, tenantOf(auth, ADMINS), params.id, query),
      message: 'Deliveries fetched',
    }),
  }),
  defineRoute({
    method: 'post',
    path: `${base}/{id}/deliveries/{deliveryId}/redeliver`,
    operationId: 'redeliverWebhook',
    summary: 'Send a delivery again (owner/admin)',
    description: 'Same event, same `webhook-id`, a fresh retry schedule. The endpoint must be enabled.',
    tags,
    auth: 'tenant',
    params: DeliveryParams,
    response: { status: 202, schema: WebhookDeliveryDto },
    errors: [403, 404],
    handler: async ({ deps, em, auth, params }) => ({
      data: await deps.services.webhooks.endpoints.redeliver(em, tenantOf(auth, ADMINS), params.id, params.deliveryId),
      status: 202,
      message: 'Redelivery queued',
    }),
  }),
];
