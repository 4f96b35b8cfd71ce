import type { Request, Response } from 'express';
import type { ZodTypeAny } from 'zod';
import { AppError } from '../../shared/errors/app-error';
import type { ConfirmBinding } from '../../shared/domain/safe-writes/confirm-token';
import type { AuthContext } from '../../shared/domain/identity/auth-context';
import { parsePart } from '../middleware/validate';
import { apiRoutes } from '../routes';
import type { HandlerContext, RouteResult, RouteSpec } from '../routes/route';
import type { AppDeps } from '../deps';
import { runMiddleware } from '../middleware/run-middleware';

/** How a write route started by a tool is submitted: through MCP, always confirmed, bound to the tool call. */
export interface ToolWrite {
  surface: 'mcp';
  request: Omit<ConfirmBinding, 'tenantId' | 'principal'>;
  dryRun: boolean;
  confirmToken?: string;
  alwaysConfirm: true;
}

declare module '../middleware/request-context' {
  interface RequestContext {
    /** Set while an MCP tool runs a write route: `submitWrite` submits with these instead of the REST request's. */
    toolWrite?: ToolWrite;
  }
}

/** The MCP request a tool call arrived on, authenticated as a REST route with auth mode `external`. */
export interface ToolCall {
  deps: AppDeps;
  auth: AuthContext;
  req: Request;
  res: Response;
}

/** What a route gets from a tool: its path parameters, query and body. */
export interface RouteInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /**
   * The parts were already parsed by the route's own schemas (the tool's input schema is made of
   * them): parsing again would run their transforms twice (a comma list already split).
   */
  parsed?: boolean;
}

const parse = (part: 'params' | 'query' | 'body', schema: ZodTypeAny | undefined, value: unknown, parsed: boolean, empty: unknown) => {
  if (!schema) return empty;
  return parsed ? (value ?? empty) : parsePart(part, schema, value);
};

let byId: Map<string, RouteSpec> | undefined;

/** A REST route by its operationId; tools name only routes that exist (checked by the tool tests). */
export function routeOf(operationId: string): RouteSpec {
  byId ??= new Map(apiRoutes.map((r) => [r.operationId, r]));
  const spec = byId.get(operationId);
  if (!spec) throw new Error(`no route ${operationId}`);
  return spec;
}


/**
 * The request a route sees: the MCP request with a context of its own, so the guard's account, the
 * scope check's operation and a write's confirmation are this call's alone. What the route sets on
 * the request stays on this view, and the rest is read through to the MCP request. A view rather
 * than an object inheriting from the request: an object made a prototype is rebuilt by V8 on the
 * spot, and an HTTP request (and its context) is a large object to rebuild on every tool call.
 */
function routeRequest(call: ToolCall, spec: RouteSpec, toolWrite?: ToolWrite): Request {
  // The context's getters (log, em) are copied as getters: the lazily built logger and EntityManager stay the request's.
  const ctx = Object.defineProperties({}, Object.getOwnPropertyDescriptors(call.req.ctx)) as Request['ctx'];
  Object.assign(ctx, { operationId: spec.operationId, operationMethod: spec.method, toolWrite });
  // What the route sets on the request is this object's: express's request as its prototype would give the same.
  const own: Record<PropertyKey, unknown> = Object.create(null);
  own.ctx = ctx;
  return new Proxy(call.req, {
    get: (target, key, receiver) => Reflect.get(key in own ? own : target, key, receiver),
    set: (_target, key, value) => Reflect.set(own, key, value),
    has: (target, key) => key in own || key in target,
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(own, key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(own, key),
  });
}

/**
 * Runs a REST route in process with the same validation, ownership guard, scope check and handler
 * as over HTTP, so a tool answers (and refuses) exactly as the route does. A write route given
 * `toolWrite` is submitted through the safe-write layer as an MCP write.
 */
export async function callRoute(call: ToolCall, operationId: string, input: RouteInput, toolWrite?: ToolWrite): Promise<Exclude<RouteResult, { handled: true }>> {
  const spec = routeOf(operationId);
  const req = routeRequest(call, spec, toolWrite);
  const parsed = input.parsed === true;
  const params = parse('params', spec.params, input.params ?? {}, parsed, {});
  const query = parse('query', spec.query, input.query ?? {}, parsed, {});
  const body = parse('body', spec.body, input.body, parsed, undefined);
  (req as Request & { valid?: unknown }).valid = { params, query, body };
  for (const mw of spec.before ?? []) await runMiddleware(mw, req, call.res);
  const ctx = {
    req,
    res: call.res,
    deps: call.deps,
    params,
    query,
    body,
    auth: call.auth,
    get log() {
      return req.ctx.log;
    },
    get em() {
      return req.ctx.em;
    },
  } as HandlerContext<unknown, unknown, unknown>;
  const result = await spec.handler(ctx as never);
  if ('handled' in result) throw new AppError('INTERNAL', `${operationId} answered outside the envelope`);
  return { ...result, message: result.message ?? spec.message ?? spec.summary };
}
