import type { OAuthCallback, PlatformClient, PlatformOAuth, TokenGrant } from '../core/types';
import type { GoogleDescriptor } from './descriptor';

interface TokenAnswer {
  access_token: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

const toGrant = (t: TokenAnswer): TokenGrant => ({
  accessToken: t.access_token,
  refreshToken: t.refresh_token,
  expiresAt: new Date(Date.now() + (t.expires_in ?? 3599) * 1000),
  scopes: (t.scope ?? '').split(/\s+/).filter(Boolean),
});

/** Google identity (docs/platforms/google.md §2): authorization code with PKCE S256 and offline access. */
export function googleOAuth(client: PlatformClient, d: GoogleDescriptor): PlatformOAuth {
  return {
    usesPkce: true,
    authorizeUrl({ app, redirectUri, state, scopes, codeChallenge }) {
      const u = new URL(d.authorizeUrl);
      u.searchParams.set('client_id', app.clientId);
      u.searchParams.set('redirect_uri', redirectUri);
      u.searchParams.set('response_type', 'code');
      u.searchParams.set('scope', (scopes.length ? scopes : d.scopes).join(' '));
      u.searchParams.set('access_type', 'offline');
      // Without consent Google may omit the refresh token on a repeat authorization.
      u.searchParams.set('prompt', 'consent');
      u.searchParams.set('include_granted_scopes', 'true');
      u.searchParams.set('state', state);
      if (codeChallenge) {
        u.searchParams.set('code_challenge', codeChallenge);
        u.searchParams.set('code_challenge_method', 'S256');
      }
      return u.toString();
    },
    readCallback(q): OAuthCallback {
      return { code: str(q.code), state: str(q.state), error: str(q.error), errorDescription: str(q.error_description) };
    },
    async exchangeCode({ app, code, redirectUri, codeVerifier }) {
      const t = await client.request<TokenAnswer>({
        method: 'POST',
        path: '',
        absoluteUrl: d.tokenUrl,
        form: { grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret, redirect_uri: redirectUri, code_verifier: codeVerifier },
        kind: 'write',
        idempotent: false,
        appKey: app.clientId,
      });
      return toGrant(t);
    },
    async refresh(app, refreshToken) {
      const t = await client.request<TokenAnswer>({
        method: 'POST',
        path: '',
        absoluteUrl: d.tokenUrl,
        form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: app.clientId, client_secret: app.clientSecret },
        kind: 'write',
        // A refresh changes nothing at Google but the access token handed out: safe to repeat.
        idempotent: true,
        appKey: app.clientId,
      });
      return { ...toGrant(t), refreshToken };
    },
    async revoke(app, { accessToken, refreshToken }) {
      // Revoking the refresh token ends the whole grant (docs/platforms/google.md §2).
      await client.request({
        method: 'POST',
        path: '',
        absoluteUrl: d.revokeUrl,
        form: { token: refreshToken ?? accessToken },
        kind: 'write',
        idempotent: true,
        appKey: app.clientId,
      });
    },
  };
}
