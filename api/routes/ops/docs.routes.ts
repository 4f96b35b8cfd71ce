import { z } from '../../../shared/infra/zod-openapi';
import { defineRoute, type RouteSpec } from '../route';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

type Op = { summary?: string; description?: string; tags?: string[]; operationId?: string };

/** A self-contained reference page (no CDN): operations grouped by tag, linking to the JSON document. */
export function renderDocs(doc: { info: { title: string; version: string }; paths?: Record<string, Record<string, Op>> }): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      const row = `<tr><td class="m ${method}">${method.toUpperCase()}</td><td><code>${esc(path)}</code></td><td>${esc(op.summary ?? '')}</td></tr>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, rows]) => `<h2>${esc(tag)}</h2><table>${rows.join('')}</table>`)
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(doc.info.title)} API</title>
<style>body{font:14px system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}td{padding:4px 8px;border-bottom:1px solid #eee}
.m{font-weight:bold;width:60px}.get{color:#0a7}.post{color:#07c}.patch{color:#a70}.delete{color:#c33}code{font-size:13px}</style></head>
<body><h1>${esc(doc.info.title)} <small>v${esc(doc.info.version)}</small></h1>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1). Every answer uses the envelope
<code>{ success, message, timestamp, statusCode, data }</code>; errors add <code>path, requestId, error: { code, details }</code>.</p>
${sections}</body></html>`;
}

export function docsRoutes(getDoc: () => object, metricsText: () => Promise<string>, metricsType: string): RouteSpec[] {
  let html: string | undefined;
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
      handler: async ({ res }) => {
        res.json(getDoc());
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
      handler: async ({ res }) => {
        html ??= renderDocs(getDoc() as Parameters<typeof renderDocs>[0]);
        res.type('html').send(html);
        return { handled: true };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/metrics',
      operationId: 'metrics',
      summary: 'Prometheus metrics (text exposition format)',
      description: 'HTTP, job, queue and platform-call metrics in the Prometheus text exposition format.',
      tags: ['Operations'],
      auth: 'none',
      response: { mediaType: 'text/plain', description: 'Prometheus text exposition format' },
      handler: async ({ res }) => {
        res.type(metricsType).send(await metricsText());
        return { handled: true };
      },
    }),
  ];
}
