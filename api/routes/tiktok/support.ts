import type { Request } from 'express';
import { adAccountGuard, type GuardedAccount } from '../../middleware/ad-account-guard';
import { AppError } from '../../../shared/errors/app-error';
import type { AuthContext } from '../../../shared/domain/identity/auth-context';
import type { PlatformCaller } from '../../../shared/platforms/core/caller';
import { callTiktok } from '../../../shared/platforms/tiktok/operations/runtime';
import type { TiktokCall } from '../../../shared/platforms/tiktok/operations/call';
import type { AppDeps } from '../../deps';
import type { RouteResult } from '../route';

export const guardQuery = () => [adAccountGuard('tiktok', { from: 'query' })];
export const guardBody = () => [adAccountGuard('tiktok', { from: 'body' })];

export function account(req: Request): GuardedAccount {
  const a = req.ctx.account;
  if (!a) throw new AppError('INTERNAL', 'Ad-account guard did not run');
  return a;
}

export function callerOf(req: Request): PlatformCaller {
  const c = req.ctx.caller;
  if (!c) throw new AppError('INTERNAL', 'Ad-account guard did not run');
  return c;
}

/** A direct read over the guarded account's caller (reads never queue: they are the hot path). */
export const read = <T = unknown>(req: Request, call: TiktokCall) => callTiktok<T>(callerOf(req), call, 'read');

/** Queues a TikTok write (docs/api-conventions.md §11): 200 with the result, or 202 with the poll URL. */
export function submitWrite(
  deps: AppDeps,
  auth: AuthContext,
  req: Request,
  operation: string,
  params: Record<string, unknown>,
  message: string,
): Promise<RouteResult> {
  return deps.services.jobs.submit({ auth, req }, { type: 'write', platform: 'tiktok', adAccount: account(req), operation, params, message });
}
