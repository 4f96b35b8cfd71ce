import { TeamParams } from '../auth/schemas';
import { defineRoute } from '../route';
import { callerOf } from './caller';
import { AdAccountViewDto, ConnectionsPageDto, ListConnectionsQuery, TeamActivateDto } from './schemas';

export const teamActivateRoute = defineRoute({
  method: 'post',
  path: '/api/v1/{teamId}/connections',
  operationId: 'teamActivateAdAccount',
  summary: 'Activate an ad account for a team',
  message: 'Ad account activated',
  description: 'Team-scoped twin of POST /api/v1/connections/{platform}/activate, with the platform in the body.',
  tags: ['Team'],
  auth: 'team',
  params: TeamParams,
  body: TeamActivateDto,
  response: { schema: AdAccountViewDto },
  errors: [400, 401, 403, 404, 409, 422, 429, 500],
  handler: async ({ deps, auth, body, em }) => ({
    data: await deps.services.connections.activate(em, callerOf(auth), body.platform, body.adAccountId, body.accessToken),
  }),
});

export const teamListRoute = defineRoute({
  method: 'get',
  path: '/api/v1/{teamId}/connections',
  operationId: 'teamListConnections',
  summary: "List a team's connections",
  message: 'Connections fetched',
  description: 'Team-scoped twin of GET /api/v1/connections (paged as `{ items, nextCursor }`).',
  tags: ['Team'],
  auth: 'team',
  params: TeamParams,
  query: ListConnectionsQuery,
  response: { schema: ConnectionsPageDto },
  errors: [400, 401, 403, 404, 409, 422, 429, 500],
  handler: async ({ deps, auth, query, em }) => ({ data: await deps.services.connections.page(em, callerOf(auth), query) }),
});
