import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { http, type TestApp } from '../world/app';
import { SIM_PLATFORMS, SIMULATORS, type SimPlatform } from '../simulators';

/**
 * Secrets used by the tests of this file (jest gives each test file its own module registry).
 * Every helper below registers what it creates; tests add their own with `trackSecret`.
 */
const secrets = new Set<string>();
export const trackSecret = (...values: (string | undefined | null)[]) => {
  for (const v of values) if (v && v.length >= 8) secrets.add(v);
};
export const trackedSecrets = () => [...secrets];

/** Every tracked secret found in the given log files (the real pino output of the apps). */
export function leakedSecrets(logFiles: string[], values = trackedSecrets()): { file: string; secret: string }[] {
  const leaks: { file: string; secret: string }[] = [];
  for (const file of logFiles) {
    const text = readFileSync(file, 'utf8');
    for (const s of values) {
      if (text.includes(s) || text.includes(encodeURIComponent(s))) leaks.push({ file, secret: `${s.slice(0, 6)}…(${s.length} chars)` });
    }
  }
  return leaks;
}

export interface CreatedTenant {
  tenantId: string;
  apiKey: string;
  ownerToken: string;
  ownerRefreshToken: string;
  ownerId: string;
  email: string;
  password: string;
}

const expectOk = (r: { status: number; body: any }, status: number, what: string) => {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
};

/** Signs up a new tenant through the real API: `POST /api/v1/tenants`. */
export async function createTenant(app: TestApp, opts: { email?: string; password?: string; name?: string; tenantName?: string } = {}): Promise<CreatedTenant> {
  const tag = randomBytes(4).toString('hex');
  const email = opts.email ?? `owner-${tag}@example.test`;
  const password = opts.password ?? `Pw-${randomBytes(9).toString('base64url')}`;
  const r = await http(app.url, 'POST', '/api/v1/tenants', {
    body: { email, password, name: opts.name ?? `Owner ${tag}`, tenantName: opts.tenantName ?? `Tenant ${tag}` },
  });
  const data = expectOk(r, 201, 'sign-up');
  trackSecret(password, data.apiKey, data.tokens.accessToken, data.tokens.refreshToken);
  return {
    tenantId: data.tenant.id,
    apiKey: data.apiKey,
    ownerToken: data.tokens.accessToken,
    ownerRefreshToken: data.tokens.refreshToken,
    ownerId: data.user.id,
    email,
    password,
  };
}

/** `POST /api/v1/auth/token` for an external user (created on first use); returns both tokens. */
export async function externalUserTokens(app: TestApp, apiKey: string, externalUserId: string) {
  const r = await http(app.url, 'POST', '/api/v1/auth/token', { headers: { 'x-api-key': apiKey }, body: { externalUserId } });
  const data = expectOk(r, 200, 'auth/token');
  trackSecret(data.accessToken, data.refreshToken);
  return data as { accessToken: string; refreshToken: string; expiresIn: number; refreshExpiresIn: number; tokenType: 'Bearer' };
}

/** An external user's access token, via the real API. */
export async function externalUserToken(app: TestApp, apiKey: string, externalUserId: string): Promise<string> {
  return (await externalUserTokens(app, apiKey, externalUserId)).accessToken;
}

/** The app credentials each simulator registers by default (from the list in test/simulators/index.ts). */
export const SIM_APPS = Object.fromEntries(Object.entries(SIMULATORS).map(([p, d]) => [p, d.app])) as { [P in SimPlatform]: (typeof SIMULATORS)[P]['app'] };

/**
 * Configures the tenant's app for every simulated platform through `POST /api/v1/tenant/apps/{platform}`
 * (x-api-key). Override any field per platform, e.g. `{ google: { loginCustomerId: '1234567890' } }`.
 */
export async function configureApps(app: TestApp, apiKey: string, overrides: Partial<Record<SimPlatform, Record<string, string>>> = {}): Promise<void> {
  for (const platform of SIM_PLATFORMS) {
    const body: Record<string, string> = { ...SIM_APPS[platform], ...overrides[platform] };
    for (const [k, v] of Object.entries(body)) if (/secret|token/i.test(k)) trackSecret(v);
    const r = await http(app.url, 'POST', `/api/v1/tenant/apps/${platform}`, { headers: { 'x-api-key': apiKey }, body });
    expectOk(r, 201, `configure ${platform} app`);
  }
}
