import type { Request } from 'express';
import { DIRTY, INVALID, type ParseInput, type ParseReturnType } from 'zod';
import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { platformModules, writeOperationNamed } from '../../../shared/platforms';
import type { ProxyMethod } from '../../../shared/platforms/core/proxy-rules';
import { DryRunQuery, submitWrite } from '../guarded-route';
import { defineRoute, type HandlerContext, type RouteResult, type RouteSpec } from '../route';
import { proxyService } from './proxy-service';

/*
 * `/api/v1/{platform}/proxy/{path}` (docs/proxy.md): any endpoint of the platform's API at the
 * configured version, for an ad account of the caller's that the path (or its query or body) names.
 */

/**
 * zod's preprocess, which builds a refinement context (and binds its `addIssue`) on every parse: this
 * one joins the wildcard's segments and never adds an issue, so the inner schema's result is the
 * answer zod's own code gives. The document shows the inner schema, as for any preprocess.
 */
class JoinedSegments extends z.ZodEffects<z.ZodString, string, unknown> {
  override _parse(input: ParseInput): ParseReturnType<string> {
    const { ctx } = this._processInputParams(input);
    if (ctx.common.async) return super._parse(input);
    const data = Array.isArray(ctx.data) ? ctx.data.join('/') : ctx.data;
    const result = this._def.schema._parseSync({ data, path: ctx.path, parent: ctx });
    if (result.status === 'aborted') return INVALID;
    return result.status === 'dirty' ? DIRTY(result.value) : result;
  }
}

const PathParam = new JoinedSegments({
  // The wildcard arrives as its segments; the handler reads the raw path itself (encoded slashes matter).
  schema: z.string().min(1),
  typeName: z.ZodFirstPartyTypeKind.ZodEffects,
  effect: { type: 'preprocess', transform: (v: unknown) => (Array.isArray(v) ? v.join('/') : v) },
}).openapi({ description: 'The platform API path below its versioned base (`act_123/adlabels`, `customers/1234567890/googleAds:search`); every segment after `/proxy/`.' });

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

/** Query keys that are the gateway's own: never forwarded (`dryRun` on the write methods only). */
const GATEWAY_QUERY = new Set(['adAccountId', 'externalUserId', 'token']);

function platformQuery(query: Record<string, unknown>, method: ProxyMethod): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) if (!GATEWAY_QUERY.has(k) && !(k === 'dryRun' && method !== 'GET')) out[k] = v;
  return out;
}

/** Every proxied write's answer says it was sent at most once (docs/proxy.md "Writes"). */
const AT_MOST_ONCE = { 'Proxy-Write-Delivery': 'at-most-once' };

/** The raw path after `/proxy/`, as sent: segments before it are the surface's (`/api/v1[/{teamId}]/{platform}/proxy`). */
function rawPath(req: Request, team: boolean): { raw: string; prefix: string } {
  const url = req.originalUrl;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  // The slash that ends the prefix: the 5th of `/api/v1/{platform}/proxy/…` (6th with the team's segment).
  let cut = -1;
  for (let n = team ? 6 : 5; n > 0; n--) {
    cut = path.indexOf('/', cut + 1);
    if (cut < 0) break;
  }
  return cut < 0 ? { raw: '', prefix: path } : { raw: path.slice(cut + 1), prefix: path.slice(0, cut) };
}

const METHOD_WORD: Record<ProxyMethod, string> = { GET: 'read', POST: 'POST', PATCH: 'PATCH', DELETE: 'DELETE' };

const WRITE_TEXT =
  ' A write (every POST, PATCH and DELETE except the POSTs listed as reads, e.g. Google `googleAds:search`) runs as a job through the safe-write layer ' +
  '(dry run, `Idempotency-Key`, the audit trail; confirmation as docs/proxy.md says) and is sent **at most once**: once it may have reached the platform it is never sent again ' +
  '(no exactly-once for endpoints the gateway does not know), so an unknown outcome is 409 `CREATE_UNCONFIRMED`; the answer carries `Proxy-Write-Delivery: at-most-once`.';

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
      query: platformQuery(query, method),
      body: ctx.body,
      adAccountId: typeof query.adAccountId === 'string' ? query.adAccountId : undefined,
      prefix,
    };
    const plan = await service.plan(call);
    if (!plan.write) return { data: await service.read(call, plan) };
    const op = writeOperationNamed(`${platform}.proxyWrite`);
    if (!op) throw new AppError('INTERNAL', `No proxy write for ${platform}`);
    // The checked account and its caller, as a guarded route's handler gets them.
    const guarded = Object.assign(ctx, { account: plan.account, caller: plan.caller });
    const result = await submitWrite(guarded, op, service.writeParams(call, plan), `Proxied ${method} (sent at most once)`, 'proxy');
    return 'data' in result ? { ...result, headers: { ...result.headers, ...AT_MOST_ONCE } } : result;
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
      'path names an activated ad account of the caller (docs/proxy.md gives the rules and the allow list). Anything else is 403 `PROXY_PATH_NOT_ALLOWED`. ' +
      "A platform error is the gateway's error envelope with the platform's own error object in `error.platform`; an answer over 8 MiB is 502 `PLATFORM_RESPONSE_TOO_LARGE`." +
      (method === 'GET' ? '' : WRITE_TEXT),
    tags: [m.tag],
    auth: team ? 'team' : 'external',
    params: team ? z.object({ teamId: z.string().max(128), path: PathParam }) : z.object({ path: PathParam }),
    query: method === 'GET' ? ProxyQuery : ProxyQuery.extend(DryRunQuery.shape),
    ...(method === 'GET' ? {} : { body: ProxyBody, job: 'write' as const }),
    // The POSTs that only read (Google's search) answer directly, without a job.
    ...(method === 'POST' && m.proxyRules?.readingPost ? { answersWithoutJob: true } : {}),
    response: { schema: ProxyAnswer },
    errors: method === 'GET' ? [400, 403, 404, 413, 422, 429, 502, 504] : [400, 403, 404, 409, 413, 422, 429, 502, 503, 504],
    handler: proxyHandler(m.name, method, team) as never,
  });
}

/** The proxy's routes: each platform's methods, on the main and the team surface. */
export const proxyRoutes: RouteSpec[] = platformModules.flatMap((m) => (m.proxyRules?.methods ?? []).flatMap((method) => [proxyRoute(m, method, false), proxyRoute(m, method, true)]));
