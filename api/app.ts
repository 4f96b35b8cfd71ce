import express, { type Express } from 'express';
import type { AppDeps } from './deps';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { parseQueryOnce } from './http/query-once';
import { compress } from './middleware/compress';
import { errorHandler, routeNotFound } from './middleware/error-handler';
import { verifyJsonDepth, wellFormedInput } from './middleware/input-sanity';
import { apiRoutes } from './routes';
import { docsRoutes } from './routes/ops/docs.routes';
import { mountRoutes } from './routes/mount';
import { openApiDocument } from './openapi-document';
import { mountPages } from './pages';
import type { RouteSpec } from './routes/route';
import { mcpChallenge, mcpRoutes, MCP_PATH } from './mcp/server';

export interface CreateAppOptions {
  /** Extra routes (tests use this to add slow or failing endpoints). */
  extraRoutes?: RouteSpec[];
  /** Mounted before the JSON API routes (e.g. the Bull Board UI). */
  mount?: (app: Express) => void;
}

export function createApp(deps: AppDeps, opts: CreateAppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  parseQueryOnce(app);
  // Route-level middleware built at import time (the ad-account guard) reaches services through here.
  app.locals.deps = deps;
  app.use(securityHeaders());
  app.use(requestContext(deps));
  app.use(compress());
  app.use(express.json({ limit: deps.config.BODY_LIMIT_BYTES, verify: verifyJsonDepth }));
  app.use(wellFormedInput);

  let doc: object | undefined;
  const routes = [...apiRoutes, ...(opts.extraRoutes ?? [])];
  const metrics = deps.metrics;
  const all: RouteSpec[] = [
    ...routes,
    ...mcpRoutes,
    ...docsRoutes(
      (): object => (doc ??= openApiDocument(opts.extraRoutes)),
      async () => (metrics ? metrics.registry.metrics() : ''),
      metrics?.registry.contentType ?? 'text/plain',
      deps.config.METRICS_TOKEN,
    ),
  ];
  opts.mount?.(app);
  mountPages(app, deps);
  mountRoutes(app, all, deps);
  app.use(MCP_PATH, mcpChallenge(deps));
  app.use(routeNotFound);
  app.use(errorHandler);
  return app;
}
