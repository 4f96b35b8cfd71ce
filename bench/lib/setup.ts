/**
 * Everything a scenario needs, set up through the gateway's real HTTP API only: a tenant (sign-up),
 * its platform apps, an external user and its token, and activated ad accounts.
 */
import { randomBytes } from 'node:crypto';
import { simToken, type SimPlatform } from './sims';

export class RouteMissing extends Error {}

export interface HttpAnswer {
  status: number;
  body: any;
  headers: Headers;
}

export async function call(base: string, method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(base + path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: r.status, body, headers: r.headers };
}

/** Throws RouteMissing when the gateway does not have the route yet, so the scenario can be skipped. */
export function expectStatus(r: HttpAnswer, status: number | number[], what: string): any {
  const ok = Array.isArray(status) ? status.includes(r.status) : r.status === status;
  if (ok) return r.body?.data;
  const code = r.body?.error?.code;
  const msg = `${what}: expected ${String(status)}, got ${r.status} ${JSON.stringify(r.body).slice(0, 400)}`;
  if (r.status === 404 && code === 'ROUTE_NOT_FOUND') throw new RouteMissing(`${what}: route not in the gateway yet`);
  throw new Error(msg);
}

export interface Tenant {
  apiKey: string;
}

const APPS: Record<SimPlatform, Record<string, string>> = {
  facebook: { appId: '1234567890123456', appSecret: 'sim-app-secret' },
  google: { clientId: 'sim-google-client-id.apps.googleusercontent.com', clientSecret: 'sim-google-client-secret' },
  tiktok: { appId: 'sim-tiktok-app', secret: 'sim-tiktok-secret' },
  linkedin: { clientId: 'sim-linkedin-app', clientSecret: 'sim-linkedin-secret' },
};

export async function createTenant(api: string, platforms: SimPlatform[]): Promise<Tenant> {
  const tag = randomBytes(4).toString('hex');
  const signUp = await call(api, 'POST', '/api/v1/tenants', {
    body: { email: `bench-${tag}@example.test`, password: `Bench-${randomBytes(9).toString('base64url')}`, name: `Bench ${tag}`, tenantName: `Bench ${tag}` },
  });
  const { apiKey } = expectStatus(signUp, 201, 'sign-up') as { apiKey: string };
  for (const p of platforms) {
    expectStatus(await call(api, 'POST', `/api/v1/tenant/apps/${p}`, { headers: { 'x-api-key': apiKey }, body: APPS[p] }), [200, 201], `configure ${p} app`);
  }
  return { apiKey };
}

export async function externalToken(api: string, apiKey: string, externalUserId: string): Promise<string> {
  const r = await call(api, 'POST', '/api/v1/auth/token', { headers: { 'x-api-key': apiKey }, body: { externalUserId } });
  return (expectStatus(r, 200, 'auth/token') as { accessToken: string }).accessToken;
}

/** Activates `adAccountIds` for the user holding `token`, with a simulator token of `simUser`. */
export async function activate(api: string, token: string, platform: SimPlatform, simUrl: string, simUser: string, adAccountIds: string[]): Promise<string> {
  const platformToken = await simToken(simUrl, simUser);
  for (const adAccountId of adAccountIds) {
    const r = await call(api, 'POST', `/api/v1/connections/${platform}/activate`, {
      headers: { authorization: `Bearer ${token}` },
      body: { adAccountId, accessToken: platformToken },
    });
    expectStatus(r, 200, `activate ${platform} ${adAccountId}`);
  }
  return platformToken;
}

/** One tenant with one external user who owns `accounts` on `platform`. */
export async function ownerWithAccounts(
  api: string,
  o: { platform: SimPlatform; simUrl: string; simUser: string; accounts: string[] },
): Promise<{ apiKey: string; externalUserId: string; token: string; platformToken: string }> {
  const { apiKey } = await createTenant(api, [o.platform]);
  const externalUserId = `bench-user-${randomBytes(3).toString('hex')}`;
  const token = await externalToken(api, apiKey, externalUserId);
  const platformToken = await activate(api, token, o.platform, o.simUrl, o.simUser, o.accounts);
  return { apiKey, externalUserId, token, platformToken };
}
