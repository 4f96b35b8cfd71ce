/** Who is calling and may they reach this customer (docs/platforms/google.md §1 headers, §7 errors). */
import type { Request } from 'express';
import type { SimContext } from '../context';
import { adsErr, notEnabled, permissionDenied, quotaError, requestErr, RpcError } from '../errors';
import type { Customer, SimUser } from '../state';
import { ADWORDS_SCOPE } from '../tokens';

const AUTH_MESSAGES: Record<string, string> = {
  OAUTH_TOKEN_INVALID: 'Oauth token in the header is not valid.',
  OAUTH_TOKEN_EXPIRED: 'Authentication of the request failed: the OAuth token has expired.',
  OAUTH_TOKEN_REVOKED: 'Oauth token in the header has been revoked.',
};

export function authenticate(ctx: SimContext, req: Request, method: string): SimUser {
  const header = req.headers.authorization;
  if (!header) {
    // ASSUMED: a missing credential is refused by Google's front end (ErrorInfo, no GoogleAdsFailure).
    throw new RpcError(
      401,
      'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'CREDENTIALS_MISSING', domain: 'googleapis.com', metadata: { service: 'googleads.googleapis.com', method } }],
    );
  }
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw adsErr(401, 'authenticationError', 'OAUTH_TOKEN_HEADER_INVALID', 'Oauth token HTTP header is malformed.');
  const check = ctx.tokens.check(m[1]!);
  if (!check.ok) throw adsErr(401, 'authenticationError', check.reason, AUTH_MESSAGES[check.reason]!);
  if (!check.token.grant.scope.split(/\s+/).includes(ADWORDS_SCOPE)) {
    throw new RpcError(403, 'Request had insufficient authentication scopes.', [
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT', domain: 'googleapis.com', metadata: { service: 'googleads.googleapis.com', method } },
    ]);
  }
  if (ctx.settings.requireDeveloperToken) {
    const dev = req.headers['developer-token'];
    if (typeof dev !== 'string' || !dev) throw requestErr('DEVELOPER_TOKEN_PARAMETER_MISSING', 'Developer token is missing.');
    if (ctx.settings.developerTokens.length && !ctx.settings.developerTokens.includes(dev)) {
      throw adsErr(401, 'authenticationError', 'DEVELOPER_TOKEN_INVALID', 'The developer token is not valid.');
    }
  }
  const user = ctx.state.users.get(check.token.grant.user);
  if (!user || user.customerIds.length === 0) {
    throw adsErr(401, 'authenticationError', 'NOT_ADS_USER', 'User in the cookie is not a valid Ads user.');
  }
  return user;
}

/**
 * Direct access needs no header; access through a manager needs login-customer-id = that manager
 * (docs/platforms/google.md §1). Counts the call against the customer's budget.
 */
export function authorizeCustomer(ctx: SimContext, req: Request, user: SimUser, customerId: string, ops = 1): Customer {
  if (!/^\d{10}$/.test(customerId)) throw requestErr('INVALID_CUSTOMER_ID', `Invalid customer ID '${customerId}'.`);
  const raw = req.headers['login-customer-id'];
  const login = typeof raw === 'string' && raw.length ? raw : undefined;
  if (login !== undefined && !/^\d{10}$/.test(login)) {
    throw adsErr(400, 'headerError', 'INVALID_LOGIN_CUSTOMER_ID', 'The login customer ID could not be validated.');
  }
  const customer = ctx.state.customers.get(customerId);
  if (!customer) throw adsErr(401, 'authenticationError', 'CUSTOMER_NOT_FOUND', 'No customer found for the provided customer id.');
  if (login !== undefined) {
    if (!user.customerIds.includes(login) || !ctx.state.isUnder(customerId, login)) throw permissionDenied();
  } else if (!user.customerIds.includes(customerId)) throw permissionDenied();
  if (customer.status !== 'ENABLED') throw notEnabled();
  if (ctx.control.overBudget(customerId)) throw quotaError(ctx.settings.throttleRetrySeconds);
  ctx.usage.set(customerId, (ctx.usage.get(customerId) ?? 0) + ops);
  return customer;
}

/** Rejects body fields the request message does not have, as Google's JSON transcoding does. */
export function checkBodyFields(body: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new RpcError(400, 'Invalid JSON payload received. Expected an object.');
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length) {
    const msg = unknown.map((k) => `Unknown name "${k}": Cannot find field.`).join('\n');
    throw new RpcError(400, `Invalid JSON payload received. ${msg}`, [
      {
        '@type': 'type.googleapis.com/google.rpc.BadRequest',
        fieldViolations: unknown.map((k) => ({ description: `Invalid JSON payload received. Unknown name "${k}": Cannot find field.` })),
      },
    ]);
  }
  return body as Record<string, unknown>;
}
