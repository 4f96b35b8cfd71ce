/** Shared helpers for the Google simulator contract tests (real HTTP via fetch). */
import { startGoogleSim, type GoogleSimOptions } from '../../simulators/google';

export type Sim = Awaited<ReturnType<typeof startGoogleSim>>;
export const V = 'v23';

export async function start(opts: GoogleSimOptions = {}): Promise<Sim> {
  return startGoogleSim(opts);
}

export async function mintToken(sim: Sim, user = 'alice', extra: Record<string, unknown> = {}) {
  const r = await fetch(`${sim.baseUrl}/__sim/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, ...extra }),
  });
  return (await r.json()) as { access_token: string; refresh_token: string; expires_in: number; scope: string };
}

export interface Resp<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(
  sim: Sim,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Resp<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${sim.baseUrl}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* html or empty */
  }
  return { status: r.status, body: body as T, headers: r.headers };
}

export function search(sim: Sim, token: string, customerId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call(sim, 'POST', `/${V}/customers/${customerId}/googleAds:search`, { token, body, headers });
}

export function stream(sim: Sim, token: string, customerId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call(sim, 'POST', `/${V}/customers/${customerId}/googleAds:searchStream`, { token, body, headers });
}

export function mutate(sim: Sim, token: string, customerId: string, body: Record<string, unknown>) {
  return call(sim, 'POST', `/${V}/customers/${customerId}/campaigns:mutate`, { token, body });
}

/** The single GoogleAdsError of a failure body. */
export function adsError(body: any): { errorCode: Record<string, string>; message: string; [k: string]: unknown } {
  const detail = body?.error?.details?.find((d: any) => String(d['@type']).endsWith('errors.GoogleAdsFailure'));
  return detail?.errors?.[0];
}

/** Every row of a paged search, following nextPageToken. */
export async function searchAll(sim: Sim, token: string, customerId: string, query: string) {
  const pages: any[] = [];
  let pageToken: string | undefined;
  do {
    const r = await search(sim, token, customerId, { query, ...(pageToken ? { pageToken } : {}) });
    expect(r.status).toBe(200);
    pages.push(r.body);
    pageToken = r.body.nextPageToken;
  } while (pageToken);
  return { pages, rows: pages.flatMap((p) => p.results ?? []) };
}

export async function sim(path: string, s: Sim, body?: unknown) {
  return call(s, body === undefined ? 'GET' : 'POST', `/__sim${path}`, { body });
}
