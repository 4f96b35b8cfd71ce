import type { Request } from 'express';
import { adAccountGuard, type GuardedAccount } from '../../middleware/ad-account-guard';
import { AppError } from '../../../shared/errors/app-error';
import type { AuthContext } from '../../../shared/domain/identity/auth-context';
import type { LinkedinCall } from '../../../shared/platforms/linkedin/operations/call';
import type { AppDeps } from '../../deps';
import type { RouteResult } from '../route';

export const guardQuery = () => [adAccountGuard('linkedin', { from: 'query' })];
export const guardBody = () => [adAccountGuard('linkedin', { from: 'body' })];

export function account(req: Request): GuardedAccount {
  const a = req.ctx.account;
  if (!a) throw new AppError('INTERNAL', 'Ad-account guard did not run');
  return a;
}

/**
 * A read, straight through the adapter's client (reads never queue). The token source names the
 * connection, so LinkedIn refusing the token refreshes it once and then marks the connection.
 */
export function reader(_deps: AppDeps, req: Request) {
  const caller = req.ctx.caller;
  if (!caller) throw new AppError('INTERNAL', 'Ad-account guard did not run');
  return <T>(call: LinkedinCall): Promise<T> =>
    caller.request<T>({ method: call.method, path: call.path, query: call.query, headers: call.headers, kind: 'read' });
}

/** Queues a LinkedIn write: 200 with the result, or 202 with the poll URL. */
export function submitWrite(deps: AppDeps, auth: AuthContext, req: Request, operation: string, params: Record<string, unknown>, message: string): Promise<RouteResult> {
  return deps.services.jobs.submit({ auth, req }, { type: 'write', platform: 'linkedin', adAccount: account(req), operation, params, message });
}
