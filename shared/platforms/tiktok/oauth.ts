import type { OAuthCallback, PlatformClient, PlatformOAuth } from '../core/types';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * TikTok advertiser OAuth (docs/platforms/tiktok.md §2): portal page → `auth_code` (single use, 1 h) → a long-term
 * token with the advertiser ids. No refresh token, no timer expiry; ends only on revoke.
 */
export function tiktokOAuth(client: PlatformClient, d: { portalAuthUrl: string }): PlatformOAuth {
  return {
    usesPkce: false,
    authorizeUrl({ app, redirectUri, state }) {
      const u = new URL(d.portalAuthUrl);
      u.searchParams.set('app_id', app.clientId);
      u.searchParams.set('state', state);
      u.searchParams.set('redirect_uri', redirectUri);
      return u.toString();
    },
    readCallback(q): OAuthCallback {
      // `code` is accepted too: whether TikTok also sends it is UNCONFIRMED (docs/platforms/tiktok.md §2).
      return { code: str(q.auth_code) ?? str(q.code), state: str(q.state), error: str(q.error), errorDescription: str(q.error_description) };
    },
    async exchangeCode({ app, code }) {
      const data = await client.request<{ access_token: string; advertiser_ids?: string[]; scope?: (number | string)[] }>({
        method: 'POST',
        path: 'oauth2/access_token/',
        body: { app_id: app.clientId, secret: app.clientSecret, auth_code: code },
        kind: 'write',
        // An auth_code is single use: a retry after a lost answer would only get 40110.
        idempotent: false,
        appKey: app.clientId,
      });
      return {
        accessToken: data.access_token,
        expiresAt: null,
        scopes: (data.scope ?? []).map(String),
        accountIds: (data.advertiser_ids ?? []).map(String),
      };
    },
    async revoke(app, { accessToken }) {
      await client.request({
        method: 'POST',
        path: 'oauth2/revoke_token/',
        body: { app_id: app.clientId, secret: app.clientSecret, access_token: accessToken },
        kind: 'write',
        idempotent: true,
        appKey: app.clientId,
      });
    },
  };
}
