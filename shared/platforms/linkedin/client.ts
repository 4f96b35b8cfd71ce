import { formBody, FORM, JSON_TYPE } from '../core/encode';
import type { PlatformHttpClient, WireFormat } from '../core/http-client';
import type { PlatformClient, PlatformRequest, RawResponse } from '../core/types';
import { encodeQuery } from './restli';

/** Headers every `/rest` call carries (docs/platforms/linkedin.md, "Hosts, versions and required headers"). */
function restHeaders(version: string): Record<string, string> {
  return { 'LinkedIn-Version': version, 'X-Restli-Protocol-Version': '2.0.0' };
}

/**
 * LinkedIn's wire format: the versioned `/rest` base with the version and Rest.li 2.0 headers, a
 * Bearer token, Rest.li-encoded query values and JSON bodies. OAuth calls go to their absolute URL
 * with a form body and none of the REST headers.
 */
export function linkedinWire(d: { apiBase: string; apiVersion: string }): WireFormat {
  return {
    encode(req, token) {
      if (req.absoluteUrl) {
        return { url: req.absoluteUrl, headers: { ...FORM }, body: formBody(req.form ?? {}) };
      }
      const headers: Record<string, string> = { ...restHeaders(d.apiVersion), ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const query = req.query ? encodeQuery(req.query) : '';
      const url = `${d.apiBase}${req.path.replace(/^\/+/, '')}${query ? `?${query}` : ''}`;
      if (req.method === 'GET' || req.method === 'DELETE') return { url, headers };
      // An explicit body, even `{}`, so a POST always has a Content-Length (411 otherwise).
      return { url, headers: { ...headers, ...JSON_TYPE }, body: JSON.stringify(req.body ?? {}) };
    },
  };
}

/** The id LinkedIn gives a created entity: the `x-restli-id` header (`x-linkedin-id` as a fallback). */
function createdId(res: RawResponse): string | undefined {
  return res.headers['x-restli-id'] ?? res.headers['x-linkedin-id'];
}

/**
 * The adapter's client: the platform HTTP client, with LinkedIn's answers made usable by callers
 * that only see bodies. A create (201, empty body) answers `{ id }` from its header; a partial
 * update (204) answers `{}`.
 */
export class LinkedinClient implements PlatformClient {
  constructor(private readonly http: PlatformHttpClient) {}

  async request<T = unknown>(req: PlatformRequest): Promise<T> {
    const res = await this.http.requestRaw(req);
    if (res.status === 201) {
      const body = typeof res.body === 'object' && res.body !== null ? res.body : {};
      return { ...body, id: createdId(res) } as T;
    }
    if (res.status === 204 || res.body === undefined) return {} as T;
    return res.body as T;
  }

  requestRaw(req: PlatformRequest): Promise<RawResponse> {
    return this.http.requestRaw(req);
  }

  close(): Promise<void> {
    return this.http.close();
  }
}
