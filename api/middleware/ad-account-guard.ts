import type { Request, RequestHandler } from 'express';
import { AppError } from '../../shared/errors/app-error';
import { andThen } from '../../shared/infra/maybe-async';
import type { GuardedAccount } from '../../shared/domain/ad-accounts/guard.service';
import type { PlatformCaller } from '../../shared/platforms/core/caller';
import type { AppDeps } from '../deps';

declare module './request-context' {
  interface RequestContext {
    /** Set by adAccountGuard: the account the route acts on, owned and validated. */
    account?: GuardedAccount;
    /** Set by adAccountGuard: the one way the route calls the platform for `account`. */
    caller?: PlatformCaller;
    /** The route's operationId (set at mount; `execute` sets the inner operation's). */
    operationId?: string;
    operationMethod?: string;
  }
}

export type { GuardedAccount };

/** Where a route names its ad account: `adAccountId` of the query or the body, or a path parameter (`/ad-accounts/{id}`). */
export type AccountIdSource = 'query' | 'body' | { param: string };

type Valid = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: Record<string, unknown> };

function rawAccountId(req: Request, from: AccountIdSource): unknown {
  const valid = (req as Request & { valid?: Valid }).valid;
  if (typeof from === 'object') return (valid?.params ?? req.params)[from.param];
  const part = valid?.[from] ?? (from === 'query' ? req.query : req.body);
  return part && typeof part === 'object' ? (part as Record<string, unknown>).adAccountId : undefined;
}

/**
 * The ownership check every platform route runs before any platform call (docs/api-conventions.md §3). Reads
 * `adAccountId` from the validated query or body (or the named path parameter); the result is cached
 * and invalidated across replicas by the guard service. Routes get it through `guardedRoute`
 * (api/routes/guarded-route.ts), which hands their handler the account and its caller.
 */
export function adAccountGuard(platform: string, opts: { from: AccountIdSource }, deps?: AppDeps): RequestHandler {
  const path = typeof opts.from === 'object' ? `params.${opts.from.param}` : `${opts.from}.adAccountId`;
  // Not async: an account whose snapshot is cached (most requests) is admitted without a promise.
  return (req, _res, next) => {
    const raw = rawAccountId(req, opts.from);
    if (typeof raw !== 'string' || !raw) {
      throw new AppError('VALIDATION_FAILED', 'adAccountId is required', { details: [{ path, message: 'Required' }] });
    }
    const services = deps?.services ?? (req.app.locals.deps as AppDeps | undefined)?.services;
    if (!services) throw new AppError('INTERNAL', 'Guard is not wired');
    return andThen(services.guard.checkNow(req.ctx.auth, platform, raw), (account) => {
      services.guard.requireScopes(platform, req.ctx.operationId, req.ctx.operationMethod ?? req.method, account);
      req.ctx.account = account;
      req.ctx.caller = services.callerFor(account);
      next();
    });
  };
}
