import type { Express, Request, Response, NextFunction, RequestHandler } from 'express';
import { sendOk } from '../http/envelope';
import { authenticate } from '../middleware/authenticate';
import { inboundRateLimit } from '../middleware/inbound-rate-limit';
import { parsePart } from '../middleware/validate';
import type { AppDeps } from '../deps';
import type { RouteSpec, HandlerContext } from './route';

/** `/a/{id}/b` → `/a/:id/b` */
export const toExpressPath = (p: string) => p.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

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
  const defaultMessage = spec.summary;
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
      log: req.ctx.log,
      get em() {
        return req.ctx.em;
      },
    } as HandlerContext<unknown, unknown, unknown>;
    const result = await spec.handler(ctx as never);
    if ('handled' in result) return;
    if (result.headers) res.set(result.headers);
    sendOk(res, result.data, result.message ?? defaultMessage, result.status ?? successStatus);
  };
}

export function mountRoutes(app: Express, routes: RouteSpec[], deps: AppDeps): void {
  const sorted = [...routes].sort(bySpecificity);
  for (const spec of sorted) {
    app[spec.method](
      toExpressPath(spec.path),
      authenticate(spec.auth, deps),
      inboundRateLimit(spec.auth, deps),
      validator(spec),
      ...(spec.before ?? []),
      runner(spec, deps),
    );
  }
}
