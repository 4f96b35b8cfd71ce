import { defineRoute, type RouteSpec } from '../route';
import { AppError } from '../../../shared/errors/app-error';
import { AuthTokensDto, CreateAuthTokenDto, CreateTeamAuthTokenDto, TeamParams } from './schemas';

const bearerOf = (authorization: string | undefined) => /^Bearer[ ]+(\S+)/i.exec(authorization ?? '')?.[1] ?? '';

const tenantOf = (auth: { kind: string; tenantId?: string }) => {
  if (!auth.tenantId) throw new AppError('UNAUTHENTICATED', 'A tenant credential is required');
  return auth.tenantId;
};

export const tokenRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/auth/token',
    operationId: 'createAuthToken',
    summary: 'Issue tokens for an external user (created on first use)',
    description: 'Server-to-server with `x-api-key`. Starts a new refresh-token family.',
    tags: ['Authorization'],
    auth: 'api-key',
    body: CreateAuthTokenDto,
    response: { schema: AuthTokensDto },
    handler: async ({ deps, em, auth, body }) => ({
      data: await deps.services.externalUsers.issueTokens(em, tenantOf(auth as never), body.externalUserId, body),
      message: 'Tokens issued',
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/auth/refresh',
    operationId: 'refreshAuthToken',
    summary: 'Rotate an external user refresh token',
    description:
      '`Authorization: Bearer <refreshToken>`. The presented token stops working; presenting it again revokes ' +
      'every token of its family (401).',
    tags: ['Authorization'],
    auth: 'external-refresh',
    response: { schema: AuthTokensDto },
    handler: async ({ deps, em, req }) => ({
      data: await deps.services.externalUsers.refresh(em, bearerOf(req.headers.authorization)),
      message: 'Tokens refreshed',
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/{teamId}/auth/token',
    operationId: 'createTeamAuthToken',
    summary: 'Issue tokens for a team (team-scoped twin of POST /auth/token)',
    tags: ['Team'],
    auth: 'team',
    params: TeamParams,
    body: CreateTeamAuthTokenDto.optional(),
    response: { schema: AuthTokensDto },
    errors: [403, 404, 409, 422],
    handler: async ({ deps, em, auth, params, body }) => ({
      data: await deps.services.externalUsers.issueTokens(em, tenantOf(auth as never), params.teamId, body ?? {}),
      message: 'Tokens issued',
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/{teamId}/auth/refresh',
    operationId: 'refreshTeamAuthToken',
    summary: "Rotate a team's refresh token (team-scoped twin of GET /auth/refresh)",
    description: '`x-api-key` plus `Authorization: Bearer <refreshToken>` issued for this team.',
    tags: ['Team'],
    auth: 'team-refresh',
    params: TeamParams,
    response: { schema: AuthTokensDto },
    errors: [403, 404, 409, 422],
    handler: async ({ deps, em, req }) => ({
      data: await deps.services.externalUsers.refresh(em, bearerOf(req.headers.authorization)),
      message: 'Tokens refreshed',
    }),
  }),
];
