import { AppError } from '../../errors/app-error';
import type { OAuthCallback, PlatformApp, PlatformClient, PlatformOAuth, TokenGrant } from '../core/types';

interface TokenAnswer {
  access_token: string;
  token_type?: string;
  expires_in?: number;
}

interface DebugToken {
  data?: {
    is_valid?: boolean;
    expires_at?: number;
    scopes?: string[];
    granular_scopes?: { scope?: string; target_ids?: string[] }[];
    user_id?: string;
    error?: { message?: string };
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * Meta login (docs/platforms/facebook.md §2): dialog → code → short-lived token → long-lived token (~60 days), then
 * `debug_token` for the real expiry and granted scopes.
 */
export function facebookOAuth(client: PlatformClient, d: { dialogBase: string; scopes: string[] }, extendWithinMs: number): PlatformOAuth {
  const appToken = (app: PlatformApp) => `${app.clientId}|${app.clientSecret}`;

  async function inspect(app: PlatformApp, accessToken: string) {
    const r = await client.request<DebugToken>({
      method: 'GET',
      path: 'debug_token',
      query: { input_token: accessToken, access_token: appToken(app) },
      kind: 'read',
      appKey: app.clientId,
    });
    if (!r.data?.is_valid) {
      throw new AppError('CONNECTION_REAUTH_REQUIRED', 'The Meta token is not valid', {
        details: [{ platform: 'facebook', message: r.data?.error?.message }],
      });
    }
    const exp = Number(r.data.expires_at ?? 0);
    // `scopes` lists what was granted; `granular_scopes` repeats the asset-scoped ones with their targets.
    const granted = new Set([...(r.data.scopes ?? []), ...(r.data.granular_scopes ?? []).map((g) => g.scope).filter((s): s is string => !!s)]);
    return { expiresAt: exp > 0 ? new Date(exp * 1000) : null, scopes: [...granted], platformUserId: r.data.user_id };
  }

  async function longLived(app: PlatformApp, token: string): Promise<TokenAnswer> {
    return client.request<TokenAnswer>({
      method: 'GET',
      path: 'oauth/access_token',
      query: { grant_type: 'fb_exchange_token', client_id: app.clientId, client_secret: app.clientSecret, fb_exchange_token: token },
      kind: 'read',
      appKey: app.clientId,
    });
  }

  async function grantFor(app: PlatformApp, t: TokenAnswer): Promise<TokenGrant> {
    const info = await inspect(app, t.access_token);
    const fallback = t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : null;
    return { accessToken: t.access_token, expiresAt: info.expiresAt ?? fallback, scopes: info.scopes, platformUserId: info.platformUserId };
  }

  return {
    usesPkce: false,
    authorizeUrl({ app, redirectUri, state, scopes, rerequest }) {
      const u = new URL(d.dialogBase);
      u.searchParams.set('client_id', app.clientId);
      u.searchParams.set('redirect_uri', redirectUri);
      u.searchParams.set('state', state);
      u.searchParams.set('response_type', 'code');
      u.searchParams.set('scope', (scopes.length ? scopes : d.scopes).join(','));
      // The dialog never asks again for a permission the person declined, unless told to:
      // https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow/
      if (rerequest) u.searchParams.set('auth_type', 'rerequest');
      return u.toString();
    },
    readCallback(q): OAuthCallback {
      return { code: str(q.code), state: str(q.state), error: str(q.error) ?? str(q.error_reason), errorDescription: str(q.error_description) };
    },
    async exchangeCode({ app, code, redirectUri }) {
      const short = await client.request<TokenAnswer>({
        method: 'GET',
        path: 'oauth/access_token',
        query: { client_id: app.clientId, client_secret: app.clientSecret, redirect_uri: redirectUri, code },
        kind: 'read',
        appKey: app.clientId,
      });
      return grantFor(app, await longLived(app, short.access_token));
    },
    async extend(app, accessToken) {
      return grantFor(app, await longLived(app, accessToken));
    },
    extendWithinMs,
    inspect,
    async revoke(app, { accessToken }) {
      await client.request({ method: 'DELETE', path: 'me/permissions', token: accessToken, kind: 'write', idempotent: true, appKey: app.clientId, appSecret: app.clientSecret });
    },
  };
}
