import { createHash, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { defineRoute, type RouteSpec } from '../route';
import { CACHE_SECONDS, cacheableBody, sendCacheable, type CacheableBody } from '../../http/cacheable';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * Redoc's standalone bundle: from node_modules when present (development, tests), else the copy
 * `npm run build` puts in dist/vendor (the production image installs no dev dependencies).
 */
export function redocBundlePath(): string | undefined {
  const candidates = [path.resolve(__dirname, '../../../dist/vendor/redoc.standalone.js'), path.resolve(__dirname, '../../../vendor/redoc.standalone.js')];
  try {
    candidates.unshift(require.resolve('redoc/bundles/redoc.standalone.js'));
  } catch {
    // Not installed (production): use the built copy.
  }
  return candidates.find((p) => existsSync(p));
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether `authorization` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * `metricsToken`: the public port serves /metrics only to `Authorization: Bearer <METRICS_TOKEN>`;
 * without a token configured it answers 404 there (workers serve theirs on WORKER_HTTP_PORT).
 */
/** The reference page: Redoc renders /api/v1/openapi.json; no inline script, nothing from a CDN. */
export function renderDocs(doc: { info: { title: string; version: string } }): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} API reference</title><style>body{margin:0}</style></head>
<body><redoc spec-url="/api/v1/openapi.json" hide-download-button="false" expand-responses="200,202" path-in-middle-panel="true"></redoc>
<script src="/docs/redoc.standalone.js"></script></body></html>`;
}

/**
 * Redoc's sidebar credit shows an image from Redocly's CDN, which the page's policy (same origin only)
 * refuses. The served bundle asks for this image of ours instead, so the page loads nothing from
 * elsewhere and the browser reports no blocked resource.
 */
const REDOC_CREDIT_IMAGE = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
export const DOCS_CREDIT_IMAGE = '/assets/docs-credit.svg';

/** The bundle as served: read once, its credit image pointed at this origin. */
export function servedRedocBundle(file: string): Buffer {
  return Buffer.from(readFileSync(file, 'utf8').replace(REDOC_CREDIT_IMAGE, DOCS_CREDIT_IMAGE));
}

/** The operations whose answers may be cached and revalidated (`ETag`, `If-None-Match` → 304). */
export const CACHEABLE_OPERATIONS: Readonly<Record<string, number>> = {
  openapi: CACHE_SECONDS.document,
  docs: CACHE_SECONDS.document,
  docsScript: CACHE_SECONDS.vendor,
};

/** Redoc needs inline styles, data: images and a blob: worker (search); scripts stay same-origin. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'";

export function docsRoutes(getDoc: () => object, metricsText: () => Promise<string>, metricsType: string, metricsToken?: string): RouteSpec[] {
  let json: CacheableBody | undefined;
  let html: CacheableBody | undefined;
  let script: CacheableBody | undefined;
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/openapi.json',
      operationId: 'openapi',
      summary: 'OpenAPI 3.1 document',
      description: 'This API described in OpenAPI 3.1, generated from the same zod schemas the routes validate with.',
      tags: ['Operations'],
      auth: 'none',
      response: {
        mediaType: 'application/json',
        schema: z
          .object({ openapi: z.string().openapi({ example: '3.1.0' }), info: z.object({ title: z.string(), version: z.string() }).passthrough(), paths: z.record(z.unknown()) })
          .passthrough(),
        description: 'The OpenAPI document itself (not enveloped)',
      },
      handler: async ({ req, res }) => {
        json ??= cacheableBody(JSON.stringify(getDoc()), 'application/json; charset=utf-8');
        sendCacheable(req, res, json, CACHEABLE_OPERATIONS.openapi!);
        return { handled: true };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/docs',
      operationId: 'docs',
      summary: 'API reference page (HTML)',
      description: 'The full reference (Redoc) rendered from /api/v1/openapi.json, served from this process (no CDN).',
      tags: ['Operations'],
      auth: 'none',
      response: { mediaType: 'text/html', description: 'The reference page' },
      handler: async ({ req, res }) => {
        html ??= cacheableBody(renderDocs(getDoc() as Parameters<typeof renderDocs>[0]), 'text/html; charset=utf-8');
        res.setHeader('Content-Security-Policy', DOCS_CSP);
        sendCacheable(req, res, html, CACHEABLE_OPERATIONS.docs!);
        return { handled: true };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/docs/redoc.standalone.js',
      operationId: 'docsScript',
      summary: 'Redoc bundle of the reference page',
      description: 'The Redoc standalone script the reference page loads, served by this process.',
      tags: ['Operations'],
      auth: 'none',
      errors: [404],
      response: { mediaType: 'text/javascript', description: 'Redoc standalone bundle' },
      handler: async ({ req, res }) => {
        const file = redocBundlePath();
        if (!file) throw new AppError('NOT_FOUND', 'The Redoc bundle is not installed; run npm run build');
        script ??= cacheableBody(servedRedocBundle(file), 'text/javascript; charset=utf-8');
        sendCacheable(req, res, script, CACHEABLE_OPERATIONS.docsScript!);
        return { handled: true };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/metrics',
      operationId: 'metrics',
      summary: 'Prometheus metrics (text exposition format)',
      description: 'HTTP, job, queue and platform-call metrics in the Prometheus text exposition format. Needs `Authorization: Bearer <METRICS_TOKEN>`; answers 404 when no METRICS_TOKEN is configured (workers serve theirs on WORKER_HTTP_PORT).',
      tags: ['Operations'],
      auth: 'none',
      errors: [401, 404],
      response: { mediaType: 'text/plain', description: 'Prometheus text exposition format' },
      handler: async ({ req, res }) => {
        if (!metricsToken) throw new AppError('NOT_FOUND', 'Metrics are not served on this port');
        if (!bearerMatches(req.headers.authorization, metricsToken)) throw new AppError('UNAUTHENTICATED', 'A valid metrics token is required');
        res.type(metricsType).send(await metricsText());
        return { handled: true };
      },
    }),
  ];
}
