import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { RouteSpec } from './routes/route';

/*
 * What travels beside the body — request headers, response headers, security — registered once as
 * components and referenced per operation, so every route (present or added later) documents the
 * same wire without declaring it itself.
 */

const ref = (kind: 'headers' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` });

export function registerWire(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An external-user access token (from `/api/v1/auth/token`) or a tenant-user session token',
  });
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'x-api-key', description: "The tenant's API key" });
  registry.registerComponent('securitySchemes', 'externalUser', {
    type: 'apiKey',
    in: 'header',
    name: 'x-external-user-id',
    description: 'With x-api-key: the external user acted for (or `externalUserId` in the query: the `externalUserQuery` scheme, or in the JSON body)',
  });
  registry.registerComponent('securitySchemes', 'externalUserQuery', {
    type: 'apiKey',
    in: 'query',
    name: 'externalUserId',
    description: 'With x-api-key: the external user acted for, in the query string (the same as `x-external-user-id`; when both are sent they must agree)',
  });
  registry.registerComponent('securitySchemes', 'tokenQuery', {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'An external-user access token in the query string, for links; redacted from logs',
  });

  const str = { type: 'string' } as const;
  const int = { type: 'integer', minimum: 0 } as const;
  registry.registerComponent('headers', 'XRequestId', {
    description: "The request's id (the caller's `x-request-id` when it sent a valid one); also `requestId` in error envelopes",
    schema: { ...str, example: '7f1c2a9e-4b6d-4c1e-9a51-0e4f4b1d2c3a' },
  });
  registry.registerComponent('headers', 'RateLimitLimit', { description: "Requests per window for the caller's tenant", schema: { ...int, example: 600 } });
  registry.registerComponent('headers', 'RateLimitRemaining', { description: 'Requests left in the current window', schema: { ...int, example: 599 } });
  registry.registerComponent('headers', 'RateLimitReset', { description: 'Seconds until the window resets', schema: { ...int, example: 60 } });
  registry.registerComponent('headers', 'RateLimitPolicy', { description: 'The limit and its window in seconds, e.g. `600;w=60`', schema: { ...str, example: '600;w=60' } });
  registry.registerComponent('headers', 'RetryAfter', { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1, example: 30 } });
  registry.registerComponent('headers', 'Location', { description: 'The job to poll: `GET /api/v1/jobs/{jobId}`', schema: { ...str, example: '/api/v1/jobs/5b0c7d1e-8f2a-4c3b-9d4e-1f2a3b4c5d6e' } });
  registry.registerComponent('headers', 'ContentLocation', {
    description: 'The job that produced this answer: `GET /api/v1/jobs/{jobId}` (its result; for an import, its records under `/entities`)',
    schema: { ...str, example: '/api/v1/jobs/5b0c7d1e-8f2a-4c3b-9d4e-1f2a3b4c5d6e' },
  });
  registry.registerComponent('headers', 'IdempotentReplayed', {
    description: 'Sent (always `true`) when the Idempotency-Key matched an earlier request: this answer is that request’s outcome, nothing was executed again',
    schema: { type: 'string', enum: ['true'], example: 'true' },
  });

  registry.registerComponent('parameters', 'XRequestId', {
    name: 'x-request-id',
    in: 'header',
    required: false,
    description: 'Your id for this request (1–128 visible characters); echoed back and written to the logs. Generated when absent.',
    schema: { ...str, maxLength: 128, example: 'checkout-7f1c2a9e' },
  });
  registry.registerComponent('parameters', 'XExternalUserId', {
    name: 'x-external-user-id',
    in: 'header',
    required: false,
    description: 'With `x-api-key`: the external user acted for (the `externalUser` security scheme)',
    schema: { ...str, example: 'customer-42' },
  });
  registry.registerComponent('parameters', 'ExternalUserIdQuery', {
    name: 'externalUserId',
    in: 'query',
    required: false,
    description: 'With `x-api-key`: the external user acted for (the `externalUserQuery` security scheme); must agree with `x-external-user-id` when both are sent',
    schema: { ...str, example: 'customer-42' },
  });
  registry.registerComponent('parameters', 'IdempotencyKey', {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes the write or import safe to retry for 24 hours: the same key with the same body returns the first outcome (with `Idempotent-Replayed: true`) ' +
      'and never runs the job again; the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. 1–255 visible ASCII characters.',
    schema: { ...str, minLength: 1, maxLength: 255, example: '0b6f3c9e-2d4a-4f8b-9c1d-7e5a3b2c1d0f' },
  });
  registry.registerComponent('parameters', 'Confirm', {
    name: 'Confirm',
    in: 'header',
    required: false,
    description:
      'The `error.confirmToken` of a 409 CONFIRMATION_REQUIRED (or `confirmation.confirmToken` of a dry run): runs this exact request (same user, method, path, query and body) once, within 10 minutes of the token being issued.',
    schema: { ...str, maxLength: 1000, example: 'eyJpZCI6IjFmM2MiLCJleHAiOjE3OTk5OTk5OTk5OTksImgiOiJ4In0.c2lnbmF0dXJl' },
  });
  registry.registerComponent('parameters', 'Prefer', {
    name: 'Prefer',
    in: 'header',
    required: false,
    description: '`respond-async`: answer 202 at once with the job to poll instead of waiting for the outcome',
    schema: { type: 'string', enum: ['respond-async'], example: 'respond-async' },
  });
}

/**
 * Routes documented with `Idempotency-Key`: writes, and imports started by POST (the deprecated GET
 * imports are left as they were: a GET is not where a client expects to send one).
 */
export const takesIdempotencyKey = (r: RouteSpec): boolean => r.job === 'write' || (r.job === 'import' && r.method !== 'get');

/** Header (and credential query) parameters a route accepts beyond its own schemas. */
export function headerParameters(r: RouteSpec): { $ref: string }[] {
  const out = [ref('parameters', 'XRequestId')];
  if (r.auth === 'external' || r.auth === 'external-or-key' || r.auth === 'tenant-or-external') {
    out.push(ref('parameters', 'XExternalUserId'));
    // A query DTO that already names externalUserId documents it itself; twice would be a duplicate parameter.
    if (!r.query?.shape.externalUserId) out.push(ref('parameters', 'ExternalUserIdQuery'));
  }
  if (r.job) out.push(ref('parameters', 'Prefer'));
  if (takesIdempotencyKey(r)) out.push(ref('parameters', 'IdempotencyKey'));
  if (r.job === 'write' && r.query?.shape.dryRun) out.push(ref('parameters', 'Confirm'));
  return out;
}

/** Response headers of an answer with this status. */
export function responseHeaders(r: RouteSpec, status: number): Record<string, { $ref: string }> {
  const h: Record<string, { $ref: string }> = { 'x-request-id': ref('headers', 'XRequestId') };
  if (r.auth !== 'none') {
    for (const n of ['Limit', 'Remaining', 'Reset', 'Policy']) h[`RateLimit-${n}`] = ref('headers', `RateLimit${n}`);
  }
  if (status === 429 || status === 503) h['Retry-After'] = ref('headers', 'RetryAfter');
  if (status === 202) h.Location = ref('headers', 'Location');
  if (r.job && status === (r.response?.status ?? 200)) h['Content-Location'] = ref('headers', 'ContentLocation');
  if (takesIdempotencyKey(r) && status !== 400 && status !== 401 && status !== 429) h['Idempotent-Replayed'] = ref('headers', 'IdempotentReplayed');
  return h;
}

/** Security requirement alternatives per auth mode (any one entry suffices). */
export const SECURITY: Record<RouteSpec['auth'], Record<string, string[]>[]> = {
  none: [],
  external: [{ bearer: [] }, { apiKey: [], externalUser: [] }, { apiKey: [], externalUserQuery: [] }, { tokenQuery: [] }],
  'external-or-key': [{ bearer: [] }, { apiKey: [], externalUser: [] }, { apiKey: [], externalUserQuery: [] }, { tokenQuery: [] }, { apiKey: [] }],
  team: [{ apiKey: [] }],
  'api-key': [{ apiKey: [] }],
  'external-refresh': [{ bearer: [] }],
  'team-refresh': [{ apiKey: [], bearer: [] }],
  tenant: [{ bearer: [] }, { apiKey: [] }],
  'tenant-refresh': [{ bearer: [] }],
  'tenant-or-external': [{ bearer: [] }, { apiKey: [] }, { apiKey: [], externalUser: [] }, { apiKey: [], externalUserQuery: [] }, { tokenQuery: [] }],
};

const AUTH_TEXT: Record<RouteSpec['auth'], string> = {
  none: 'No credential needed.',
  external: 'As an external user: `Authorization: Bearer <access token>`, `x-api-key` + `x-external-user-id` (or `?externalUserId=`), or `?token=`.',
  'external-or-key':
    'As an external user (Bearer, `x-api-key` + `x-external-user-id` or `?externalUserId=`, or `?token=`), or the tenant itself with `x-api-key` alone.',
  team: 'With the tenant’s `x-api-key`.',
  'api-key': 'With the tenant’s `x-api-key`.',
  'external-refresh': 'With an external-user refresh token as Bearer.',
  'team-refresh': 'With the tenant’s `x-api-key` and an external-user refresh token as Bearer.',
  tenant: 'As a tenant user (session Bearer token) or with the tenant’s `x-api-key`.',
  'tenant-refresh': 'With a tenant-user refresh token as Bearer.',
  'tenant-or-external':
    'As a tenant user (session Bearer token) or with the tenant’s `x-api-key` alone, for the whole tenant; or as an external user (Bearer, `x-api-key` + `x-external-user-id` or `?externalUserId=`, or `?token=`), for its own.',
};

const JOB_TEXT = {
  write:
    'Runs as a write job: 200 with the platform’s result when it finishes within the wait, otherwise (or with `Prefer: respond-async`) ' +
    '202 with `Location` and the job to poll. Send an `Idempotency-Key` to retry safely.',
  import:
    'Runs as an import job: 200 when it finishes within the wait, otherwise (or with `Prefer: respond-async`) 202 with `Location` and ' +
    'the job to poll; a second request while one runs joins it.',
  report:
    'A report above `REPORT_JOB_SIZE` (accounts × days × level weight, see the description), or any report sent with `Prefer: respond-async`, ' +
    'runs as a report job: 202 with `Location` and the job to poll; its rows are paged through `GET /api/v1/jobs/{jobId}/entities`.',
};

/** The operation's description: its own text (or summary), then how to authenticate and, for jobs, how the answer arrives. */
export function describe(r: RouteSpec): string {
  const parts = [r.description ?? `${r.summary}.`, AUTH_TEXT[r.auth]];
  if (r.job) parts.push(JOB_TEXT[r.job]);
  return parts.join('\n\n');
}
