import { AppError } from '../../../shared/errors/app-error';
import { gatewayBase } from '../../../shared/infra/public-url';
import { defineRoute } from '../route';
import { ConnectSessionDto, CreateConnectSessionDto } from './schemas';

export const createConnectSessionRoute = defineRoute({
  method: 'post',
  path: '/api/v1/connect/sessions',
  operationId: 'createConnectSession',
  summary: 'Create a Connect session',
  message: 'Connect session created',
  description:
    'A single-use link to the hosted Connect page, where the external user (created on first use) picks a platform, goes through its OAuth, ' +
    'and activates the ad accounts it finds. The link expires after 30 minutes; opening it binds the session to that browser. ' +
    'The page ends by posting a message to the window that opened it and/or by sending the browser to `returnUrl` (see docs/connect.md). ' +
    '409 PLATFORM_APP_NOT_CONFIGURED when a named platform (or, without `platforms`, every platform) has no tenant app.',
  tags: ['Connections'],
  auth: 'api-key',
  body: CreateConnectSessionDto,
  response: { status: 201, schema: ConnectSessionDto },
  errors: [409],
  handler: async ({ deps, auth, body, em, req }) => {
    if (auth.kind !== 'tenant-api-key') throw new AppError('UNAUTHENTICATED', 'A tenant API key is required');
    const base = gatewayBase(deps.config.PUBLIC_URL, `${req.protocol}://${req.get('host')}`);
    return { data: await deps.services.connect.sessions.create(em, auth.tenantId, body, base), status: 201 };
  },
});
