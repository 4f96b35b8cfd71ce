/**
 * TikTok-specific control endpoints under /__sim (next to the shared SimControl router):
 * mint / expire / revoke tokens, mint auth codes, inject real TikTok error envelopes, read usage.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import type { SimDeps } from './ctx';
import { DEFAULT_MESSAGES, sendError } from './wire';

interface PlatformErrorFault {
  id: number;
  code: number;
  message?: string;
  path?: string;
  method?: string;
  remaining?: number;
}

/** Injected TikTok error answers: HTTP 200 envelope with the code, a fresh request_id, data {}. */
export class PlatformErrors {
  private faults: PlatformErrorFault[] = [];
  private seq = 0;

  add(f: Omit<PlatformErrorFault, 'id'>): number {
    const id = ++this.seq;
    this.faults.push({ ...f, id });
    return id;
  }

  clear(): void {
    this.faults = [];
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (this.faults.length === 0 || req.path.startsWith('/__sim')) return next();
      const i = this.faults.findIndex((f) => (!f.path || req.path.includes(f.path)) && (!f.method || f.method.toUpperCase() === req.method));
      if (i < 0) return next();
      const f = this.faults[i]!;
      if (f.remaining !== undefined && --f.remaining <= 0) this.faults.splice(i, 1);
      sendError(res, f.code, f.message);
    };
  }
}

export function simControlRoutes(deps: SimDeps, errors: PlatformErrors): express.Router {
  const r = express.Router();
  const { state } = deps;

  r.post('/settings', (req, res) => {
    const served = (req.body as { servedVersions?: unknown } | undefined)?.servedVersions;
    if (served !== undefined) {
      if (!Array.isArray(served) || !served.every((v) => typeof v === 'string' && /^v\d+\.\d+$/.test(v))) return void res.status(400).json({ error: 'servedVersions must be a list of vN.N' });
      deps.settings.servedVersions = served as string[];
    }
    res.json(deps.settings);
  });

  r.post('/tokens', (req, res) => {
    const b = (req.body ?? {}) as { user?: string; expiresIn?: number; appId?: string };
    const user = b.user ?? 'alice';
    if (!state.users.has(user)) return void res.status(404).json({ error: `unknown user ${user}` });
    const appId = b.appId ?? deps.apps[0]?.appId ?? 'sim-app';
    const t = state.issueToken(user, appId, b.expiresIn);
    res.status(201).json({
      access_token: t.token,
      advertiser_ids: t.advertiserIds,
      scope: t.scope,
      // TikTok advertiser tokens have no refresh token and no expiry (docs/platforms/tiktok.md §2).
      refresh_token: null,
      expires_in: b.expiresIn ?? null,
    });
  });

  const tokenAction = (action: 'expire' | 'revoke') => (req: Request, res: Response) => {
    const token = (req.body as { token?: string } | undefined)?.token;
    const info = token ? state.tokens.get(token) : undefined;
    if (!info) return void res.status(404).json({ error: 'unknown token' });
    if (action === 'expire') info.expiresAt = Date.now() - 1;
    else info.revoked = true;
    res.json({ ok: true, action });
  };
  r.post('/tokens/expire', tokenAction('expire'));
  r.post('/tokens/revoke', tokenAction('revoke'));

  r.post('/auth-codes', (req, res) => {
    const b = (req.body ?? {}) as { user?: string; appId?: string };
    const user = b.user ?? 'alice';
    if (!state.users.has(user)) return void res.status(404).json({ error: `unknown user ${user}` });
    res.status(201).json({ auth_code: state.issueAuthCode(user, b.appId ?? deps.apps[0]?.appId ?? 'sim-app') });
  });

  r.post('/platform-errors', (req, res) => {
    const b = (req.body ?? {}) as { code?: number; message?: string; path?: string; method?: string; count?: number };
    if (typeof b.code !== 'number') return void res.status(400).json({ error: 'code (number) is required' });
    const id = errors.add({ code: b.code, message: b.message ?? DEFAULT_MESSAGES[b.code], path: b.path, method: b.method, remaining: b.count });
    res.status(201).json({ id });
  });
  r.delete('/platform-errors', (_req, res) => {
    errors.clear();
    res.status(204).end();
  });

  // TikTok sends no usage headers (docs/platforms/tiktok.md §8); tests and benchmarks read the sim's own count here.
  r.get('/usage', (req, res) => {
    const key = String(req.query.advertiser_id ?? '');
    res.json({ advertiser_id: key, callsLastSecond: deps.control.window.count(key), perAccountPerSecond: deps.control.budget.perAccountPerSecond ?? null, throttled: deps.control.throttled });
  });

  r.get('/world', (_req, res) => {
    res.json({
      users: [...state.users.values()],
      advertisers: [...state.advertisers.values()].map((a) => ({ advertiser_id: a.id, name: a.name, currency: a.currency, timezone: a.timezone, status: a.status })),
      counts: { campaigns: state.campaigns.count(), adgroups: state.adgroups.count(), ads: state.ads.count(), smartPlusAds: state.spAds.count() },
    });
  });
  return r;
}
