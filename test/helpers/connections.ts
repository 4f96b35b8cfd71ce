import { startFacebookSim } from '../simulators/facebook';
import { startTiktokSim } from '../simulators/tiktok';
import { startGoogleSim } from '../simulators/google';
import type { RunningSim } from '../simulators/common/sim-kit';
import { http, type TestApp } from './test-app';
import { trackSecret } from './identity';

export type SimPlatform = 'facebook' | 'tiktok' | 'google';
export type Sims = Partial<Record<SimPlatform, RunningSim>>;

/** Starts the three simulators on port 0. */
export async function startSims(which: SimPlatform[] = ['facebook', 'tiktok', 'google']): Promise<Sims & { close(): Promise<void> }> {
  const sims: Sims = {};
  if (which.includes('facebook')) sims.facebook = await startFacebookSim({ port: 0 });
  if (which.includes('tiktok')) sims.tiktok = await startTiktokSim({ port: 0 });
  if (which.includes('google')) sims.google = await startGoogleSim({ port: 0 });
  return {
    ...sims,
    close: async () => {
      await Promise.all(Object.values(sims).map((s) => s.close()));
    },
  };
}

/** Gateway configuration that points every platform at the simulators (as it would at the real hosts). */
export function simEnv(sims: Sims): Record<string, string> {
  const env: Record<string, string> = {};
  if (sims.facebook) Object.assign(env, { FACEBOOK_GRAPH_URL: sims.facebook.baseUrl, FACEBOOK_DIALOG_URL: sims.facebook.baseUrl });
  if (sims.tiktok) Object.assign(env, { TIKTOK_API_URL: sims.tiktok.baseUrl, TIKTOK_AUTH_URL: sims.tiktok.baseUrl });
  if (sims.google) {
    // v22 was sunset on 2026-10-07 (facts §1); the simulator refuses it.
    Object.assign(env, { GOOGLE_ADS_URL: sims.google.baseUrl, GOOGLE_OAUTH_URL: sims.google.baseUrl, GOOGLE_TOKEN_URL: sims.google.baseUrl, GOOGLE_ADS_API_VERSION: 'v23' });
  }
  return env;
}

/** A platform access token for a seeded simulator user (`POST /__sim/tokens`). */
export async function simToken(sims: Sims, platform: SimPlatform, user = 'alice', extra: Record<string, unknown> = {}): Promise<{ accessToken: string; refreshToken?: string }> {
  const sim = sims[platform];
  if (!sim) throw new Error(`${platform} simulator not started`);
  const r = await fetch(`${sim.baseUrl}/__sim/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, ...extra }),
  });
  const b = (await r.json()) as { access_token: string; refresh_token?: string | null };
  if (r.status >= 300) throw new Error(`sim token: ${r.status} ${JSON.stringify(b)}`);
  trackSecret(b.access_token, b.refresh_token ?? undefined);
  return { accessToken: b.access_token, refreshToken: b.refresh_token ?? undefined };
}

export interface ConnectedAccount {
  /** Gateway row id. */
  id: string;
  /** Normalized platform id, as the guard accepts it. */
  adAccountId: string;
  connectionId: string;
  platformToken: string;
}

/**
 * Activates a simulator account for the external user holding `token` (a gateway access token) via
 * the real API: mints a platform token for the seeded simulator user, then
 * `POST /api/v1/connections/{platform}/activate { adAccountId, accessToken }`.
 */
export async function connectAccount(
  app: TestApp,
  sims: Sims,
  opts: { platform: SimPlatform; token: string; adAccountId: string; simUser?: string },
): Promise<ConnectedAccount> {
  const { accessToken } = await simToken(sims, opts.platform, opts.simUser ?? 'alice');
  const r = await http(app.url, 'POST', `/api/v1/connections/${opts.platform}/activate`, {
    headers: { authorization: `Bearer ${opts.token}` },
    body: { adAccountId: opts.adAccountId, accessToken },
  });
  if (r.status !== 200) throw new Error(`activate ${opts.platform} ${opts.adAccountId}: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.data.id, adAccountId: r.body.data.adAccountId, connectionId: r.body.data.connectionId, platformToken: accessToken };
}

/** Follows the platform's authorize redirect (the simulators answer at once) and returns the callback URL. */
export async function authorize(url: string, params: Record<string, string> = {}): Promise<string> {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  const r = await fetch(u, { redirect: 'manual' });
  const loc = r.headers.get('location');
  if (r.status !== 302 || !loc) throw new Error(`authorize: expected 302, got ${r.status} ${await r.text()}`);
  return loc;
}
