import type { ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { MountedRoute } from './mount';

/*
 * A dispatcher in front of express's router for the GET routes without path parameters (the hot
 * reads). Express walks its layer stack for every request: a dozen app-level layers, a group
 * router, prefix trimming and restoring, a route dispatch. For these paths the walk always ends the
 * same way, so it is done once, when the app is built, by asking express's own layers which of them
 * match: the answer is the list of handlers express would run, and this runs that list with the
 * request state express would give each one (prototypes, baseUrl, url, params, route). Anything
 * else — another method, a path with parameters, a path some other layer also matches — goes to
 * express as before. Routes stay declared and mounted as they are; this only dispatches them.
 */

interface Layer {
  handle: ((...args: never[]) => unknown) & { stack?: Layer[] };
  route?: { _handlesMethod(method: string): boolean };
  slash?: boolean;
  match(path: string): false | { path: string };
}

/** What express would run for one path, in order, and the state it sets for the route. */
interface Plan {
  /** App-level middleware before the route (helmet, request context, body parser, input check). */
  before: RequestHandler[];
  /** The state express sets while the route runs. */
  baseUrl: string;
  prefixLength: number;
  route: object;
  handler: RequestHandler;
}

export interface FastDispatchOptions {
  /** App-level middleware mounted at `/` that express runs before every route. */
  middleware: readonly RequestHandler[];
  /** The handler express runs when no route answered, and the error handler after it. */
  notFound: RequestHandler;
  errorHandler: ErrorRequestHandler;
}

const planned = new WeakMap<object, readonly string[]>();

/** The paths `app` dispatches itself (what tests check the fast path covers). */
export const fastPaths = (app: object): readonly string[] => planned.get(app) ?? [];

const stackOf = (x: unknown): Layer[] | undefined => (x as { stack?: Layer[] }).stack;

/** The matching layers of `stack` for `path`; false when one of them is not understood here. */
function plan(app: Express, m: MountedRoute, opts: FastDispatchOptions): Plan | undefined {
  const path = m.spec.path;
  const appStack = stackOf((app as unknown as { router: unknown }).router);
  if (!appStack) return undefined;
  const before: RequestHandler[] = [];
  let i = 0;
  let found = false;
  for (; i < appStack.length && !found; i++) {
    const layer = appStack[i]!;
    const match = layer.match(path);
    if (!match) continue;
    if (layer.route) {
      if (layer.route === m.route) found = true;
      else if (layer.route._handlesMethod('get')) return undefined;
    } else if (layer.slash && opts.middleware.includes(layer.handle as RequestHandler)) {
      before.push(layer.handle as RequestHandler);
    } else if ((layer.handle as unknown) === m.router) {
      if (match.path !== m.prefix || !routeFirstIn(stackOf(m.router) ?? [], path.slice(m.prefix.length), m.route)) return undefined;
      found = true;
    } else if (stackOf(layer.handle)) {
      // A router mounted at `/` (the pages): passed through when none of its layers matches the path.
      if (stackOf(layer.handle)!.some((l) => l.match(path.slice(match.path.length) || '/'))) return undefined;
    } else if (layer.handle.length <= 3) return undefined;
  }
  if (!found || !afterRouteIs(appStack.slice(i), path, opts)) return undefined;
  return { before, baseUrl: m.prefix, prefixLength: m.prefix.length, route: m.route, handler: m.handler };
}

/** Whether `route` is the only layer of a group router that would take a GET of `path`. */
function routeFirstIn(stack: Layer[], path: string, route: object): boolean {
  const matching = stack.filter((l) => l.match(path));
  return matching[0]?.route === route && matching.slice(1).every((l) => l.route && !l.route._handlesMethod('get'));
}

/** Whether, past the route, express would run only `notFound` and then the error handler. */
function afterRouteIs(rest: Layer[], path: string, opts: FastDispatchOptions): boolean {
  const matching = rest.filter((l) => l.match(path));
  return matching.length === 2 && matching[0]!.handle === opts.notFound && matching[1]!.handle === opts.errorHandler;
}

/**
 * Puts the dispatcher in front of `app`'s router (app.handle, which both the http server and
 * supertest call). Must run after every route and middleware is mounted.
 */
export function installFastDispatch(app: Express, mounted: readonly MountedRoute[], opts: FastDispatchOptions): void {
  // app.handle would add X-Powered-By; this one does not, so it stands aside if that is ever switched on.
  if (app.enabled('x-powered-by')) return;
  const plans = new Map<string, Plan>();
  for (const m of mounted) {
    if (m.spec.method !== 'get' || m.spec.path.includes('{')) continue;
    const p = plan(app, m, opts);
    if (p) plans.set(m.spec.path, p);
  }
  planned.set(app, [...plans.keys()]);
  const appAny = app as unknown as { handle(req: Request, res: Response, cb?: NextFunction): void; request: object; response: object };
  const slow = appAny.handle;
  appAny.handle = function handle(req: Request, res: Response, callback?: NextFunction) {
    const url = req.url;
    const q = url.indexOf('?');
    const p = req.method === 'GET' && callback === undefined ? plans.get(q < 0 ? url : url.slice(0, q)) : undefined;
    if (!p) return slow.call(this, req, res, callback);
    // What app.handle and the router set before the first layer runs.
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, appAny.request);
    Object.setPrototypeOf(res, appAny.response);
    if (!res.locals) res.locals = Object.create(null) as Record<string, unknown>;
    req.originalUrl = url;
    req.baseUrl = '';
    req.params = {};
    run(p, opts, req, res, url);
  };
}

/** The plan's handlers in order; an error goes to the error handler with the state express would restore. */
function run(p: Plan, opts: FastDispatchOptions, req: Request, res: Response, url: string): void {
  let i = 0;
  const fail = (err: unknown): void => {
    // Leaving the group router restores baseUrl, url and params; req.route stays, as in express.
    req.baseUrl = '';
    req.url = url;
    req.params = {};
    try {
      const r: unknown = opts.errorHandler(err, req, res, lastResort);
      if (r instanceof Promise) r.catch(lastResort);
    } catch (e) {
      lastResort(e);
    }
  };
  const lastResort = (e: unknown): void => {
    // The error handler answers every error itself; should it fail, end the exchange rather than hang.
    if (e !== undefined) res.destroy(e instanceof Error ? e : undefined);
  };
  const step = (h: RequestHandler, next: (err?: unknown) => void) => {
    try {
      const r: unknown = h(req, res, next);
      if (r instanceof Promise) r.catch((e: unknown) => next(e ?? new Error('Rejected promise')));
    } catch (e) {
      next(e);
    }
  };
  const next = (err?: unknown): void => {
    if (err !== undefined && err !== null && err !== 'route' && err !== 'router') return fail(err);
    if (i < p.before.length) return step(p.before[i++]!, next);
    if (i++ === p.before.length) {
      req.baseUrl = p.baseUrl;
      const rest = url.slice(p.prefixLength);
      req.url = rest[0] === '/' ? rest : `/${rest}`;
      req.params = Object.create(null) as Record<string, string>;
      (req as Request & { route: object }).route = p.route;
      return step(p.handler, next);
    }
    // The route passed the request on: express would find nothing else and answer 404.
    req.baseUrl = '';
    req.url = url;
    req.params = {};
    step(opts.notFound, fail);
  };
  next();
}
