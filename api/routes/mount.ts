import { Router, type Express, type Request, type Response, type NextFunction, type RequestHandler } from 'express';
import { sendOk } from '../http/envelope';
import { authenticate } from '../middleware/authenticate';
import { inboundRateLimit } from '../middleware/inbound-rate-limit';
import { abuseGuard } from '../middleware/abuse-limits';
import { parsePart } from '../middleware/validate';
import { assertWellFormed } from '../middleware/input-sanity';
import type { AppDeps } from '../deps';
import type { RouteSpec, HandlerContext } from './route';

/** `/a/{id}/b` → `/a/:id/b`; a final `{path}` is the rest of the URL (`*path`, the proxy). */
export const toExpressPath = (p: string) => p.replace(/\/\{path\}$/, '/*path').replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

/**
 * Literal segments win over parameters at the first position where two paths differ, so
 * `/api/v1/tenant/auth/refresh` is matched before `/api/v1/{teamId}/auth/refresh`.
 */
export function bySpecificity(a: RouteSpec, b: RouteSpec): number {
  const sa = a.path.split('/');
  const sb = b.path.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = sa[i]!.startsWith('{');
    const pb = sb[i]!.startsWith('{');
    if (pa !== pb) return pa ? 1 : -1;
  }
  return 0;
}

/** Path parameters are decoded per route: `/jobs/%00` must be a 400 before anything looks it up. */
const paramsWellFormed: RequestHandler = (req, _res, next) => {
  assertWellFormed('params', req.params);
  next();
};

function validator(spec: RouteSpec): RequestHandler {
  return (req, _res, next) => {
    const v = req as Request & { valid?: { params: unknown; query: unknown; body: unknown } };
    v.valid = {
      params: spec.params ? parsePart('params', spec.params, req.params) : req.params,
      query: spec.query ? parsePart('query', spec.query, req.query) : req.query,
      body: spec.body ? parsePart('body', spec.body, req.body) : req.body,
    };
    next();
  };
}

function runner(spec: RouteSpec, deps: AppDeps): RequestHandler {
  const successStatus = spec.response?.status ?? 200;
  const defaultMessage = spec.message ?? spec.summary;
  return async (req: Request, res: Response, _next: NextFunction) => {
    const valid = (req as Request & { valid: { params: unknown; query: unknown; body: unknown } }).valid;
    const ctx = {
      req,
      res,
      deps,
      params: valid.params,
      query: valid.query,
      body: valid.body,
      auth: req.ctx.auth!,
      // Both getters: the child logger and the EntityManager are built only if the handler uses them.
      get log() {
        return req.ctx.log;
      },
      get em() {
        return req.ctx.em;
      },
    } as HandlerContext<unknown, unknown, unknown>;
    const result = await spec.handler(ctx as never);
    if ('handled' in result) return;
    if (result.headers) res.set(result.headers);
    // A synchronous 200 of a job still points at the job record (its result, an import's entities).
    if (result.job && !res.getHeader('Location')) res.set('Content-Location', result.job.pollUrl);
    sendOk(res, result.data, result.message ?? defaultMessage, result.status ?? successStatus, result.job);
  };
}

/**
 * A route's steps as one express handler. Mounted one by one, express would match and dispatch each
 * step as a layer of its own on every request; here they run in order, and a thrown error or a
 * rejected promise goes to the error handler exactly as express would send it.
 */
export function chain(steps: readonly RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    let i = 0;
    const next = (err?: unknown): void => {
      if (err !== undefined && err !== null) return done(err);
      const step = steps[i++];
      if (!step) return done();
      try {
        const r: unknown = step(req, res, next);
        if (r instanceof Promise) r.catch((e: unknown) => done(e ?? new Error('Rejected promise')));
      } catch (e) {
        done(e);
      }
    };
    next();
  };
}

/** `/api/v1/<literal>` when the route sits under a literal third segment; such routes share a router. */
function groupOf(path: string): { prefix: string; rest: string } | undefined {
  const m = /^(\/api\/v1\/[A-Za-z0-9_-]+)(\/.*)?$/.exec(path);
  return m ? { prefix: m[1]!, rest: m[2] ?? '/' } : undefined;
}

/**
 * Routes under one literal prefix (`/api/v1/tiktok`, `/api/v1/tenant`, …) go into one router, so a
 * request is matched against a dozen prefixes and then its own group, not all 130 routes in turn.
 * Literal segments sort before parameters, so every literal group precedes `/api/v1/{teamId}/…`.
 */
export function mountRoutes(app: Express, routes: RouteSpec[], deps: AppDeps): void {
  const sorted = [...routes].sort(bySpecificity);
  const groups = new Map<string, Router>();
  const routerFor = (prefix: string): Router => {
    let router = groups.get(prefix);
    if (!router) {
      groups.set(prefix, (router = Router()));
      app.use(prefix, router);
    }
    return router;
  };
  for (const spec of sorted) {
    const group = groupOf(spec.path);
    const target: Router = group ? routerFor(group.prefix) : app;
    const path = group ? group.rest : spec.path;
    const label = toExpressPath(spec.path);
    const handlers: RequestHandler[] = [
      (req, _res, next) => {
        req.ctx.route = label;
        req.ctx.operationId = spec.operationId;
        req.ctx.operationMethod = spec.method;
        next();
      },
      // Without parameters in its path, a route's req.params is always empty.
      ...(spec.path.includes('{') ? [paramsWellFormed] : []),
      abuseGuard(spec, deps),
      authenticate(spec.auth, deps),
      inboundRateLimit(spec.auth, deps),
      validator(spec),
      ...(spec.before ?? []),
      runner(spec, deps),
    ];
    target[spec.method](toExpressPath(path), chain(handlers));
  }
}
