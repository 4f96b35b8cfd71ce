import { z } from '../../../shared/infra/zod-openapi';
import { defineRoute } from '../route';
import { callerOf } from './caller';
import { ConnectionStatusDto, ConnectionStatusItemDto, StatusQuery } from './schemas';

export const listConnectionsRoute = defineRoute({
  method: 'get',
  path: '/api/v1/connections',
  operationId: 'listConnections',
  summary: 'Connections fetched',
  description: "All of the caller's connections with their ad accounts; never a token.",
  tags: ['Connections'],
  auth: 'external',
  query: StatusQuery,
  response: { schema: z.array(ConnectionStatusItemDto) },
  handler: async ({ deps, auth, query, em }) => ({ data: await deps.services.connections.list(em, callerOf(auth), query.platform) }),
});

export const connectionStatusRoute = defineRoute({
  method: 'get',
  path: '/api/v1/connections/status',
  operationId: 'connectionStatus',
  summary: 'Connection status fetched',
  description: 'One item per platform: whether the caller is connected, the connection state and its ad accounts.',
  tags: ['Connections'],
  auth: 'external',
  query: StatusQuery,
  response: { schema: ConnectionStatusDto },
  handler: async ({ deps, auth, query, em }) => ({ data: await deps.services.connections.status(em, callerOf(auth), query.platform) }),
});
