import { dispatch, type Env } from './dispatch';
import { errors } from './errors';
import { json, splitPath, str, type GraphReq } from './request';

interface BatchItem {
  method?: string;
  relative_url?: string;
  body?: string;
  name?: string;
  headers?: { name: string; value: string }[];
}

/** `POST /` with `batch=[…]` (docs/platforms/facebook.md §7): up to 50 items, each a separate call for rate limits. */
export function runBatch(env: Env, req: GraphReq): unknown {
  const items = json<unknown>(req.params, 'batch');
  if (!Array.isArray(items)) throw errors.paramRequired('batch');
  if (items.length > 50) throw errors.batchTooLarge();
  const includeHeaders = str(req.params, 'include_headers') !== 'false';
  return items.map((raw) => {
    const item = raw as BatchItem;
    const method = (item.method ?? 'GET').toUpperCase() as GraphReq['method'];
    const url = new URL(`http://x/${(item.relative_url ?? '').replace(/^\//, '')}`);
    const { version, segments } = splitPath(url.pathname);
    const query = Object.fromEntries(url.searchParams);
    const body = item.body ? Object.fromEntries(new URLSearchParams(item.body)) : {};
    const params: Record<string, unknown> = { ...query, ...body };
    const sub: GraphReq = {
      method: method === 'POST' || method === 'DELETE' ? method : 'GET',
      version: version || req.version,
      segments,
      params,
      query,
      token: str(params, 'access_token') ?? req.token,
      baseUrl: req.baseUrl,
    };
    const res = dispatch(env, sub);
    return {
      code: res.status,
      ...(includeHeaders ? { headers: Object.entries(res.headers).map(([name, value]) => ({ name, value })) } : {}),
      body: JSON.stringify(res.body),
    };
  });
}
