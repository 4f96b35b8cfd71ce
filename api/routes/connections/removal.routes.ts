import { z } from '../../../shared/infra/zod-openapi';
import { defineRoute } from '../route';
import { callerOf } from './caller';
import { AdAccountViewDto, RemoveAccountParams, RevokeParams, StatusQuery } from './schemas';

export const removeAdAccountRoute = defineRoute({
  method: 'delete',
  path: '/api/v1/connections/ad-accounts/{adAccountId}',
  operationId: 'removeConnectionAdAccount',
  summary: 'Remove an ad account',
  message: 'Ad account removed',
  description: "Removes the account from the caller's connection: ownership and validation are dropped. `platform` disambiguates ids that exist on several platforms.",
  tags: ['Connections'],
  auth: 'external',
  params: RemoveAccountParams,
  query: StatusQuery,
  response: { schema: z.object({ removed: AdAccountViewDto }) },
  errors: [404],
  handler: async ({ deps, auth, params, query, em }) => ({
    data: await deps.services.connections.removeAccount(em, callerOf(auth), params.adAccountId, query.platform),
  }),
});

export const revokeConnectionRoute = defineRoute({
  method: 'delete',
  path: '/api/v1/connections/{connectionId}',
  operationId: 'revokeConnection',
  summary: 'Revoke a connection',
  message: 'Connection revoked',
  description: 'Revokes the connection at the platform where it supports revocation, and locally; its ad accounts stop validating at once.',
  tags: ['Connections'],
  auth: 'external',
  params: RevokeParams,
  response: { schema: z.object({ connectionId: z.string(), status: z.literal('revoked'), platformRevoked: z.boolean() }) },
  errors: [404],
  handler: async ({ deps, auth, params, em }) => ({ data: await deps.services.connections.revoke(em, callerOf(auth), params.connectionId) }),
});
