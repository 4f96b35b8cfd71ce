import { buildOpenApi } from './openapi';
import { addRequestExamples } from './openapi-request-examples';
import { apiRoutes } from './routes';
import { CACHEABLE_OPERATIONS, docsRoutes } from './routes/ops/docs.routes';
import type { RouteSpec } from './routes/route';

const API_VERSION = '0.1.0';

/**
 * The document the app serves at /api/v1/openapi.json, built without starting anything: the app
 * serves exactly this, and clients/typescript is generated from it. The ops routes' handlers are
 * not called while documenting, so they get inert callbacks here.
 */
export function openApiDocument(extraRoutes: RouteSpec[] = []): object {
  const ops = docsRoutes(() => ({}), async () => '', 'text/plain');
  const doc = buildOpenApi([...apiRoutes, ...extraRoutes, ...ops], API_VERSION);
  documentRevalidation(doc as Doc);
  addRequestExamples(doc);
  return doc;
}

type Operation = {
  operationId?: string;
  parameters?: unknown[];
  responses: Record<string, { description: string; headers?: Record<string, unknown> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

/** The cacheable answers (the document, the reference page and its script) name their validator and lifetime, and the 304. */
function documentRevalidation(doc: Doc): void {
  for (const methods of Object.values(doc.paths)) {
    for (const op of Object.values(methods)) {
      const maxAge = op.operationId ? CACHEABLE_OPERATIONS[op.operationId] : undefined;
      if (maxAge === undefined) continue;
      const caching = {
        ETag: { description: 'Validator of this body: send it back as `If-None-Match` to get a 304 while it is current', schema: { type: 'string' } },
        'Cache-Control': { description: `May be reused for ${maxAge} s, then revalidated`, schema: { type: 'string', example: `public, max-age=${maxAge}, must-revalidate` } },
      };
      const ok = op.responses['200'];
      if (ok) ok.headers = { ...ok.headers, ...caching };
      op.responses['304'] = { description: 'Not modified: the copy named by `If-None-Match` is current (no body)', headers: caching };
      op.parameters = [
        ...(op.parameters ?? []),
        { name: 'If-None-Match', in: 'header', required: false, description: 'The `ETag` of a copy the client holds', schema: { type: 'string' } },
      ];
    }
  }
}
