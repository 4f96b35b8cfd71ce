import express from 'express';
import type { SimControl } from '../common/sim-kit';
import { errorByCode, errors } from './graph/errors';
import { ACCOUNTS, BUSINESSES, DEFAULT_APP, PAGES, USERS, wellKnownToken } from './model/seed-ids';
import type { FacebookState, FacebookTunables } from './state';

let faultSeq = 1_000_000;

/**
 * Facebook-specific control surface, mounted at `/__sim` next to the shared one:
 * mint/expire/revoke tokens, inject real Graph error bodies, change tunables, read the seeded world.
 */
export function facebookControlRouter(state: FacebookState, control: SimControl): express.Router {
  const r = express.Router();

  r.post('/tokens', (req, res) => {
    const b = (req.body ?? {}) as { user?: string; expiresIn?: number; scopes?: string[]; appId?: string };
    const user = state.user(b.user ?? 'alice');
    if (!user) {
      res.status(404).json({ error: `unknown user ${b.user}`, users: Object.keys(USERS) });
      return;
    }
    const rec = state.tokens.mint(user.id, b.appId ?? DEFAULT_APP.id, {
      scopes: Array.isArray(b.scopes) ? b.scopes : undefined,
      expiresIn: b.expiresIn,
    });
    const pageTokens = Object.fromEntries([...user.pages].map((p) => [p, state.tokens.pageToken(rec, p)]));
    res.status(201).json({
      access_token: rec.token,
      token_type: 'bearer',
      expires_in: rec.expiresAt ? rec.expiresAt - Math.floor(Date.now() / 1000) : 0,
      user_id: user.id,
      user: user.key,
      page_tokens: pageTokens,
    });
  });

  r.post('/tokens/expire', (req, res) => {
    const ok = state.tokens.expire(String((req.body as { token?: string })?.token ?? ''));
    res.status(ok ? 200 : 404).json({ expired: ok });
  });

  r.post('/tokens/revoke', (req, res) => {
    const b = (req.body ?? {}) as { token?: string; subcode?: number };
    const ok = state.tokens.invalidate(String(b.token ?? ''), b.subcode ?? 458);
    res.status(ok ? 200 : 404).json({ revoked: ok });
  });

  /** Injects a real Graph error: `{ code, subcode?, kind?: 'reduce_data', path?, method?, count? }`. */
  r.post('/graph-errors', (req, res) => {
    const b = (req.body ?? {}) as { code?: number; subcode?: number; kind?: string; path?: string; method?: string; count?: number };
    if (b.code === undefined && !b.kind) {
      res.status(400).json({ error: 'code or kind required' });
      return;
    }
    const err = b.kind === 'reduce_data' ? errors.reduceData() : errorByCode(Number(b.code), b.subcode);
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
    if ([4, 17, 613].includes(err.body.code) || (err.body.code >= 80000 && err.body.code <= 80014)) {
      headers['x-business-use-case-usage'] = JSON.stringify({
        [ACCOUNTS.alice[0]]: [{ type: 'ads_management', call_count: 100, total_cputime: 40, total_time: 60, estimated_time_to_regain_access: state.tunables.regainMinutes, ads_api_access_tier: 'standard_access' }],
      });
      headers['x-app-usage'] = JSON.stringify({ call_count: err.body.code === 4 ? 100 : 50, total_cputime: 20, total_time: 30 });
    }
    const id = ++faultSeq;
    control.faults.push({ id, path: b.path, method: b.method, remaining: b.count, status: err.status, body: err.toJSON(), headers });
    res.status(201).json({ id, status: err.status, body: err.toJSON() });
  });

  /** Per-app settings: `{ requireAppSecretProof }` (the app is registered if it was not). */
  r.post('/facebook/apps/:id', (req, res) => {
    const b = (req.body ?? {}) as { requireAppSecretProof?: boolean; secret?: string };
    const app = state.apps.get(req.params.id) ?? { id: req.params.id, secret: b.secret ?? '' };
    if (typeof b.requireAppSecretProof === 'boolean') app.requireAppSecretProof = b.requireAppSecretProof;
    if (typeof b.secret === 'string') app.secret = b.secret;
    state.apps.set(app.id, app);
    res.json({ id: app.id, requireAppSecretProof: app.requireAppSecretProof === true });
  });

  r.get('/facebook/config', (_req, res) => {
    res.json(state.tunables);
  });
  r.post('/facebook/config', (req, res) => {
    state.tunables = { ...state.tunables, ...((req.body ?? {}) as Partial<FacebookTunables>) };
    res.json(state.tunables);
  });

  r.get('/facebook/world', (_req, res) => {
    res.json({
      users: Object.fromEntries(
        Object.entries(USERS).map(([k, u]) => [
          k,
          { ...u, token: wellKnownToken(k), accounts: [...(state.user(k)?.accounts ?? [])].map((a) => `act_${a}`), pages: PAGES[k as keyof typeof PAGES], business: (BUSINESSES as Record<string, string>)[k] },
        ]),
      ),
      apps: [...state.apps.values()].map((a) => ({ id: a.id })),
      strict: state.strict,
    });
  });
  return r;
}
