import { http, type TestApp } from './app';
import { trackSecret } from '../helpers/identity';
import type { SimPlatform } from '../simulators';

export interface ConnectedAccount {
  /** Gateway row id. */
  id: string;
  /** Normalized platform id, as the guard accepts it. */
  adAccountId: string;
  connectionId: string;
  platformToken: string;
}

/** A platform access token for a seeded user of the simulator at `baseUrl` (`POST /__sim/tokens`), no OAuth. */
export async function mintSimToken(baseUrl: string, user = 'alice', extra: Record<string, unknown> = {}): Promise<{ accessToken: string; refreshToken?: string }> {
  const r = await fetch(`${baseUrl}/__sim/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user, ...extra }) });
  const b = (await r.json()) as { access_token: string; refresh_token?: string | null };
  if (r.status >= 300) throw new Error(`sim token: ${r.status} ${JSON.stringify(b)}`);
  trackSecret(b.access_token, b.refresh_token ?? undefined);
  return { accessToken: b.access_token, refreshToken: b.refresh_token ?? undefined };
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

export type DialogOptions = { platform: SimPlatform; token: string; simUser?: string; decline?: string[]; scopes?: string[]; redirectUri?: string };

/**
 * Connects a platform for the external user holding `token` the way a real user does: the gateway's
 * own auth-url (so its default scopes are what the platform is asked for), the simulator's consent
 * dialog as `simUser` (`decline` unticks permissions on Meta), then the gateway callback. Returns
 * the new connection's id.
 */
export async function consent(app: TestApp, opts: DialogOptions): Promise<string> {
  const headers = { authorization: `Bearer ${opts.token}` };
  const r = await http(app.url, 'POST', `/api/v1/connections/${opts.platform}/auth-url`, {
    headers,
    body: { redirectUri: opts.redirectUri ?? new URL('/connection-result', app.url).toString(), ...(opts.scopes ? { scopes: opts.scopes } : {}) },
  });
  if (r.status !== 200) throw new Error(`auth-url ${opts.platform}: ${r.status} ${JSON.stringify(r.body)}`);
  const dialog: Record<string, string> = { sim_user: opts.simUser ?? 'alice' };
  if (opts.decline?.length) dialog.sim_decline = opts.decline.join(',');
  const callback = await authorize(r.body.data.url, dialog);
  const cb = await fetch(callback, { redirect: 'manual' });
  const final = new URL(cb.headers.get('location') ?? 'about:blank');
  const connectionId = final.searchParams.get('connectionId');
  if (final.searchParams.get('status') !== 'success' || !connectionId) throw new Error(`callback ${opts.platform}: ${final.toString()}`);
  return connectionId;
}

/** `consent`, plus the platform token the gateway stored for the connection. */
export async function connectThroughDialog(app: TestApp, opts: DialogOptions): Promise<{ connectionId: string; platformToken: string }> {
  const connectionId = await consent(app, opts);
  const platformToken = await app.services.platformAuth.accessTokenFor(undefined, connectionId);
  trackSecret(platformToken);
  return { connectionId, platformToken };
}

/** `POST /api/v1/connections/{platform}/activate`, through the user's connection or with a caller-supplied token. */
export async function activateAccount(
  app: TestApp,
  opts: { platform: SimPlatform; token: string; adAccountId: string; accessToken?: string },
): Promise<Omit<ConnectedAccount, 'platformToken'>> {
  const r = await http(app.url, 'POST', `/api/v1/connections/${opts.platform}/activate`, {
    headers: { authorization: `Bearer ${opts.token}` },
    body: opts.accessToken ? { adAccountId: opts.adAccountId, accessToken: opts.accessToken } : { adAccountId: opts.adAccountId },
  });
  if (r.status !== 200) throw new Error(`activate ${opts.platform} ${opts.adAccountId}: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.data.id, adAccountId: r.body.data.adAccountId, connectionId: r.body.data.connectionId };
}

/**
 * Activates a simulator account for the external user holding `token` (a gateway access token) via
 * the real API. By default the user connects through the platform's consent dialog with the scopes
 * the gateway asks for, then activates through that connection. `via: 'token'` mints an all-scope
 * simulator token and activates with it instead (a caller-supplied token such as a Meta system
 * user's); tests that pick it say why.
 */
export async function connectAccount(
  app: TestApp,
  sims: { [P in SimPlatform]?: { baseUrl: string } },
  opts: {
    platform: SimPlatform;
    token: string;
    adAccountId: string;
    simUser?: string;
    via?: 'dialog' | 'token';
    /** A connection this user already made through the dialog (`consent`, or an earlier `connect`): activate through it, no second consent. */
    through?: Pick<ConnectedAccount, 'platformToken'>;
  },
): Promise<ConnectedAccount> {
  const viaToken = opts.via === 'token';
  let platformToken: string;
  if (opts.through) platformToken = opts.through.platformToken;
  else if (viaToken) {
    const sim = sims[opts.platform];
    if (!sim) throw new Error(`${opts.platform} simulator not started`);
    platformToken = (await mintSimToken(sim.baseUrl, opts.simUser ?? 'alice')).accessToken;
  } else platformToken = (await connectThroughDialog(app, { platform: opts.platform, token: opts.token, simUser: opts.simUser })).platformToken;
  const row = await activateAccount(app, { platform: opts.platform, token: opts.token, adAccountId: opts.adAccountId, accessToken: viaToken ? platformToken : undefined });
  return { ...row, platformToken };
}
