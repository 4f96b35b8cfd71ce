import type { Client } from 'openapi-fetch';
import type { paths } from './generated/openapi';
import type { ApiResult } from './results';

/** The platforms the passthrough proxy serves (`/api/v1/{platform}/proxy/{path}`). */
export type ProxyPlatform = 'facebook' | 'tiktok' | 'google' | 'linkedin';
export type ProxyMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ProxyRequest {
  /** The platform's own query (`fields`, `advertiser_id`, …) and the gateway's (`adAccountId`, `dryRun`). */
  query?: Record<string, string | number | boolean | undefined>;
  /** The platform's own JSON body (POST, PATCH). */
  body?: Record<string, unknown>;
  /** `Idempotency-Key`, `Prefer`, `Confirm`, … */
  headers?: Record<string, string>;
}

/** The proxy's envelope: `data` is the platform's own JSON; a write also names its job (sent at most once). */
export interface ProxyEnvelope {
  success: true;
  message: string;
  statusCode: number;
  data: unknown;
  jobId?: string;
  pollUrl?: string;
}

/** Each segment encoded on its own: the proxy refuses an encoded slash, so `/` must stay a separator. */
const encodePath = (path: string) =>
  path
    .replace(/^\/+/, '')
    .split('/')
    .map((s) => encodeURIComponent(decodeURIComponent(s)).replace(/%3A/gi, ':').replace(/%40/g, '@').replace(/%2C/gi, ','))
    .join('/');

/**
 * Sends `method path` through the gateway's passthrough proxy for `platform` (docs/proxy.md): the
 * gateway adds the credentials and checks the path names one of the caller's ad accounts. The
 * result is openapi-fetch's, so `unwrap` and `waitForJob` take it like any other call.
 */
export function proxy(api: Client<paths>, platform: ProxyPlatform, method: ProxyMethod, path: string, request: ProxyRequest = {}): Promise<ApiResult<ProxyEnvelope>> {
  const encoded = encodePath(path);
  const init = {
    params: { path: { path: encoded }, query: request.query, header: request.headers },
    ...(request.body !== undefined ? { body: request.body } : {}),
    // The generated path has one `{path}` parameter; it stands for several segments, left unencoded here.
    pathSerializer: (template: string) => template.replace('{path}', encoded),
  };
  const send = api.request as unknown as (m: string, url: string, init: unknown) => Promise<ApiResult<ProxyEnvelope>>;
  return send(method.toLowerCase(), `/api/v1/${platform}/proxy/{path}`, init);
}
