import { buildOpenApi } from './openapi';
import { apiRoutes } from './routes';
import { docsRoutes } from './routes/ops/docs.routes';
import type { RouteSpec } from './routes/route';

const API_VERSION = '0.1.0';

/**
 * The document the app serves at /api/v1/openapi.json, built without starting anything: the app
 * serves exactly this, and clients/typescript is generated from it. The ops routes' handlers are
 * not called while documenting, so they get inert callbacks here.
 */
export function openApiDocument(extraRoutes: RouteSpec[] = []): object {
  const ops = docsRoutes(() => ({}), async () => '', 'text/plain');
  return buildOpenApi([...apiRoutes, ...extraRoutes, ...ops], API_VERSION);
}
