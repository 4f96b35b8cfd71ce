/**
 * Google identity endpoints (docs/platforms/google.md §2): authorize (browser redirect, answered at once), token, revoke.
 * Paths match accounts.google.com / oauth2.googleapis.com, all served from this one host.
 */
import express, { type Request, type Response } from 'express';
import type { RegisteredApp, SimContext } from '../context';
import { s256 } from '../tokens';

const page = (res: Response, status: number, title: string, text: string) =>
  res.status(status).type('html').send(`<!doctype html><title>${title}</title><h1>${title}</h1><p>${text}</p>`);

const oauthError = (res: Response, status: number, error: string, description: string) =>
  res.status(status).set('Cache-Control', 'no-cache, no-store, max-age=0, must-revalidate').json({ error, error_description: description });

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

function findApp(ctx: SimContext, clientId: string): RegisteredApp | undefined {
  return ctx.settings.apps.find((a) => a.clientId === clientId);
}

/** Client credentials from the body or HTTP Basic. */
function clientCreds(req: Request): { id?: string; secret?: string } {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
    return { id: id && decodeURIComponent(id), secret: secret && decodeURIComponent(secret) };
  }
  return { id: str(b.client_id), secret: str(b.client_secret) };
}

export function oauthRouter(ctx: SimContext): express.Router {
  const r = express.Router();

  const authorize = (req: Request, res: Response) => {
    const q = req.query as Record<string, string | undefined>;
    const clientId = str(q.client_id);
    const redirectUri = str(q.redirect_uri);
    if (!clientId) return page(res, 400, 'Error 400: invalid_request', 'Missing required parameter: client_id');
    const app = findApp(ctx, clientId);
    if (ctx.settings.strict && !app) return page(res, 401, 'Error 401: invalid_client', 'The OAuth client was not found.');
    if (!redirectUri) return page(res, 400, 'Error 400: invalid_request', 'Missing required parameter: redirect_uri');
    if (ctx.settings.strict && app?.redirectUris && !app.redirectUris.includes(redirectUri)) {
      return page(res, 400, 'Error 400: redirect_uri_mismatch', "You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy.");
    }
    if (q.response_type !== 'code') return page(res, 400, 'Error 400: invalid_request', 'Invalid response_type');
    const scope = str(q.scope);
    if (!scope) return page(res, 400, 'Error 400: invalid_request', 'Missing required parameter: scope');
    const method = q.code_challenge_method ?? (q.code_challenge ? 'plain' : undefined);
    if (method && method !== 'S256' && method !== 'plain') return page(res, 400, 'Error 400: invalid_request', 'Invalid code_challenge_method');
    const back = new URL(redirectUri);
    if (q.state !== undefined) back.searchParams.set('state', q.state);
    if (q.sim_deny === '1') {
      back.searchParams.set('error', 'access_denied');
      return res.redirect(302, back.toString());
    }
    const user = q.sim_user ?? 'alice';
    if (!ctx.state.users.has(user)) return page(res, 400, 'Error 400: invalid_request', `Unknown simulated user ${user}`);
    const code = ctx.tokens.issueCode({
      user,
      clientId,
      redirectUri,
      scope,
      offline: q.access_type === 'offline',
      codeChallenge: str(q.code_challenge),
      codeChallengeMethod: method,
    });
    back.searchParams.set('code', code);
    back.searchParams.set('scope', scope);
    back.searchParams.set('authuser', '0');
    if (q.prompt) back.searchParams.set('prompt', q.prompt);
    return res.redirect(302, back.toString());
  };
  r.get('/o/oauth2/v2/auth', authorize);
  r.get('/o/oauth2/auth', authorize);

  const token = (req: Request, res: Response) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const { id: clientId, secret } = clientCreds(req);
    if (!clientId) return oauthError(res, 400, 'invalid_request', 'Could not determine client ID from request.');
    if (ctx.settings.strict) {
      const app = findApp(ctx, clientId);
      if (!app) return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
      if (app.clientSecret !== secret) return oauthError(res, 401, 'invalid_client', 'Unauthorized');
    }
    const grantType = str(b.grant_type);
    if (grantType === 'authorization_code') {
      const codeStr = str(b.code);
      if (!codeStr) return oauthError(res, 400, 'invalid_request', 'Missing required parameter: code');
      const code = ctx.tokens.takeCode(codeStr);
      if (!code || code.clientId !== clientId) return oauthError(res, 400, 'invalid_grant', 'Malformed auth code.');
      if (str(b.redirect_uri) !== code.redirectUri) return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
      if (code.codeChallenge) {
        const verifier = str(b.code_verifier);
        if (!verifier) return oauthError(res, 400, 'invalid_grant', 'Missing code verifier.');
        const expected = code.codeChallengeMethod === 'S256' ? s256(verifier) : verifier;
        if (expected !== code.codeChallenge) return oauthError(res, 400, 'invalid_grant', 'Invalid code verifier.');
      }
      const grant = ctx.tokens.newGrant(code.user, clientId, code.scope, code.offline);
      const at = ctx.tokens.issueAccess(grant);
      return res.set('Cache-Control', 'no-cache, no-store, max-age=0, must-revalidate').json({
        access_token: at.token,
        expires_in: Math.round((at.expiresAt - Date.now()) / 1000),
        ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
        scope: grant.scope,
        token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const rt = str(b.refresh_token);
      if (!rt) return oauthError(res, 400, 'invalid_request', 'Missing required parameter: refresh_token');
      const grant = ctx.tokens.grantByRefresh(rt);
      if (!grant) return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
      if (grant.clientId !== clientId) return oauthError(res, 401, 'unauthorized_client', 'Unauthorized');
      const at = ctx.tokens.issueAccess(grant);
      return res.set('Cache-Control', 'no-cache, no-store, max-age=0, must-revalidate').json({
        access_token: at.token,
        expires_in: Math.round((at.expiresAt - Date.now()) / 1000),
        scope: grant.scope,
        token_type: 'Bearer',
      });
    }
    if (!grantType) return oauthError(res, 400, 'unsupported_grant_type', 'Invalid grant_type: ');
    return oauthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
  };
  r.post('/token', token);
  r.post('/oauth2/v3/token', token);
  r.post('/oauth2/v4/token', token);

  const revoke = (req: Request, res: Response) => {
    const t = str((req.query as Record<string, unknown>).token) ?? str((req.body as Record<string, unknown> | undefined)?.token);
    // ASSUMED error body for revoke (docs/platforms/google.md §2: body unconfirmed).
    if (!t || !ctx.tokens.revoke(t)) return oauthError(res, 400, 'invalid_token', 'Token expired or revoked');
    return res.status(200).json({});
  };
  r.post('/revoke', revoke);
  r.get('/revoke', revoke);
  return r;
}

