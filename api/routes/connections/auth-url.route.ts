import { defineRoute } from '../route';
import { callerOf } from './caller';
import { AuthUrlDto, AuthUrlRequestDto, PlatformParams } from './schemas';

export const authUrlRoute = defineRoute({
  method: 'post',
  path: '/api/v1/connections/{platform}/auth-url',
  operationId: 'createConnectionAuthUrl',
  summary: 'Create a platform authorization URL',
  message: 'Authorization URL created',
  description:
    "Builds the platform's authorize URL from the tenant's app credentials. The state is single use, valid 10 minutes and bound to the caller; Google uses PKCE with offline access. A `redirectUri` must be on one of the tenant's `allowedOrigins` (tenant settings; when empty, only the gateway's own origin), else 400 VALIDATION_FAILED. When the user's earlier Meta grant lacks a scope asked for now (a re-consent), the Meta URL carries `auth_type=rerequest`, so permissions the user declined are offered again.",
  tags: ['Connections'],
  auth: 'external',
  params: PlatformParams,
  body: AuthUrlRequestDto,
  response: { schema: AuthUrlDto },
  errors: [400, 409],
  handler: async ({ deps, auth, params, body, em, req }) => ({
    data: await deps.services.oauthFlow.authUrl(em, {
      ...callerOf(auth),
      platform: params.platform,
      redirectUri: body.redirectUri,
      scopes: body.scopes,
      requestBase: `${req.protocol}://${req.get('host')}`,
    }),
  }),
});
