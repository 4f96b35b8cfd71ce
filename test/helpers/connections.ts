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
 * Connects a platform for the external user holding `token` the way a real user does: the gateway's
 * own auth-url (so its default scopes are what the platform is asked for), the simulator's consent
 * dialog as `simUser` (`decline` unticks permissions on Meta), then the gateway callback. Returns
 * the connection and the platform token the gateway stored for it.
 */
export async function connectThroughDialog(
  app: TestApp,
  opts: { platform: SimPlatform; token: string; simUser?: string; decline?: string[]; scopes?: string[] },
): Promise<{ connectionId: string; platformToken: string }> {
  const headers = { authorization: `Bearer ${opts.token}` };
  const r = await http(app.url, 'POST', `/api/v1/connections/${opts.platform}/auth-url`, {
    headers,
    body: { redirectUri: new URL('/connection-result', app.url).toString(), ...(opts.scopes ? { scopes: opts.scopes } : {}) },
  });
  if (r.status !== 200) throw new Error(`auth-url ${opts.platform}: ${r.status} ${JSON.stringify(r.body)}`);
  const dialog: Record<string, string> = { sim_user: opts.simUser ?? 'alice' };
  if (opts.decline?.length) dialog.sim_decline = opts.decline.join(',');
  const callback = await authorize(r.body.data.url, dialog);
  const cb = await fetch(callback, { redirect: 'manual' });
  const final = new URL(cb.headers.get('location') ?? 'about:blank');
  const connectionId = final.searchParams.get('connectionId');
  if (final.searchParams.get('status') !== 'success' || !connectionId) throw new Error(`callback ${opts.platform}: ${final.toString()}`);
  const platformToken = await app.services.platformAuth.accessTokenFor(undefined, connectionId);
  trackSecret(platformToken);
  return { connectionId, platformToken };
}

/**
 * Activates a simulator account for the external user holding `token` (a gateway access token) via
 * the real API. By default the user connects through the platform's consent dialog with the scopes
 * the gateway asks for, then `POST /api/v1/connections/{platform}/activate { adAccountId }` uses that
 * connection. `via: 'token'` mints an all-scope simulator token and activates with it instead
 * (`{ adAccountId, accessToken }`, a caller-supplied token such as a Meta system user's); tests that
 * pick it say why.
 */
export async function connectAccount(
  app: TestApp,
  sims: Sims,
  opts: {
    platform: SimPlatform;
    token: string;
    adAccountId: string;
    simUser?: string;
    via?: 'dialog' | 'token';
    /** A connection this user already made through the dialog: activate through it, no second consent. */
    through?: ConnectedAccount;
  },
): Promise<ConnectedAccount> {
  const viaToken = opts.via === 'token';
  const platformToken = opts.through
    ? opts.through.platformToken
    : viaToken
      ? (await simToken(sims, opts.platform, opts.simUser ?? 'alice')).accessToken
      : (await connectThroughDialog(app, { platform: opts.platform, token: opts.token, simUser: opts.simUser })).platformToken;
  const r = await http(app.url, 'POST', `/api/v1/connections/${opts.platform}/activate`, {
    headers: { authorization: `Bearer ${opts.token}` },
    body: viaToken ? { adAccountId: opts.adAccountId, accessToken: platformToken } : { adAccountId: opts.adAccountId },
  });
  if (r.status !== 200) throw new Error(`activate ${opts.platform} ${opts.adAccountId}: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.data.id, adAccountId: r.body.data.adAccountId, connectionId: r.body.data.connectionId, platformToken };
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
