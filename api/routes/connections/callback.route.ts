import { z } from '../../../shared/infra/zod-openapi';
import { AppError, type ErrorCode } from '../../../shared/errors/app-error';
import { defineRoute } from '../route';
import { statusForCode } from '../../http/error-to-http';
import { gatewayBase } from '../../../shared/infra/public-url';
import { CallbackResultDto, PlatformParams } from './schemas';

const CALLBACK_TO_ERROR: Record<string, ErrorCode> = {
  ACCESS_DENIED: 'FORBIDDEN',
  STATE_REUSED: 'VALIDATION_FAILED',
  STATE_EXPIRED: 'VALIDATION_FAILED',
  MISSING_CODE: 'VALIDATION_FAILED',
};

export const callbackRoute = defineRoute({
  method: 'get',
  path: '/api/v1/connections/{platform}/callback',
  operationId: 'connectionCallback',
  summary: 'Complete a connection (OAuth redirect target)',
  message: 'Connection completed',
  description:
    'Platform redirect target. Exchanges the code, stores the tokens encrypted, discovers ad accounts, then redirects (302) to the redirectUri with `status=success&connectionId=…` or `status=error&code=…`. Without a redirectUri (or when the state is missing or unknown, so there is none to use) it answers JSON, except to a browser (`Accept: text/html` preferred over JSON), which is sent to the gateway\'s own `/connection-result` page instead.',
  tags: ['Connections'],
  auth: 'none',
  params: PlatformParams,
  query: z.object({ state: z.string().max(200).optional(), code: z.string().max(4096).optional(), auth_code: z.string().max(4096).optional(), error: z.string().max(500).optional() }).passthrough(),
  response: { schema: CallbackResultDto },
  errors: [302, 400],
  handler: async ({ deps, params, req, res, em }) => {
    // A step of popup flows (the Connect page's, or a tenant's own): a same-origin COOP here, even on
    // a redirect, would cut the popup off from the window that opened it.
    res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
    // A person's browser lands here: it gets a page in plain words, never a JSON envelope.
    const toBrowser = req.accepts(['json', 'html']) === 'html';
    const resultPage = `${gatewayBase(deps.config.PUBLIC_URL, `${req.protocol}://${req.get('host')}`)}/connection-result`;
    let out: Awaited<ReturnType<typeof deps.services.oauthFlow.callback>>;
    try {
      out = await deps.services.oauthFlow.callback(em, params.platform, req.query as Record<string, unknown>);
    } catch (e) {
      if (!toBrowser || !(e instanceof AppError) || statusForCode(e.code) >= 500) throw e;
      const message = e.code === 'VALIDATION_FAILED' ? 'This sign-in link is not valid (unknown or already cleaned up). Start the connection again.' : e.message;
      out = { status: 'error', platform: params.platform, code: e.code, message, redirectUri: resultPage };
    }
    if (!out.redirectUri && toBrowser) out = { ...out, redirectUri: resultPage };
    if (out.redirectUri) {
      const u = new URL(out.redirectUri);
      u.searchParams.set('status', out.status);
      u.searchParams.set('platform', out.platform);
      if (out.connectionId) u.searchParams.set('connectionId', out.connectionId);
      if (out.code) u.searchParams.set('code', out.code);
      if (out.message) u.searchParams.set('message', out.message.slice(0, 300));
      res.redirect(302, u.toString());
      return { handled: true };
    }
    if (out.status === 'error') {
      const code = CALLBACK_TO_ERROR[out.code ?? ''] ?? ((out.code as ErrorCode | undefined) ?? 'PLATFORM_REJECTED');
      throw new AppError(code, out.message ?? 'The connection could not be completed', { details: [{ reason: out.code }] });
    }
    return { data: { status: out.status, platform: out.platform, connectionId: out.connectionId, adAccounts: out.adAccounts } };
  },
});
