import type { Request, Response } from 'express';
import type { GraphReq } from '../graph/request';
import { errors } from '../graph/errors';
import { required, str } from '../graph/request';
import type { FacebookState } from '../state';
import { ALL_ADS_SCOPES, LONG_LIVED_SECONDS, SHORT_LIVED_SECONDS, type TokenRecord } from './tokens';

function htmlError(res: Response, title: string, text: string): void {
  res.status(400).type('html').send(`<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`);
}

function withParams(uri: string, params: Record<string, string>, fragment = '#_=_'): string {
  const sep = uri.includes('?') ? '&' : '?';
  return `${uri}${sep}${new URLSearchParams(params).toString()}${fragment}`;
}

/**
 * `GET /{v}/dialog/oauth`: the login dialog (www.facebook.com on the real platform) redirects at once.
 * `sim_user=<name>` logs in another seeded user; `sim_deny=1` answers like a user who clicked "Cancel".
 */
export function oauthDialog(state: FacebookState) {
  return (req: Request, res: Response): void => {
    const q = req.query as Record<string, string | undefined>;
    const app = state.knownApp(q.client_id);
    if (!app) return htmlError(res, 'Invalid App ID', 'The provided app ID does not look like a valid app ID.');
    const redirectUri = q.redirect_uri;
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return htmlError(res, 'Error', 'redirect_uri is missing or is not an absolute URL.');
    if (app.redirectUris && !app.redirectUris.includes(redirectUri)) {
      return htmlError(res, 'URL Blocked', "This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.");
    }
    const state_ = q.state;
    if (q.sim_deny === '1') {
      const params: Record<string, string> = { error: 'access_denied', error_reason: 'user_denied', error_description: 'Permissions error' };
      if (state_ !== undefined) params.state = state_;
      return res.redirect(302, withParams(redirectUri, params));
    }
    const user = state.user(q.sim_user ?? 'alice');
    if (!user) return htmlError(res, 'Error', `No simulated user named ${q.sim_user}.`);
    // The user grants what was asked for, minus what they untick (`sim_decline=a,b`): Meta's dialog
    // lets people decline single permissions (https://developers.facebook.com/docs/facebook-login/guides/permissions/request-revoke).
    // A permission declined once is not offered again unless the dialog says `auth_type=rerequest`
    // (https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow/).
    const key = `${user.id}:${app.id}`;
    const before = state.declined.get(key) ?? new Set<string>();
    const asked = q.scope ? q.scope.split(/[ ,]+/).filter(Boolean) : [...ALL_ADS_SCOPES];
    const offered = q.auth_type === 'rerequest' ? asked : asked.filter((s) => !before.has(s));
    const unticked = new Set((q.sim_decline ?? '').split(',').filter(Boolean));
    const scopes = offered.filter((s) => !unticked.has(s));
    state.declined.set(key, new Set([...before, ...offered.filter((s) => unticked.has(s))].filter((s) => !scopes.includes(s))));
    const responseType = q.response_type ?? 'code';
    const params: Record<string, string> = {};
    if (responseType.includes('code')) {
      params.code = state.tokens.issueCode({ userId: user.id, appId: app.id, redirectUri, scopes });
    }
    if (responseType.includes('token')) {
      const t = state.tokens.mint(user.id, app.id, { scopes, expiresIn: SHORT_LIVED_SECONDS });
      const frag = new URLSearchParams({ access_token: t.token, data_access_expiration_time: String(t.expiresAt + 7776000), expires_in: String(SHORT_LIVED_SECONDS), ...(state_ ? { state: state_ } : {}) });
      return res.redirect(302, withParams(redirectUri, { ...params, ...(state_ ? { state: state_ } : {}) }, `#${frag.toString()}`));
    }
    if (state_ !== undefined) params.state = state_;
    res.redirect(302, withParams(redirectUri, params));
  };
}

function checkApp(state: FacebookState, params: Record<string, unknown>): string {
  const clientId = required(params, 'client_id');
  const app = state.knownApp(clientId);
  if (!app) throw errors.appIdInvalid();
  const secret = required(params, 'client_secret');
  if (state.strict && app.secret !== secret) throw errors.clientSecretInvalid();
  return app.id;
}

const tokenBody = (rec: TokenRecord) => ({
  access_token: rec.token,
  token_type: 'bearer',
  expires_in: rec.expiresAt ? rec.expiresAt - Math.floor(Date.now() / 1000) : undefined,
});

/** `GET|POST /{v}/oauth/access_token`: code exchange, long-lived exchange, app token. */
export function oauthAccessToken(state: FacebookState) {
  return (req: GraphReq): unknown => {
    if (req.segments[1] !== 'access_token' || req.segments.length > 2) throw errors.unsupported(req.method, req.segments.join('/'));
    const p = req.params;
    const grant = str(p, 'grant_type');
    const appId = checkApp(state, p);
    if (grant === 'client_credentials') {
      return { access_token: `${appId}|${str(p, 'client_secret')}`, token_type: 'bearer' };
    }
    if (grant === 'fb_exchange_token') {
      const short = state.tokens.validate(required(p, 'fb_exchange_token'));
      const rec = state.tokens.mint(short.userId, short.appId, { scopes: short.scopes, expiresIn: LONG_LIVED_SECONDS });
      return tokenBody(rec);
    }
    const code = state.tokens.codes.get(required(p, 'code'));
    if (!code || code.appId !== appId) throw errors.codeInvalid();
    if (code.used) throw errors.codeUsed();
    if ((str(p, 'redirect_uri') ?? '') !== code.redirectUri) throw errors.redirectMismatch();
    code.used = true;
    return tokenBody(state.tokens.mint(code.userId, code.appId, { scopes: code.scopes, expiresIn: LONG_LIVED_SECONDS }));
  };
}

/** `GET /debug_token?input_token=&access_token=<app_id>|<app_secret>` (docs/platforms/facebook.md §2). */
export function debugToken(state: FacebookState) {
  return (req: GraphReq): unknown => {
    if (req.segments.length > 1) throw errors.unknownPath(`/${req.segments.slice(1).join('/')}`);
    const caller = req.token;
    if (!caller) throw errors.tokenMissing();
    if (caller.includes('|')) {
      const [id, secret] = caller.split('|');
      const app = state.knownApp(id);
      if (!app || (state.strict && app.secret !== secret)) throw errors.tokenUnparseable();
    } else state.tokens.validate(caller);
    const input = required(req.params, 'input_token');
    const rec = state.tokens.tokens.get(input);
    if (!rec) {
      return { data: { error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' }, is_valid: false, scopes: [] } };
    }
    const user = state.userById(rec.userId)!;
    const base = {
      app_id: rec.appId,
      type: rec.type,
      application: 'Ads Gateway (simulated)',
      data_access_expires_at: rec.issuedAt + 7776000,
      expires_at: rec.expiresAt,
      issued_at: rec.issuedAt,
      scopes: rec.scopes,
      granular_scopes: rec.scopes.map((scope) => {
        const ids = scope.startsWith('ads_') ? [...user.accounts] : scope.startsWith('pages_') || scope === 'leads_retrieval' ? [...user.pages] : scope === 'business_management' ? [...user.businesses] : undefined;
        return ids ? { scope, target_ids: ids } : { scope };
      }),
      user_id: rec.userId,
      ...(rec.pageId ? { profile_id: rec.pageId } : {}),
    };
    try {
      state.tokens.validate(input);
      return { data: { ...base, is_valid: true } };
    } catch (e) {
      const err = e as { body?: { code: number; message: string; error_subcode?: number } };
      const { issued_at: _i, ...rest } = base;
      return { data: { ...rest, is_valid: false, error: { code: err.body?.code ?? 190, message: err.body?.message ?? 'invalid', subcode: err.body?.error_subcode } } };
    }
  };
}
