/**
 * Per-call plumbing shared by every TikTok route: Access-Token check, advertiser access,
 * per-advertiser budget (code 40100), and turning a thrown TtError into TikTok's HTTP-200 envelope.
 */
import type { Request, Response, RequestHandler } from 'express';
import type { SimControl } from '../common/sim-kit';
import type { Advertiser, RegisteredApp, TiktokState, TokenInfo } from './state';
import { Params, TtError, TT_CODES, sendError, sendOk } from './wire';

/** Runtime settings (`POST /__sim/settings`). */
export interface TiktokSimSettings {
  /** Versions routed under `/open_api/{version}/`; any other answers 404 (README, Versions). */
  servedVersions: string[];
}

export const DEFAULT_SETTINGS: TiktokSimSettings = { servedVersions: ['v1.3'] };

export interface SimDeps {
  state: TiktokState;
  control: SimControl;
  strict: boolean;
  apps: RegisteredApp[];
  settings: TiktokSimSettings;
}

/** A non-zero success-ish code (e.g. 20001 partial success) with data. */
export class Reply {
  constructor(
    readonly data: unknown,
    readonly code: number,
    readonly message: string,
  ) {}
}

export class Ctx {
  readonly p: Params;
  token?: TokenInfo;

  constructor(
    readonly req: Request,
    readonly deps: SimDeps,
  ) {
    this.p = new Params(req);
  }

  get state(): TiktokState {
    return this.deps.state;
  }

  /** Resolves `advertiser_id`, checks the token may use it, and counts the call against its budget. */
  advertiser(id?: string): Advertiser {
    const advId = id ?? this.p.str('advertiser_id', true);
    const adv = this.state.advertisers.get(advId);
    // Unknown advertiser → 40300, known but not granted → 40001 (mapping UNCONFIRMED, docs/platforms/tiktok.md §9).
    if (!adv) throw new TtError(TT_CODES.ADVERTISER_NOT_FOUND, `Advertiser ${advId} does not exist or has been deleted.`);
    if (this.token && !this.token.advertiserIds.includes(advId)) {
      throw new TtError(TT_CODES.NO_PERMISSION, `No permission to operate advertiser ${advId}.`);
    }
    this.charge(advId);
    return adv;
  }

  charge(key: string): void {
    if (this.deps.control.overBudget(key)) {
      throw new TtError(TT_CODES.RATE_LIMITED, 'Requests made too frequently. Please try again later.');
    }
  }

  /** app_id/secret check: any non-empty pair passes unless strict mode is on. */
  checkApp(appId: string, secret: string): void {
    if (!this.deps.strict) return;
    const ok = this.deps.apps.some((a) => a.appId === appId && a.secret === secret);
    if (!ok) throw new TtError(TT_CODES.INVALID_AUTH_PARAMS, 'Invalid app_id or secret.');
  }
}

function authenticate(ctx: Ctx): void {
  const raw = ctx.req.headers['access-token'];
  const token = Array.isArray(raw) ? raw[0] : raw;
  if (!token) throw new TtError(TT_CODES.TOKEN_EMPTY);
  const info = ctx.state.tokens.get(token);
  if (!info || info.revoked) throw new TtError(TT_CODES.TOKEN_INVALID);
  if (info.expiresAt !== undefined && info.expiresAt <= Date.now()) throw new TtError(TT_CODES.TOKEN_EXPIRED);
  ctx.token = info;
}

/** Wraps a handler: `auth` requires Access-Token. The handler returns `data` or a Reply. */
export function op(deps: SimDeps, auth: boolean, fn: (ctx: Ctx) => unknown): RequestHandler {
  return (req: Request, res: Response) => {
    const ctx = new Ctx(req, deps);
    try {
      if (auth) authenticate(ctx);
      const out = fn(ctx);
      if (out instanceof Reply) sendOk(res, out.data, out.code, out.message);
      else sendOk(res, out ?? {});
    } catch (err) {
      if (err instanceof TtError) return sendError(res, err.code, err.message);
      // A simulator bug, not a platform answer: say so loudly, answer like TikTok's 50000.
      console.error('[tiktok-sim] handler error', req.path, err);
      sendError(res, TT_CODES.SYSTEM_ERROR, 'System error.');
    }
  };
}
