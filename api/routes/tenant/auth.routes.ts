import { z } from '../../../shared/infra/zod-openapi';
import { defineRoute, type RouteSpec } from '../route';
import { AccessTokensDto } from '../auth/schemas';
import { ChangePasswordDto, ForgetPasswordDto, ResetPasswordDto, TenantLoginDto } from './schemas';
import { tenantOf, userOf } from './require-role';
import { abuseLimitsOf } from '../../middleware/abuse-limits';
import { AppError } from '../../../shared/errors/app-error';
import { statusForCode } from '../../http/error-to-http';
import type { AppDeps } from '../../deps';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { IssuedTokens } from '../../../shared/domain/identity/tokens.service';

const bearerOf = (authorization: string | undefined) => /^Bearer[ ]+(\S+)/i.exec(authorization ?? '')?.[1] ?? '';
const Empty = z.object({}).strict().openapi('EmptyResponse');

/** The tenant login, with its back-off after repeated wrong passwords; the API route and the console sign-in share it. */
export async function loginTenantUser(deps: AppDeps, em: EntityManager, email: string, password: string): Promise<IssuedTokens> {
  const backoff = abuseLimitsOf(deps);
  await backoff.checkLogin(email);
  try {
    const tokens = await deps.services.tenantUsers.login(em, email, password);
    await backoff.loginSucceeded(email);
    return tokens;
  } catch (e) {
    if (e instanceof AppError && statusForCode(e.code) === 401) await backoff.loginFailed(email);
    throw e;
  }
}

export const tenantAuthRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/tenant/auth/login',
    operationId: 'tenantLogin',
    summary: 'Log a tenant user in (email + password)',
    description: 'After repeated wrong passwords for one email, logins for it answer 429 with Retry-After until the window ends.',
    tags: ['Tenant auth'],
    auth: 'none',
    limit: 'credential',
    body: TenantLoginDto,
    response: { schema: AccessTokensDto },
    errors: [401, 429],
    handler: async ({ deps, em, body }) => ({ data: await loginTenantUser(deps, em, body.email, body.password), message: 'Logged in' }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/tenant/auth/refresh',
    operationId: 'tenantRefresh',
    summary: 'Rotate a tenant user refresh token',
    description: 'Reuse of a rotated refresh token revokes its whole family (401).',
    tags: ['Tenant auth'],
    auth: 'tenant-refresh',
    response: { schema: AccessTokensDto },
    handler: async ({ deps, em, req }) => ({
      data: await deps.services.tenantUsers.refresh(em, bearerOf(req.headers.authorization)),
      message: 'Tokens refreshed',
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/tenant/auth/password/change',
    operationId: 'changePassword',
    summary: 'Change the password of the calling tenant user',
    description: 'Ends every other session of the user; answers with fresh tokens.',
    tags: ['Tenant auth'],
    auth: 'tenant',
    body: ChangePasswordDto,
    response: { schema: AccessTokensDto },
    errors: [403],
    handler: async ({ deps, em, auth, body }) => ({
      data: await deps.services.tenantUsers.changePassword(em, tenantOf(auth), userOf(auth), body.currentPassword, body.newPassword),
      message: 'Password changed',
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/tenant/auth/password/forgot',
    operationId: 'forgotPassword',
    summary: 'Email a password reset token',
    description: 'Always answers 200, whether or not the email is known. The token works once, within one hour.',
    tags: ['Tenant auth'],
    auth: 'none',
    limit: 'credential',
    body: ForgetPasswordDto,
    response: { schema: Empty },
    handler: async ({ deps, em, body }) => {
      await deps.services.tenantUsers.forgotPassword(em, body.email);
      return { data: {}, message: 'If the email is registered, a reset link has been sent' };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/tenant/auth/password/reset',
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset token',
    description: 'Invalid or used token → 401 TOKEN_INVALID; expired → 401 TOKEN_EXPIRED. Ends every session of the user.',
    tags: ['Tenant auth'],
    auth: 'none',
    limit: 'credential',
    body: ResetPasswordDto,
    response: { schema: Empty },
    errors: [401],
    handler: async ({ deps, em, body }) => {
      await deps.services.tenantUsers.resetPassword(em, body.token, body.newPassword);
      return { data: {}, message: 'Password reset' };
    },
  }),
];
