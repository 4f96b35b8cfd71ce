import type { Request } from 'express';
import { adAccountGuard, type GuardedAccount } from '../../middleware/ad-account-guard';
import { AppError } from '../../../shared/errors/app-error';
import type { AuthContext } from '../../../shared/domain/identity/auth-context';
import type { AppDeps } from '../../deps';
import type { RouteResult } from '../route';

export const guardQuery = () => [adAccountGuard('tiktok', { from: 'query' })];
export const guardBody = () => [adAccountGuard('tiktok', { from: 'body' })];

export function account(req: Request): GuardedAccount {
  const a = req.ctx.adAccount;
  if (!a) throw new AppError('INTERNAL', 'Ad-account guard did not run');
  return a;
}

/** Queues a TikTok write (API.md §11): 200 with the result, or 202 with the poll URL. */
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
