/**
 * Advertiser OAuth (docs/platforms/tiktok.md §2): the portal authorize page, auth_code → long-lived token exchange,
 * the token's advertiser list, token revocation, and advertiser/info.
 */
import express from 'express';
import { op, type Ctx, type SimDeps } from '../ctx';
import { project } from '../list';
import type { Advertiser } from '../state';
import { TtError, TT_CODES, paramError } from '../wire';

/** The portal page (not under /open_api): redirects at once, as if the user approved. */
export function portalRouter(deps: SimDeps): express.Router {
  const r = express.Router();
  r.get('/portal/auth', (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    const appId = q.app_id;
    const redirectUri = q.redirect_uri;
    if (!appId || !redirectUri) return void res.status(400).type('text').send('app_id and redirect_uri are required');
    if (deps.strict && !deps.apps.some((a) => a.appId === appId)) return void res.status(400).type('text').send('Unknown app');
    let target: URL;
    try {
      target = new URL(redirectUri);
    } catch {
      return void res.status(400).type('text').send('redirect_uri is not a valid URL');
    }
    const user = q.sim_user ?? 'alice';
    if (!deps.state.users.has(user)) return void res.status(400).type('text').send(`Unknown sim_user ${user}`);
    if (q.sim_deny === '1') {
      // What TikTok sends when the advertiser declines is not in the facts: ASSUMED error=access_denied.
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied the authorization request.');
    } else {
      target.searchParams.set('auth_code', deps.state.issueAuthCode(user, appId));
    }
    if (q.state !== undefined) target.searchParams.set('state', q.state);
    res.redirect(302, target.toString());
  });
  return r;
}

export function authRoutes(r: express.Router, deps: SimDeps): void {
  r.post('/oauth2/access_token/', op(deps, false, (ctx) => {
    const appId = ctx.p.str('app_id', true);
    const secret = ctx.p.str('secret', true);
    const authCode = ctx.p.str('auth_code', true);
    ctx.checkApp(appId, secret);
    const code = ctx.state.authCodes.get(authCode);
    if (!code || code.used || code.expiresAt <= Date.now() || (deps.strict && code.appId !== appId)) {
      throw new TtError(TT_CODES.AUTH_CODE_INVALID);
    }
    code.used = true;
    const token = ctx.state.issueToken(code.user, appId);
    const data: Record<string, unknown> = { access_token: token.token, scope: token.scope };
    if (ctx.p.bool('return_advertiser_ids') !== false) data.advertiser_ids = token.advertiserIds;
    return data;
  }));

  r.get('/oauth2/advertiser/get/', op(deps, true, (ctx) => {
    ctx.checkApp(ctx.p.str('app_id', true), ctx.p.str('secret', true));
    const list = ctx.token!.advertiserIds.map((id) => ({ advertiser_id: id, advertiser_name: ctx.state.advertisers.get(id)?.name ?? '' }));
    return { list };
  }));

  r.post('/oauth2/revoke_token/', op(deps, false, (ctx) => {
    const appId = ctx.p.str('app_id', true);
    ctx.checkApp(appId, ctx.p.str('secret', true));
    const info = ctx.state.tokens.get(ctx.p.str('access_token', true));
    if (!info || info.revoked) throw new TtError(TT_CODES.TOKEN_INVALID);
    info.revoked = true;
    return { app_id: appId, advertiser_ids: info.advertiserIds };
  }));

  r.get('/advertiser/info/', op(deps, true, (ctx) => {
    // Max ids per call is UNCONFIRMED (Airbyte batches ≤100): ASSUMED 100.
    const ids = ctx.p.strArr('advertiser_ids', true, 100)!;
    if (ids.length === 0) throw paramError('advertiser_ids: Length must be between 1 and 100.');
    const fields = ctx.p.strArr('fields');
    const list = ids.map((id) => advertiserRecord(ctx, ctx.advertiser(id)));
    if (fields) {
      const bad = fields.filter((f) => !(f in list[0]!));
      if (bad.length) throw paramError(`fields: Invalid field(s): [${bad.map((b) => `'${b}'`).join(', ')}]`);
    }
    return { list: list.map((rec) => project(rec, fields, false)) };
  }));
}

function advertiserRecord(_ctx: Ctx, a: Advertiser): Record<string, unknown> {
  return {
    advertiser_id: a.id,
    name: a.name,
    company: a.company,
    status: a.status,
    role: 'ROLE_ADVERTISER',
    rejection_reason: '',
    currency: a.currency,
    timezone: a.timezone,
    display_timezone: a.timezone,
    country: a.country,
    language: 'en',
    industry: '291905',
    address: '1*** M*** St',
    contacter: 'A***',
    email: 'a***@example.com',
    cellphone_number: '+1***0000',
    telephone_number: '',
    license_no: '',
    license_url: '',
    description: `${a.name} (simulated)`,
    balance: a.balance,
    create_time: Math.floor(a.createdAt / 1000),
    owner_bc_id: '',
    advertiser_account_type: 'AUCTION',
  };
}
