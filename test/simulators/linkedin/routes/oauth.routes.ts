/**
 * www.linkedin.com/oauth/v2 (docs/platforms/linkedin.md, "OAuth"): the consent dialog (answered at
 * once, as the member's click), the token endpoint for both grants, introspection and revocation.
 */
import express, { type Request, type Response } from 'express';
import type { RegisteredApp, SimDeps } from '../ctx';
import { ACCESS_TTL_S, REFRESH_TTL_S, type Grant } from '../state';

/** Scopes the Advertising API product grants (MSL:marketing/increasing-access). */
export const PRODUCT_SCOPES = ['r_ads', 'rw_ads', 'r_ads_reporting', 'r_organization_social', 'rw_organization_admin', 'r_organization_admin', 'w_organization_social', 'w_member_social', 'r_basicprofile', 'r_1st_connections_size'];

const page = (res: Response, status: number, title: string, text: string) =>
  res.status(status).type('html').send(`<!doctype html><title>${title}</title><h1>${title}</h1><p>${text}</p>`);

const tokenError = (res: Response, status: number, error: string, description: string) => res.status(status).json({ error, error_description: description });

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

function findApp(deps: SimDeps, clientId: string): RegisteredApp | undefined {
  return deps.apps.find((a) => a.clientId === clientId);
}

export function oauthRouter(deps: SimDeps): express.Router {
  const r = express.Router();
  const { state } = deps;
  const scopeText = (scopes: string[]) => scopes.join(deps.settings.commaScopes ? ',' : ' ');

  /**
   * The consent dialog. `sim_user=<name>` is the member who signs in (default alice); `sim_deny=1` is
   * a member who clicks Cancel. The member grants every requested scope or none.
   */
  r.get('/oauth/v2/authorization', (req: Request, res: Response) => {
    const q = req.query as Record<string, string | undefined>;
    const clientId = str(q.client_id);
    const redirectUri = str(q.redirect_uri);
    if (q.response_type !== 'code') return page(res, 400, 'Bad Request', 'response_type must be code');
    // A bad client_id or redirect_uri is documented as 401 on the dialog (rendered, not redirected: ASSUMED).
    if (!clientId || (deps.strict && !findApp(deps, clientId))) return page(res, 401, 'Invalid client_id', 'The client_id is not valid.');
    const app = findApp(deps, clientId);
    if (!redirectUri || !/^https?:\/\//.test(redirectUri) || redirectUri.includes('#') || (app?.redirectUris && !app.redirectUris.includes(redirectUri))) {
      return page(res, 401, 'Invalid redirect_uri', 'The redirect_uri does not match the registered value.');
    }
    const back = new URL(redirectUri);
    const setState = () => q.state !== undefined && back.searchParams.set('state', q.state);
    const scopes = (q.scope ?? '').split(/[\s,]+/).filter(Boolean);
    const unknown = scopes.filter((s) => !PRODUCT_SCOPES.includes(s));
    if (!scopes.length || unknown.length) {
      // ASSUMED: the dialog sends the member back with an error naming the scope.
      back.searchParams.set('error', 'unauthorized_scope_error');
      back.searchParams.set('error_description', `Scope "${unknown[0] ?? ''}" is not authorized for your application`);
      setState();
      return res.redirect(302, back.toString());
    }
    if (q.sim_deny === '1') {
      back.searchParams.set('error', 'user_cancelled_authorize');
      back.searchParams.set('error_description', 'The user cancelled the authorization');
      setState();
      return res.redirect(302, back.toString());
    }
    const user = q.sim_user ?? 'alice';
    if (!state.member(user)) return page(res, 400, 'Bad Request', `No simulated member named ${user}`);
    back.searchParams.set('code', state.issueCode(user, clientId, redirectUri, scopes));
    setState();
    return res.redirect(302, back.toString());
  });

  r.post('/oauth/v2/accessToken', (req: Request, res: Response) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const grantType = str(b.grant_type);
    const clientId = str(b.client_id);
    const secret = str(b.client_secret);
    for (const [name, v] of [['grant_type', grantType], ['client_id', clientId], ['client_secret', secret]] as const) {
      if (!v) return tokenError(res, 400, 'invalid_request', `A required parameter "${name}" is missing`);
    }
    if (deps.strict) {
      const app = findApp(deps, clientId!);
      // ASSUMED body for a wrong client secret.
      if (!app || app.clientSecret !== secret) return tokenError(res, 401, 'invalid_client', 'Client authentication failed');
    }
    const answer = (g: Grant) => {
      const at = state.issueAccess(g);
      return res.set('Cache-Control', 'no-store').json({
        access_token: at.token,
        expires_in: ACCESS_TTL_S,
        refresh_token: g.refreshToken,
        refresh_token_expires_in: Math.max(0, Math.floor((g.refreshExpiresAt - Date.now()) / 1000)),
        scope: scopeText(g.scopes),
      });
    };
    if (grantType === 'authorization_code') {
      const codeStr = str(b.code);
      if (!codeStr) return tokenError(res, 400, 'invalid_request', 'A required parameter "code" is missing');
      const redirectUri = str(b.redirect_uri);
      if (!redirectUri) return tokenError(res, 400, 'invalid_request', 'A required parameter "redirect_uri" is missing');
      const code = state.codes.get(codeStr);
      if (!code) return tokenError(res, 401, 'invalid_request', 'Unable to retrieve access token: authorization code not found');
      if (code.used || code.expiresAt <= Date.now() || code.appId !== clientId || code.redirectUri !== redirectUri) {
        return tokenError(res, 400, 'invalid_request', 'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists');
      }
      code.used = true;
      return answer(state.newGrant(code.user, code.appId, code.scopes));
    }
    if (grantType === 'refresh_token') {
      const rt = str(b.refresh_token);
      if (!rt) return tokenError(res, 400, 'invalid_request', 'A required parameter "refresh_token" is missing');
      const g = state.grants.get(state.refreshTokens.get(rt) ?? -1);
      if (!g || g.revoked || g.refreshExpiresAt <= Date.now() || g.appId !== clientId) {
        return tokenError(res, 400, 'invalid_request', 'The provided authorization grant or refresh token is invalid, expired or revoked');
      }
      return answer(g);
    }
    return tokenError(res, 400, 'unsupported_grant_type', `Grant type ${grantType} is not supported`);
  });

  r.post('/oauth/v2/introspectToken', (req: Request, res: Response) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const token = str(b.token);
    if (!str(b.client_id) || !str(b.client_secret) || !token) return tokenError(res, 400, 'invalid_request', 'client_id, client_secret and token are required');
    const t = state.tokens.get(token);
    const g = t ? state.grants.get(t.grantId) : undefined;
    if (!t || !g) return res.json({ active: false });
    const status = t.revoked || g.revoked ? 'revoked' : t.expiresAt <= Date.now() ? 'expired' : 'active';
    return res.json({
      active: status === 'active',
      client_id: g.appId,
      authorized_at: Math.floor((g.refreshExpiresAt - REFRESH_TTL_S * 1000) / 1000),
      created_at: Math.floor((t.expiresAt - ACCESS_TTL_S * 1000) / 1000),
      expires_at: Math.floor(t.expiresAt / 1000),
      status,
      scope: g.scopes.join(','),
      auth_type: '3L',
    });
  });

  /** Not in LinkedIn's pages; third-party integrations post here (RFC 7009 style). Revokes the whole grant. */
  r.post('/oauth/v2/revoke', (req: Request, res: Response) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const token = str(b.token);
    if (!str(b.client_id) || !str(b.client_secret) || !token) return tokenError(res, 400, 'invalid_request', 'client_id, client_secret and token are required');
    const grantId = state.tokens.get(token)?.grantId ?? state.refreshTokens.get(token);
    if (grantId !== undefined) state.revokeGrant(grantId);
    return res.status(200).end();
  });

  return r;
}
