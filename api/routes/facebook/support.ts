import type { Request } from 'express';
import { adAccountGuard, type GuardedAccount } from '../../middleware/ad-account-guard';
import { AppError } from '../../../shared/errors/app-error';
import type { AuthContext } from '../../../shared/domain/identity/auth-context';
import { graphCaller } from '../../../shared/platforms/facebook/operations/caller';
import { accountOf } from '../../../shared/platforms/facebook/operations/reads';
import { toGatewayList, type GraphCall, type GraphList } from '../../../shared/platforms/facebook/operations/graph-call';
import type { AppDeps } from '../../deps';
import type { RouteResult } from '../route';

export const TAGS = ['Facebook'];
/** Statuses a guarded Meta read can answer with besides 400/401/429/500. */
export const READ_ERRORS = [403, 404, 422, 502, 504];
export const WRITE_ERRORS = [403, 404, 409, 422, 502, 504];

export const guardQuery = () => [adAccountGuard('facebook', { from: 'query' })];
export const guardBody = () => [adAccountGuard('facebook', { from: 'body' })];

export function account(req: Request): GuardedAccount {
  const a = req.ctx.account;
  if (!a) throw new AppError('INTERNAL', 'Ad-account guard did not run');
  return a;
}

/** Graph calls over the guarded account's caller. */
export function graphFor(req: Request) {
  const c = req.ctx.caller;
  if (!c) throw new AppError('INTERNAL', 'Ad-account guard did not run');
  return graphCaller(c);
}

/** A direct read (reads never queue: they are the hot path). */
export const read = <T = Record<string, unknown>>(req: Request, call: GraphCall) => graphFor(req).call<T>(call, { kind: 'read' });

export async function readList(req: Request, call: GraphCall, message: string): Promise<RouteResult> {
  return { data: toGatewayList(await read<GraphList>(req, call)), message };
}

/**
 * Reads an object and checks it belongs to the guarded account (its `account_id`): an object of
 * another account answers 404, as if it did not exist (issue 7 "Ids").
 */
export async function readOwned(req: Request, call: GraphCall, what: string, id: string): Promise<Record<string, unknown>> {
  const obj = await read(req, call);
  const owner = accountOf(obj);
  if (owner !== null && owner !== account(req).platformAccountId) throw notInAccount(what, id, req);
  return obj;
}

export const notInAccount = (what: string, id: string, req: Request) =>
  new AppError('NOT_FOUND', `${what} ${id} was not found in ad account act_${account(req).platformAccountId}`);

/** Queues a Meta write (docs/api-conventions.md §11): 200 with the result, or 202 with the poll URL. */
export function submitWrite(deps: AppDeps, auth: AuthContext, req: Request, operation: string, params: Record<string, unknown>, message: string): Promise<RouteResult> {
  return deps.services.jobs.submit({ auth, req }, { type: 'write', platform: 'facebook', adAccount: account(req), operation, params, message });
}

/** Query values that are credentials, never part of a job payload. */
export function withoutCredentials<T extends Record<string, unknown>>(q: T): Omit<T, 'token' | 'externalUserId'> {
  const { token: _t, externalUserId: _e, ...rest } = q;
  return rest;
}
