/**
 * LinkedIn-specific control endpoints under /__sim, next to sim-kit's shared ones (faults, latency,
 * budget, calls, stats, reset): mint, expire and revoke tokens, mint consent codes, daily quotas,
 * usage, settings, and the seeded world. Also the fault responder that renders LinkedIn's own error
 * bodies for a fault given only a status or a kind.
 */
import express, { type Request, type Response } from 'express';
import type { Fault, FaultResponder } from '../common/sim-kit';
import type { SimDeps, SimSettings } from './ctx';
import { PRODUCT_SCOPES } from './routes/oauth.routes';
import { ACCESS_TTL_S, URN } from './state';
import { errors, liHeaders, type LiError } from './wire';

export const DEFAULT_SCOPES = ['r_ads', 'rw_ads', 'r_ads_reporting'];

const KINDS: Record<string, () => LiError> = {
  quota: errors.throttled,
  'metric-volume': errors.metricVolume,
  'token-expired': errors.expiredToken,
  'token-revoked': errors.revokedToken,
  'token-invalid': errors.invalidToken,
  'access-denied': () => errors.accessDenied('adCampaigns', 'FINDER-search', '202609'),
  version: () => errors.nonexistentVersion('202401'),
  internal: errors.internal,
  unavailable: errors.unavailable,
};

const BY_STATUS: Record<number, () => LiError> = {
  400: () => errors.illegal('Bad request (injected)'),
  401: errors.invalidToken,
  403: KINDS['access-denied']!,
  404: () => errors.notFound('Entity'),
  426: KINDS.version!,
  429: errors.throttled,
  500: errors.internal,
  503: errors.unavailable,
  504: errors.gatewayTimeout,
};

/** OAuth paths answer OAuth-shaped errors; `/rest` paths LinkedIn's error body. */
export const faultResponder: FaultResponder = (fault: Fault, req: Request) => {
  if (req.path.startsWith('/oauth/')) {
    const status = fault.status ?? 500;
    return { status, body: { error: status >= 500 ? 'server_error' : 'invalid_request', error_description: 'Injected failure' } };
  }
  const make = (fault.kind && KINDS[fault.kind]) || (fault.status !== undefined ? BY_STATUS[fault.status] : undefined);
  if (!make) return undefined;
  const e = make();
  return { status: fault.status ?? e.status, body: { ...e.body(), status: fault.status ?? e.status }, headers: liHeaders() };
};

export function controlRoutes(deps: SimDeps): express.Router {
  const r = express.Router();
  const { state } = deps;

  /** A grant for a seeded member without the dialog: `{user, scopes?, expiresIn?, appId?}`. */
  r.post('/tokens', (req: Request, res: Response) => {
    const b = (req.body ?? {}) as { user?: string; scopes?: string[]; expiresIn?: number; appId?: string };
    const user = b.user ?? 'alice';
    if (!state.member(user)) return void res.status(404).json({ error: `unknown member ${user}` });
    const scopes = b.scopes ?? DEFAULT_SCOPES;
    if (scopes.some((s) => !PRODUCT_SCOPES.includes(s))) return void res.status(400).json({ error: 'unknown scope' });
    const grant = state.newGrant(user, b.appId ?? deps.apps[0]?.clientId ?? 'sim-linkedin-app', scopes);
    const at = state.issueAccess(grant, b.expiresIn ?? ACCESS_TTL_S);
    res.status(201).json({ access_token: at.token, expires_in: b.expiresIn ?? ACCESS_TTL_S, refresh_token: grant.refreshToken, scope: scopes.join(' '), person: URN.person(state.member(user)!.personId) });
  });

  /** `{token}`: an access token → EXPIRED_ACCESS_TOKEN on use; a refresh token → refused by the token endpoint. */
  r.post('/tokens/expire', (req: Request, res: Response) => {
    const token = (req.body as { token?: string } | undefined)?.token ?? '';
    const at = state.tokens.get(token);
    const grant = state.grants.get(state.refreshTokens.get(token) ?? -1);
    if (at) at.expiresAt = Date.now() - 1;
    else if (grant) grant.refreshExpiresAt = Date.now() - 1;
    else return void res.status(404).json({ error: 'unknown token' });
    res.json({ ok: true });
  });

  /** `{token}` (access or refresh): revokes the whole grant, as a member removing the app does. */
  r.post('/tokens/revoke', (req: Request, res: Response) => {
    const token = (req.body as { token?: string } | undefined)?.token ?? '';
    const grantId = state.tokens.get(token)?.grantId ?? state.refreshTokens.get(token);
    if (grantId === undefined) return void res.status(404).json({ error: 'unknown token' });
    state.revokeGrant(grantId);
    res.json({ ok: true });
  });

  r.post('/auth-codes', (req: Request, res: Response) => {
    const b = (req.body ?? {}) as { user?: string; appId?: string; redirectUri?: string; scopes?: string[] };
    if (!state.member(b.user ?? 'alice')) return void res.status(404).json({ error: 'unknown member' });
    res.status(201).json({ code: state.issueCode(b.user ?? 'alice', b.appId ?? deps.apps[0]?.clientId ?? 'sim-linkedin-app', b.redirectUri ?? 'http://127.0.0.1/callback', b.scopes ?? DEFAULT_SCOPES) });
  });

  /** Daily quotas per endpoint: `{perAppPerDay?, perMemberPerDay?}` (null or 0 clears one). */
  r.post('/quota', (req: Request, res: Response) => {
    const b = (req.body ?? {}) as { perAppPerDay?: number | null; perMemberPerDay?: number | null };
    deps.settings.perAppPerDay = b.perAppPerDay || undefined;
    deps.settings.perMemberPerDay = b.perMemberPerDay || undefined;
    deps.usage.counts.clear();
    res.json({ perAppPerDay: deps.settings.perAppPerDay ?? null, perMemberPerDay: deps.settings.perMemberPerDay ?? null });
  });

  /** Today's calls per endpoint and app / member, and what the per-second budget has refused. */
  r.get('/usage', (_req: Request, res: Response) => {
    res.json({ today: deps.usage.today(), throttled: deps.control.throttled, perAccountPerSecond: deps.control.budget.perAccountPerSecond ?? null });
  });

  r.post('/settings', (req: Request, res: Response) => {
    const b = (req.body ?? {}) as Partial<SimSettings>;
    for (const k of ['oldestVersion', 'newestVersion'] as const) if (b[k] !== undefined && !/^\d{6}$/.test(b[k]!)) return void res.status(400).json({ error: `${k} must be YYYYMM` });
    Object.assign(deps.settings, b);
    res.json(deps.settings);
  });

  r.get('/world', (_req: Request, res: Response) => {
    res.json({
      members: [...state.members.values()].map((m) => ({ name: m.name, person: URN.person(m.personId), roles: Object.fromEntries(m.roles) })),
      accounts: [...state.accounts.values()].map((a) => ({ id: a.id, name: a.name, currency: a.currency, status: a.status, test: a.test })),
      counts: { campaignGroups: state.groups.count(), campaigns: state.campaigns.count(), creatives: state.creatives.count() },
    });
  });
  return r;
}
