import { defineRoute, type RouteSpec } from '../route';
import { RotatedApiKeyDto, TenantApiKeyDto } from './schemas';
import { OWNER, ADMINS, tenantOf } from './require-role';

export const apiKeyRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/tenant/api-key',
    operationId: 'getTenantApiKey',
    summary: "Get the tenant's masked API keys (owner/admin)",
    tags: ['Tenant'],
    auth: 'tenant',
    response: { schema: TenantApiKeyDto },
    errors: [403],
    handler: async ({ deps, em, auth }) => ({ data: await deps.services.apiKeys.list(em, tenantOf(auth, ADMINS)), message: 'API key fetched' }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/tenant/api-key',
    operationId: 'rotateTenantApiKey',
    summary: 'Rotate the API key (owner)',
    description:
      'Returns the new key once. The previous key keeps working for the grace period (`API_KEY_GRACE_SECONDS`, 24 h by default), then answers 401.',
    tags: ['Tenant'],
    auth: 'tenant',
    response: { status: 201, schema: RotatedApiKeyDto },
    errors: [403],
    handler: async ({ deps, em, auth }) => ({
      data: await deps.services.apiKeys.rotate(em, tenantOf(auth, OWNER)),
      status: 201,
      message: 'API key rotated',
    }),
  }),
];
