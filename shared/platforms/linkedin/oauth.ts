import { AppError, isAppError } from '../../errors/app-error';
import type { OAuthCallback, PlatformClient, PlatformOAuth, TokenGrant } from '../core/types';
import type { LinkedinDescriptor } from './descriptor';

interface TokenAnswer {
  access_token: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  scope?: string;
}

/** 60 days, when an answer leaves `expires_in` out. */
const DEFAULT_ACCESS_TTL_S = 5_184_000;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Documented space-delimited, seen comma-separated: both are read. */
export const parseScopes = (s: string | undefined): string[] => [...new Set((s ?? '').split(/[\s,]+/).filter(Boolean))];

const toGrant = (t: TokenAnswer, now = Date.now()): TokenGrant => ({
  accessToken: t.access_token,
  refreshToken: t.refresh_token,
  expiresAt: new Date(now + (t.expires_in ?? DEFAULT_ACCESS_TTL_S) * 1000),
  scopes: parseScopes(t.scope),
});

/**
 * LinkedIn 3-legged OAuth (docs/platforms/linkedin.md, "OAuth"): the consent dialog → a single-use
 * code (30 min) → a 60-day access token with a refresh token (365 days from consent, not extended by
 * a refresh). No PKCE.
 */
export function linkedinOAuth(client: PlatformClient, d: LinkedinDescriptor): PlatformOAuth {
  const tokenCall = <T>(url: string, form: Record<string, string | undefined>, appKey: string, idempotent: boolean) =>
    client.request<T>({ method: 'POST', path: '', absoluteUrl: url, form, kind: 'write', idempotent, appKey });
  return {
    usesPkce: false,
    authorizeUrl({ app, redirectUri, state, scopes }) {
      const u = new URL(d.authorizeUrl);
      u.searchParams.set('response_type', 'code');
      u.searchParams.set('client_id', app.clientId);
      u.searchParams.set('redirect_uri', redirectUri);
      u.searchParams.set('state', state);
      u.searchParams.set('scope', (scopes.length ? scopes : d.scopes).join(' '));
      // URLSearchParams writes spaces as '+'; LinkedIn's examples use %20.
      return u.toString().replace(/\+/g, '%20');
    },
    readCallback(q): OAuthCallback {
      return { code: str(q.code), state: str(q.state), error: str(q.error), errorDescription: str(q.error_description) };
    },
    async exchangeCode({ app, code, redirectUri }) {
      // A code is single use: a retry after a lost answer would only be refused.
      const t = await tokenCall<TokenAnswer>(d.tokenUrl, { grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret, redirect_uri: redirectUri }, app.clientId, false);
      return toGrant(t);
    },
    async refresh(app, refreshToken) {
      try {
        // A refresh only hands out another access token: safe to repeat.
        const t = await tokenCall<TokenAnswer>(d.tokenUrl, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: app.clientId, client_secret: app.clientSecret }, app.clientId, true);
        return { ...toGrant(t), refreshToken: t.refresh_token ?? refreshToken };
      } catch (err) {
        // The token endpoint refusing a refresh means the grant is dead (expired after 365 days, or revoked).
        if (isAppError(err) && err.code === 'PLATFORM_REJECTED') {
          throw new AppError('CONNECTION_REAUTH_REQUIRED', 'The LinkedIn connection must be re-authorized', { details: err.details, cause: err });
        }
        throw err;
      }
    },
    async inspect(app, accessToken) {
      const r = await tokenCall<{ active?: boolean; expires_at?: number; scope?: string }>(d.introspectUrl, { client_id: app.clientId, client_secret: app.clientSecret, token: accessToken }, app.clientId, true);
      if (!r.active) throw new AppError('CONNECTION_REAUTH_REQUIRED', 'LinkedIn says this access token is not active');
      return { expiresAt: r.expires_at ? new Date(r.expires_at * 1000) : null, scopes: parseScopes(r.scope) };
    },
    async revoke(app, { accessToken }) {
      // Not in LinkedIn's pages; the endpoint integrations use. Best effort: the caller only logs a failure.
      await tokenCall(d.revokeUrl, { client_id: app.clientId, client_secret: app.clientSecret, token: accessToken }, app.clientId, true);
    },
  };
}
