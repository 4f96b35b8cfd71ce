import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '../shared/infra/zod-openapi';
import type { ZodTypeAny } from 'zod';
import type { RouteSpec } from './routes/route';
import { registerWebhookDocs } from './routes/tenant/webhooks.openapi';

export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    message: z.string(),
    timestamp: z.string().datetime(),
    statusCode: z.number().int(),
    path: z.string(),
    requestId: z.string(),
    error: z.object({
      code: z.string().openapi({ description: 'One of the codes in the error table of the API contract' }),
      details: z.array(z.record(z.unknown())),
    }),
  })
  .openapi('StandardErrorEnvelopeDto');

const successEnvelope = (data: ZodTypeAny) =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    timestamp: z.string().datetime(),
    statusCode: z.number().int(),
    data,
  });

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input (VALIDATION_FAILED, MALFORMED_JSON, INVALID_QUERY)',
  401: 'Missing or invalid credential',
  403: 'Not allowed',
  404: 'Not found in the caller’s tenant',
  409: 'State conflict',
  413: 'Body over the limit',
  422: 'The platform rejected the request',
  429: 'Rate limited; see Retry-After',
  500: 'Unexpected error',
  502: 'Platform failed after retries',
  503: 'A backing service (database, Redis) is unavailable; see Retry-After',
  504: 'Platform timed out',
};

const SECURITY: Record<RouteSpec['auth'], Record<string, string[]>[]> = {
  none: [],
  external: [{ bearer: [] }, { apiKey: [], externalUser: [] }, { tokenQuery: [] }],
  'external-or-key': [{ bearer: [] }, { apiKey: [], externalUser: [] }, { tokenQuery: [] }, { apiKey: [] }],
  team: [{ apiKey: [] }],
  'api-key': [{ apiKey: [] }],
  'external-refresh': [{ bearer: [] }],
  'team-refresh': [{ apiKey: [], bearer: [] }],
  tenant: [{ bearer: [] }, { apiKey: [] }],
  'tenant-refresh': [{ bearer: [] }],
};

/** Builds the OpenAPI 3.1 document from the same zod schemas the routes validate with. */
export function buildOpenApi(routes: RouteSpec[], version: string): object {
  const registry = new OpenAPIRegistry();
  registry.register('StandardErrorEnvelopeDto', ErrorEnvelope);
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'x-api-key' });
  registry.registerComponent('securitySchemes', 'externalUser', {
    type: 'apiKey',
    in: 'header',
    name: 'x-external-user-id',
    description: 'With x-api-key: the external user acted for (or `externalUserId` in query/body)',
  });
  registry.registerComponent('securitySchemes', 'tokenQuery', { type: 'apiKey', in: 'query', name: 'token' });

  for (const r of routes) {
    const errors = new Set<number>([400, 429, 500, 503, ...(r.errors ?? [])]);
    if (r.auth !== 'none') errors.add(401);
    const responses: Record<string, ResponseConfig> = {
      [String(r.response?.status ?? 200)]: {
        description: r.response?.description ?? r.summary,
        content: { 'application/json': { schema: successEnvelope(r.response?.schema ?? z.unknown()) } },
      },
    };
    for (const s of [...errors].sort()) {
      responses[String(s)] = {
        description: ERROR_TEXT[s] ?? 'Error',
        content: { 'application/json': { schema: ErrorEnvelope } },
      };
    }
    registry.registerPath({
      method: r.method,
      path: r.path,
      operationId: r.operationId,
      summary: r.summary,
      description: r.description,
      tags: r.tags,
      security: SECURITY[r.auth],
      request: {
        params: r.params,
        query: r.query,
        body: r.body ? { content: { 'application/json': { schema: r.body } }, required: true } : undefined,
      },
      responses,
    });
  }

  registerWebhookDocs(registry);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Ads Accounts Gateway',
      version,
      description:
        'One API over Meta, TikTok and Google Ads for multi-tenant SaaS. Every answer uses one envelope; ' +
        'errors carry a stable `error.code`. Writes run as jobs: 200 with the result, or 202 with a poll URL.',
    },
    servers: [{ url: '/' }],
  });
}
