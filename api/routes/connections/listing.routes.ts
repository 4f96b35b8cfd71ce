import { defineRoute } from '../route';
import { callerOf } from './caller';
import { ConnectionsPageDto, ConnectionStatusDto, ListConnectionsQuery, StatusQuery } from './schemas';

export const listConnectionsRoute = defineRoute({
  method: 'get',
  path: '/api/v1/connections',
  operationId: 'listConnections',
  summary: 'List connections',
  message: 'Connections fetched',
  description:
    "The caller's connections with their ad accounts, granted scopes and the features those scopes leave out; never a token. " +
    'Newest first, paged as `{ items, nextCursor }`: pass `nextCursor` as `cursor` for the next page (null on the last).',
  tags: ['Connections'],
  auth: 'external',
  query: ListConnectionsQuery,
  response: { schema: ConnectionsPageDto },
  errors: [400],
  handler: async ({ deps, auth, query, em }) => ({ data: await deps.services.connections.page(em, callerOf(auth), query) }),
});

export const connectionStatusRoute = defineRoute({
  method: 'get',
  path: '/api/v1/connections/status',
  operationId: 'connectionStatus',
  summary: 'Get the connection status',
  message: 'Connection status fetched',
  description: 'One item per platform: whether the caller is connected, the connection state, the granted scopes, the features they leave out, and its ad accounts.',
  tags: ['Connections'],
  auth: 'external',
  query: StatusQuery,
  response: { schema: ConnectionStatusDto },
  handler: async ({ deps, auth, query, em }) => ({ data: await deps.services.connections.status(em, callerOf(auth), query.platform) }),
});
