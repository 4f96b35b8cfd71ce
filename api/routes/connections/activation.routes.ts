import { defineRoute } from '../route';
import { callerOf } from './caller';
import { ActivateAdAccountDto, AdAccountViewDto, DeactivateAdAccountDto, PlatformParams } from './schemas';

export const activateRoute = defineRoute({
  method: 'post',
  path: '/api/v1/connections/{platform}/activate',
  operationId: 'activateAdAccount',
  summary: 'Activate an ad account',
  message: 'Ad account activated',
  description:
    "Validates the account against the platform (with the given token, e.g. a Meta system-user token, or the caller's connection) and marks it validated and owned by the caller.",
  tags: ['Connections'],
  auth: 'external',
  params: PlatformParams,
  body: ActivateAdAccountDto,
  response: { schema: AdAccountViewDto },
  errors: [403, 404, 409, 422, 429, 502],
  handler: async ({ deps, auth, params, body, em }) => ({
    data: await deps.services.connections.activate(em, callerOf(auth), params.platform, body.adAccountId, body.accessToken),
  }),
});

export const deactivateRoute = defineRoute({
  method: 'post',
  path: '/api/v1/connections/{platform}/deactivate',
  operationId: 'deactivateAdAccount',
  summary: 'Deactivate an ad account',
  message: 'Ad account deactivated',
  description: 'The account stops passing the ownership check at once, on every replica, until activated again.',
  tags: ['Connections'],
  auth: 'external',
  params: PlatformParams,
  body: DeactivateAdAccountDto,
  response: { schema: AdAccountViewDto },
  errors: [403, 404],
  handler: async ({ deps, auth, params, body, em }) => ({
    data: await deps.services.connections.deactivate(em, callerOf(auth), params.platform, body.adAccountId),
  }),
});
