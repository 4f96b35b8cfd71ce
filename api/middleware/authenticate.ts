import type { Request, RequestHandler } from 'express';
import type { AuthMode } from '../../shared/domain/identity/auth-context';
import type { PresentedCredentials } from '../../shared/domain/identity/authenticator';
import { AppError } from '../../shared/errors/app-error';
import { andThen } from '../../shared/infra/maybe-async';
import type { AppDeps } from '../deps';

const one = (v: unknown, what: string): string | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') {
    throw new AppError('VALIDATION_FAILED', `${what} must be given once, as a string`, { details: [{ path: what, message: 'Expected a single string' }] });
  }
  return v;
};

/** externalUserId may come from the header, the query or the body; if several are sent they must agree. */
function externalUserIdOf(req: Request): string | undefined {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : undefined;
  const values = [
    one(req.headers['x-external-user-id'], 'headers.x-external-user-id'),
    one(req.query.externalUserId, 'query.externalUserId'),
    one(body?.externalUserId, 'body.externalUserId'),
  ].filter((v): v is string => v !== undefined);
  if (new Set(values).size > 1) {
    throw new AppError('VALIDATION_FAILED', 'externalUserId differs between header, query and body', {
      details: [{ path: 'query.externalUserId', message: 'Conflicting values' }],
    });
  }
  // The body field is a credential detail, not route input: keep strict body schemas unaware of it.
  if (body && 'externalUserId' in body) delete body.externalUserId;
  return values[0];
}

function credentialsOf(req: Request, mode: AuthMode): PresentedCredentials {
  const apiKey = req.headers['x-api-key'];
  return {
    authorization: req.headers.authorization,
    queryToken: one(req.query.token, 'query.token'),
    apiKey: Array.isArray(apiKey) ? apiKey[0] : apiKey,
    externalUserId: (mode === 'external' || mode === 'external-or-key' || mode === 'tenant-or-external') && apiKey !== undefined ? externalUserIdOf(req) : undefined,
    teamId: typeof req.params.teamId === 'string' ? req.params.teamId : undefined,
  };
}

/** Establishes req.ctx.auth for a route's auth mode (docs/api-conventions.md §3); see Authenticator for the rules. */
export function authenticate(mode: AuthMode, deps: AppDeps): RequestHandler {
  if (mode === 'none') return (_req, _res, next) => next();
  // Not async: a credential checked in process (most requests) is answered without a promise.
  return (req, _res, next) =>
    andThen(deps.services.authenticator.authenticateNow(() => req.ctx.em, mode, credentialsOf(req, mode)), (auth) => {
      req.ctx.auth = auth;
      next();
    });
}
