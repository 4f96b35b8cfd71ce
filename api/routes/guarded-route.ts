import type { Request, RequestHandler } from 'express';
import type { AnyZodObject, ZodTypeAny } from 'zod';
import { z } from '../../shared/infra/zod-openapi';
import { AppError } from '../../shared/errors/app-error';
import type { AuthContext } from '../../shared/domain/identity/auth-context';
import type { WriteSurface } from '../../shared/domain/audit/audit-types';
import { isPlatform, type Platform } from '../../shared/platforms';
import type { PlatformCaller } from '../../shared/platforms/core/caller';
import type { OperationParams, WriteOperation } from '../../shared/platforms/core/write-operation';
import { adAccountGuard, type AccountIdSource, type GuardedAccount } from '../middleware/ad-account-guard';
import type { AppDeps } from '../deps';
import { defineRoute, type HandlerContext, type RouteResult, type RouteSpec } from './route';

/*
 * The one way a platform route is written: `guardedRoute` for a route that acts on an ad account
 * (reads, and anything that is not a plain write job), `writeRoute` for a route that submits a write
 * operation. Both run the ad-account guard (api/middleware/ad-account-guard.ts) after validation and
 * before the handler, which gets the guarded account and its caller in its context.
 */

type Params = AnyZodObject | undefined;
type Query = AnyZodObject | undefined;
type Body = ZodTypeAny | undefined;

/** What a guarded route's handler gets: the route's context plus the account the guard approved. */
export interface GuardedContext<P = Params, Q = Query, B = Body> extends HandlerContext<P, Q, B> {
  /** The ad account the request names: the caller's, validated, its connection usable and its scopes granted. */
  account: GuardedAccount;
  /** The one way to call the platform for `account` (token, limiter, retries, error classification). */
  caller: PlatformCaller;
}

/** The validated input, for the checks a route makes before the guard. */
type RouteInput<P = Params, Q = Query, B = Body> = Pick<HandlerContext<P, Q, B>, 'params' | 'query' | 'body'>;

interface GuardedRouteSpec<P extends Params, Q extends Query, B extends Body> extends Omit<RouteSpec<P, Q, B>, 'handler' | 'before'> {
  platform: Platform;
  /** Where the request names its ad account: `adAccountId` of the query or body, or a path parameter. */
  from: AccountIdSource;
  /**
   * Input rules the schemas cannot state, answered (400) before the guard like the schemas' own, so
   * an invalid request is refused the same whichever account it names.
   */
  check?: (input: RouteInput<P, Q, B>) => void;
  handler: (ctx: GuardedContext<P, Q, B>) => Promise<RouteResult>;
}

const checkStep =
  (check: (input: RouteInput<never, never, never>) => void): RequestHandler =>
  (req, _res, next) => {
    const valid = (req as Request & { valid: RouteInput<never, never, never> }).valid;
    check({ params: valid.params, query: valid.query, body: valid.body });
    next();
  };

/** The handler's context with the guard's answer on it (the context object is the request's own). */
function withAccount<C extends HandlerContext<unknown, unknown, unknown>>(ctx: C): C & { account: GuardedAccount; caller: PlatformCaller } {
  const { account, caller } = ctx.req.ctx;
  if (!account || !caller) throw new AppError('INTERNAL', 'Ad-account guard did not run');
  // Assigned, not spread: the context's `em` is a getter that forks an EntityManager when first read.
  return Object.assign(ctx, { account, caller });
}

/** A route that acts on one ad account of `platform`, guarded before its handler runs. */
export function guardedRoute<P extends Params = undefined, Q extends Query = undefined, B extends Body = undefined>(spec: GuardedRouteSpec<P, Q, B>): RouteSpec {
  const { platform, from, check, handler, ...route } = spec;
  const before = [...(check ? [checkStep(check as (input: RouteInput<never, never, never>) => void)] : []), adAccountGuard(platform, { from })];
  return defineRoute<P, Q, B>({ ...route, before, handler: async (ctx) => handler(withAccount(ctx)) });
}

/** `dryRun=true` on every write route (docs/safe-writes.md). */
export const DryRunQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .openapi({
      description:
        'Check the write without making it: every check the write would pass (validation, ownership, scopes, guardrails) and the platform’s own validate-only mode where it has one. Nothing that changes anything is sent and no job is created; 200 with what would be sent, or the same 4xx the write would get.',
    }),
});

const withDryRun = (query: AnyZodObject | undefined): AnyZodObject => (query ? query.extend(DryRunQuery.shape) : DryRunQuery);

const header = (req: Request, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Submits a write of the guarded account through the safe-write layer (guardrails, confirmation,
 * dry run, audit), then as a job (docs/api-conventions.md §11): 200 with the result, or 202 with the poll URL.
 */
export function submitWrite<O extends WriteOperation>(
  ctx: Pick<GuardedContext<Params, Query, Body>, 'deps' | 'auth' | 'req' | 'account' | 'caller' | 'query' | 'body'>,
  op: O,
  params: OperationParams<O>,
  message: string,
  surface: WriteSurface = 'rest',
): Promise<RouteResult> {
  const { dryRun, ...query } = (ctx.query ?? {}) as { dryRun?: boolean } & Record<string, unknown>;
  const rest = {
    surface,
    request: { method: ctx.req.method, path: ctx.req.originalUrl.split('?')[0]!, query, body: ctx.body },
    dryRun: dryRun === true,
    confirmToken: header(ctx.req, 'confirm'),
  };
  return ctx.deps.services.safeWrites.submit({
    auth: ctx.auth,
    req: ctx.req,
    // The account's platform, not the operation's: the jobs service refuses an operation of another platform.
    account: ctx.account,
    caller: ctx.caller,
    op,
    params: params as Record<string, unknown>,
    message,
    // An MCP tool running this route names its own surface, confirmation and request binding (api/mcp/route-call.ts).
    ...(ctx.req.ctx.toolWrite ?? rest),
  });
}

/** Starts (or joins) the import of the guarded account as a job: 200 with the counts, or 202 with the poll URL. */
export function submitImport(ctx: { deps: AppDeps; auth: AuthContext; req: Request; account: GuardedAccount }, message: string): Promise<RouteResult> {
  return ctx.deps.services.jobs.submit({ auth: ctx.auth, req: ctx.req }, { type: 'import', platform: ctx.account.platform, adAccount: ctx.account, message });
}

type Depth = unknown[];
type KeysOf<T> = T extends unknown ? keyof T : never;
type At<T, K> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;

/**
 * The keys of `R`, at any depth, that `T` has no place for (`never` when `R` fits): what a strict
 * params schema would refuse in the worker. `unknown`/`any` on either side leave nothing to check.
 */
type ExtraKeys<T, R, D extends Depth = []> = D['length'] extends 8
  ? never
  : unknown extends T
    ? never
    : 0 extends 1 & R
      ? never
      : R extends readonly (infer E)[]
        ? T extends readonly (infer TE)[]
          ? ExtraKeys<TE, E, [...D, 0]>
          : never
        : R extends object
          ?
              | Exclude<keyof R, KeysOf<T>>
              | { [K in keyof R]-?: K extends KeysOf<T> ? ExtraKeys<At<T, K>, R[K], [...D, 0]> : never }[keyof R]
          : never;

/** Refuses (at compile time) a `toParams` whose result carries keys the operation's params do not take. */
type ExactParams<O, R> = [ExtraKeys<OperationParams<O>, R>] extends [never]
  ? unknown
  : { toParams: `toParams returns keys the operation does not take: ${Extract<ExtraKeys<OperationParams<O>, R>, string>}` };

interface WriteRouteSpec<O extends WriteOperation, R, P extends Params, Q extends Query, B extends Body>
  extends Omit<GuardedRouteSpec<P, Q, B>, 'platform' | 'handler' | 'job' | 'message'> {
  /** The write operation the route submits: its platform is the route's, its name the job's operation. */
  op: O;
  /** The job's params: exactly the input of the operation's params schema (after any checks against the platform). */
  toParams: (ctx: GuardedContext<P, Q, B>) => R | Promise<R>;
  /** The message of the synchronous 200; the route's summary when not given. */
  message?: string | ((ctx: GuardedContext<P, Q, B>) => string);
}

/** A route that guards the ad account and submits `op` as a write job with the params `toParams` builds. */
export function writeRoute<
  O extends WriteOperation,
  R extends OperationParams<O>,
  P extends Params = undefined,
  Q extends Query = undefined,
  B extends Body = undefined,
>(spec: WriteRouteSpec<O, R, P, Q, B> & ExactParams<O, R>): RouteSpec {
  const { op, toParams, message, ...route } = spec as WriteRouteSpec<O, R, P, Q, B>;
  if (!isPlatform(op.platform)) throw new Error(`write operation ${op.name} names no listed platform (${op.platform})`);
  return guardedRoute<P, Q, B>({
    ...route,
    // The strict query schemas would refuse `dryRun` otherwise; submitWrite takes it off again.
    query: withDryRun(route.query) as Q,
    ...(typeof message === 'string' ? { message } : {}),
    platform: op.platform,
    job: 'write',
    handler: async (ctx) => submitWrite(ctx, op, await toParams(ctx), typeof message === 'function' ? message(ctx) : (message ?? route.summary)),
  });
}
