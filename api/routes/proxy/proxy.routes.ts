import type { Request } from 'express';
import { z } from '../../../shared/infra/zod-openapi';
import { platformModules } from '../../../shared/platforms';
import type { ProxyMethod } from '../../../shared/platforms/core/proxy-rules';
import { defineRoute, type HandlerContext, type RouteResult, type RouteSpec } from '../route';
import { proxyService } from './proxy-service';

/*
 * `/api/v1/{platform}/proxy/{path}` (docs/proxy.md): any endpoint of the platform's API at the
 * configured version, for an ad account of the caller's that the path (or its query or body) names.
 */

const PathParam = z
  // The wildcard arrives as its segments; the handler reads the raw path itself (encoded slashes matter).
  .preprocess((v) => (Array.isArray(v) ? v.join('/') : v), z.string().min(1))
  .openapi({ description: 'The platform API path below its versioned base (`act_123/adlabels`, `customers/1234567890/googleAds:search`); every segment after `/proxy/`.' });

const ProxyQuery = z
  .object({
    adAccountId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .openapi({ description: 'The ad account an object path (Meta) or an allow-listed path is reached through; not sent to the platform.' }),
    externalUserId: z.string().optional().openapi({ description: 'With x-api-key: the external user acted for' }),
    token: z.string().optional().openapi({ description: 'Access token as a query parameter (for links); redacted from logs' }),
  })
  .passthrough();

const ProxyBody = z
  .record(z.unknown())
  .optional()
  .openapi('ProxyRequestBody', {
    description: "The platform's own JSON body (Google: `{ query }` for `googleAds:search`).",
    example: { query: 'SELECT campaign.id, campaign.name FROM campaign WHERE campaign.status = ENABLED LIMIT 10' },
  });

const ProxyAnswer = z.unknown().openapi('ProxyAnswer', { 'x-platform-json': true, description: "The platform's own JSON answer (TikTok: its `data`), with credentials removed and paging links rewritten to the proxy." });

/** Query keys that are the gateway's own: never forwarded. */
const GATEWAY_QUERY = new Set(['adAccountId', 'externalUserId', 'token']);

function platformQuery(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) if (!GATEWAY_QUERY.has(k)) out[k] = v;
  return out;
}

/** The raw path after `/proxy/`, as sent: segments before it are the surface's (`/api/v1[/{teamId}]/{platform}/proxy`). */
function rawPath(req: Request, team: boolean): { raw: string; prefix: string } {
  const parts = req.originalUrl.split('?')[0]!.split('/');
  const skip = team ? 6 : 5;
  return { raw: parts.slice(skip).join('/'), prefix: parts.slice(0, skip).join('/') };
}

const METHOD_WORD: Record<ProxyMethod, string> = { GET: 'read', POST: 'reading POST', PATCH: 'PATCH', DELETE: 'DELETE' };

function proxyHandler(platform: string, method: ProxyMethod, team: boolean) {
  return async (ctx: HandlerContext<undefined, typeof ProxyQuery, undefined>): Promise<RouteResult> => {
    const service = proxyService(ctx.deps);
    const { raw, prefix } = rawPath(ctx.req, team);
    const query = (ctx.query ?? {}) as Record<string, unknown>;
    const call = {
      auth: ctx.auth,
      platform,
      method,
      rawPath: raw,
      query: platformQuery(query),
      body: ctx.body,
      adAccountId: typeof query.adAccountId === 'string' ? query.adAccountId : undefined,
      prefix,
    };
    const plan = await service.plan(call);
    return { data: await service.read(call, plan) };
  };
}

function proxyRoute(m: (typeof platformModules)[number], method: ProxyMethod, team: boolean): RouteSpec {
  const name = m.label;
  return defineRoute({
    method: method.toLowerCase() as 'get',
    path: team ? `/api/v1/{teamId}/${m.name}/proxy/{path}` : `/api/v1/${m.name}/proxy/{path}`,
    operationId: `${team ? 'team' : ''}${team ? name : name.toLowerCase()}Proxy${method[0]}${method.slice(1).toLowerCase()}`,
    summary: `Proxy a ${m.displayName} ${METHOD_WORD[method]}${team ? ' for a team' : ''}`,
    message: 'Proxied',
    description:
      `Sends \`${method} {path}\` to the ${m.displayName} API at the configured version with the connection's credentials, after checking that the ` +
      'path names an activated ad account of the caller (docs/proxy.md gives the rules and the allow list). Anything else is 403 `PROXY_PATH_NOT_ALLOWED`.',
    tags: [m.tag],
    auth: team ? 'team' : 'external',
    params: team ? z.object({ teamId: z.string().max(128), path: PathParam }) : z.object({ path: PathParam }),
    query: ProxyQuery,
    ...(method === 'GET' ? {} : { body: ProxyBody }),
    response: { schema: ProxyAnswer },
    errors: [400, 403, 404, 413, 422, 429, 502, 504],
    handler: proxyHandler(m.name, method, team) as never,
  });
}

/** The proxy's routes: each platform's methods, on the main and the team surface. */
export const proxyRoutes: RouteSpec[] = platformModules.flatMap((m) =>
  // Reads only: GET, and POST where the platform reads with it (Google's search).
  (m.proxyRules?.methods ?? []).filter((method) => method === 'GET' || (method === 'POST' && m.proxyRules?.readingPost)).flatMap((method) => [proxyRoute(m, method, false), proxyRoute(m, method, true)]),
);
