import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '../shared/infra/zod-openapi';
import type { ZodTypeAny } from 'zod';
import { ERROR_CODES } from '../shared/errors/app-error';
import type { RouteSpec } from './routes/route';
import { registerWebhookDocs } from './routes/tenant/webhooks.openapi';
import { JobAcceptedDto } from './routes/jobs/job.schemas';
import { SECURITY, describe, headerParameters, registerWire, responseHeaders, takesIdempotencyKey } from './openapi-wire';
import { addExamples } from './openapi-examples';
import { addContractNames } from './openapi-names';
import { API_DESCRIPTION, TAG_TEXT } from './openapi-text';
import { WriteDryRunEnvelope } from './routes/dry-run.schemas';

export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    message: z.string().openapi({ example: 'Validation failed' }),
    timestamp: z.string().datetime(),
    statusCode: z.number().int().openapi({ example: 400 }),
    path: z.string().openapi({ example: '/api/v1/facebook/campaigns' }),
    requestId: z.string().openapi({ example: '7f1c2a9e-4b6d-4c1e-9a51-0e4f4b1d2c3a' }),
    error: z.object({
      code: z.enum(ERROR_CODES).openapi({ description: 'Stable machine-readable code; the HTTP status follows from it' }),
      details: z.array(z.record(z.unknown())).openapi({
        description: 'Field errors `{ path, message }`, or the platform’s error `{ platform, code, subcode, message, traceId }`',
        example: [{ path: 'body.name', message: 'Required' }],
      }),
      confirmToken: z.string().optional().openapi({ description: 'CONFIRMATION_REQUIRED only: send the same request again with `Confirm: <confirmToken>` within 10 minutes to run it (once)' }),
      platform: z
        .unknown()
        .optional()
        .openapi({
          description:
            "Proxied calls only (`/api/v1/{platform}/proxy/…`): the platform's own error object as it answered it (Meta `error`, TikTok `{ code, message, request_id }`, Google `error`, LinkedIn's body), credentials removed",
        }),
    }),
    jobId: z.string().uuid().optional().openapi({ description: 'Set when the error is the outcome of a job that ran (e.g. the platform refused a write)' }),
    pollUrl: z.string().optional().openapi({ description: 'That job: `GET /api/v1/jobs/{jobId}`' }),
  })
  .openapi('StandardErrorEnvelopeDto');

/** The team-scoped surface (`/api/v1/{teamId}/…`) names the same envelope `ErrorResponse`. */
const TEAM_PREFIX = '/api/v1/{teamId}/';
const errorSchema = (r: RouteSpec) => ({ $ref: `#/components/schemas/${r.path.startsWith(TEAM_PREFIX) ? 'ErrorResponse' : 'StandardErrorEnvelopeDto'}` });

/**
 * A named query DTO is sent as one query parameter per field, and is also listed under
 * `components.schemas` by its name, referenced from the operation's `x-query-schema`.
 */
function namedQuery(registry: OpenAPIRegistry, r: RouteSpec, done: Map<string, unknown>): { 'x-query-schema'?: { $ref: string } } {
  const name = r.query?._def.openapi?._internal?.refId;
  if (!r.query || !name) return {};
  // One name, one schema: a generated client would otherwise get a type that fits neither.
  if (done.has(name) && done.get(name) !== r.query) throw new Error(`Two query schemas are named ${name} (${r.operationId})`);
  if (!done.has(name)) registry.register(name, r.query);
  done.set(name, r.query);
  return { 'x-query-schema': { $ref: `#/components/schemas/${name}` } };
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The success envelope of one operation, named after it so generated clients get one type per answer. */
const successEnvelope = (r: RouteSpec, data: ZodTypeAny, status: number, name: string) =>
  z
    .object({
      success: z.literal(true),
      message: z.string().openapi({ example: status === 202 ? 'Job accepted' : (r.message ?? r.summary) }),
      timestamp: z.string().datetime(),
      statusCode: z.number().int().openapi({ example: status }),
      data,
      ...(r.job ? jobFields(status !== 202 && r.answersWithoutJob === true) : {}),
    })
    .openapi(name);

/** `jobId`/`pollUrl` beside `data`; optional where a 200 may come straight back without a job. */
function jobFields(optional: boolean) {
  const jobId = z.string().uuid();
  const pollUrl = z.string();
  const when = optional ? '; absent when the answer came back directly, without starting a job' : '';
  return {
    jobId: (optional ? jobId.optional() : jobId).openapi({ description: `The job this answer started or joined (also on a synchronous 200)${when}` }),
    pollUrl: (optional ? pollUrl.optional() : pollUrl).openapi({
      description: `The job record: \`GET /api/v1/jobs/{jobId}\`${when}`,
      example: '/api/v1/jobs/5b0c7d1e-8f2a-4c3b-9d4e-1f2a3b4c5d6e',
    }),
  };
}

/** A write route answers `dryRun=true` with 200 too, in its own envelope (no job). */
const orDryRun = (r: RouteSpec, envelope: ZodTypeAny): ZodTypeAny => (r.job === 'write' && r.query?.shape.dryRun ? z.union([envelope, WriteDryRunEnvelope]) : envelope);

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input (VALIDATION_FAILED, MALFORMED_JSON, INVALID_QUERY)',
  401: 'Missing or invalid credential',
  403: 'Not allowed',
  404: 'Not found in the caller’s tenant',
  409: 'State conflict',
  413: 'Body over the limit',
  422: 'The platform rejected the request (PLATFORM_REJECTED), or it breaks a tenant guardrail (GUARDRAIL_EXCEEDED)',
  429: 'Rate limited; see Retry-After',
  500: 'Unexpected error',
  502: 'Platform failed after retries (PLATFORM_UNAVAILABLE), or no longer serves the configured API version (PLATFORM_VERSION_RETIRED)',
  503: 'A backing service (database, Redis) is unavailable; see Retry-After',
  504: 'Platform timed out',
};

/** Builds the OpenAPI 3.1 document from the same zod schemas the routes validate with. */
export function buildOpenApi(routes: RouteSpec[], version: string): object {
  const registry = new OpenAPIRegistry();
  registry.register('StandardErrorEnvelopeDto', ErrorEnvelope);
  registry.registerComponent('schemas', 'ErrorResponse', {
    $ref: '#/components/schemas/StandardErrorEnvelopeDto',
    description: 'The error envelope, as the team-scoped surface (`/api/v1/{teamId}/…`) names it',
  });
  const queries = new Map<string, unknown>();
  registerWire(registry);
  const documented = routes.filter((r) => !r.hidden);
  const examples = new Map<string, unknown>();
  let jobAccepted: ZodTypeAny | undefined;

  for (const r of documented) {
    const errors = new Set<number>([400, 429, 500, 503, ...(r.errors ?? [])]);
    if (r.auth !== 'none') errors.add(401);
    if (takesIdempotencyKey(r)) errors.add(409);
    if (r.job === 'write' && r.query?.shape.dryRun) errors.add(422);
    const status = r.response?.status ?? 200;
    const media = r.response?.mediaType;
    const responses: Record<string, ResponseConfig> = {
      [String(status)]: {
        description: r.response?.description ?? r.summary,
        headers: responseHeaders(r, status),
        content: {
          ...(media
            ? { [media]: { schema: r.response?.schema ?? z.string() } }
            : { 'application/json': { schema: orDryRun(r, successEnvelope(r, r.response?.schema ?? z.null(), status, `${pascal(r.operationId)}Response`)) } }),
          ...Object.fromEntries(Object.entries(r.response?.alternatives ?? {}).map(([type, schema]) => [type, { schema }])),
        },
      },
    };
    if (r.job) {
      jobAccepted ??= successEnvelope(r, JobAcceptedDto, 202, 'JobAcceptedResponse');
      responses['202'] = {
        description: 'The job was accepted (or is still running after the wait): poll `Location`',
        headers: responseHeaders(r, 202),
        content: { 'application/json': { schema: jobAccepted } },
      };
    }
    for (const s of [...errors].sort()) {
      if (s >= 300 && s < 400) {
        responses[String(s)] = { description: 'Redirect', headers: { ...responseHeaders(r, s), Location: { description: 'Where to go next', schema: { type: 'string' } } } };
        continue;
      }
      responses[String(s)] = {
        description: ERROR_TEXT[s] ?? 'Error',
        headers: responseHeaders(r, s),
        content: { 'application/json': { schema: errorSchema(r) } },
      };
    }
    if (r.response?.example !== undefined) examples.set(`${r.method} ${r.path}`, r.response.example);
    registry.registerPath({
      method: r.method,
      path: r.path,
      operationId: r.operationId,
      ...(r.deprecated ? { deprecated: true } : {}),
      summary: r.summary,
      description: (r.deprecated ? '**Deprecated**: an older form kept working; use its replacement documented beside it. ' : '') + describe(r),
      tags: r.tags,
      security: SECURITY[r.auth],
      parameters: headerParameters(r),
      request: {
        params: r.params,
        query: r.query,
        body: r.body ? { content: { 'application/json': { schema: r.body } }, required: true } : undefined,
      },
      responses,
      ...namedQuery(registry, r, queries),
    });
  }

  registerWebhookDocs(registry);

  const usedTags = [...new Set(documented.flatMap((r) => r.tags))];
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Ads Accounts Gateway',
      version,
      description: API_DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Ads Accounts Gateway team', url: 'https://example.com/ads-accounts-gateway' },
    },
    servers: [{ url: '/' }],
    tags: usedTags.map((name) => ({ name, description: TAG_TEXT[name] ?? `${name} operations.` })),
  });
  dedupeAlternatives(doc);
  nullableEnums(doc);
  addContractNames(doc as Parameters<typeof addContractNames>[0]);
  addExamples(doc, examples);
  return doc;
}

/** Unions built from several zod schemas can list the same JSON schema twice; the linters flag that. */
function dedupeAlternatives(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  for (const k of ['anyOf', 'oneOf']) {
    const list = o[k];
    if (Array.isArray(list)) {
      const seen = new Set<string>();
      o[k] = list.filter((s) => {
        const key = JSON.stringify(s);
        return seen.has(key) ? false : (seen.add(key), true);
      });
    }
  }
  for (const v of Object.values(o)) dedupeAlternatives(v);
}

/**
 * zod-to-openapi renders `z.enum([...]).nullable()` as `type: [string, null]` with an `enum` that
 * lacks null, which refuses the null the type allows; JSON Schema needs null in the enum too.
 */
function nullableEnums(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (Array.isArray(o.enum) && Array.isArray(o.type) && o.type.includes('null') && !o.enum.includes(null)) o.enum = [...o.enum, null];
  for (const v of Object.values(o)) nullableEnums(v);
}
