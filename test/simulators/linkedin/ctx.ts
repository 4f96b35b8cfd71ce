/**
 * Per-call plumbing of the REST surface: the headers every `/rest` call must carry, query
 * tunnelling and length limits, the member's token, scopes, the member's role on the account,
 * the daily quotas (per endpoint, per app and per member, reset at 00:00 UTC) and the per-second
 * budget of sim-kit. Facts: docs/platforms/linkedin.md.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { SimControl } from '../common/sim-kit';
import { RestliParams, rawQuery } from './restli';
import type { Grant, LinkedinState, Member, Rec, Role } from './state';
import { LiError, errors, liHeaders, sendError } from './wire';

export interface RegisteredApp {
  clientId: string;
  clientSecret: string;
  redirectUris?: string[];
}

export interface SimSettings {
  /** Active versions, inclusive (YYYYMM). Outside them: 426 NONEXISTENT_VERSION. */
  oldestVersion: string;
  newestVersion: string;
  /** Token answers list scopes comma-separated (seen in the wild) instead of space-separated (documented). */
  commaScopes: boolean;
  /** Daily call quotas per endpoint; absent = unlimited. */
  perAppPerDay?: number;
  perMemberPerDay?: number;
  /** Largest accepted `pageSize` on the search finders (not published; ASSUMED 1000). */
  maxPageSize: number;
}

/** Daily counters, keyed by UTC day so they reset at midnight UTC. */
export class DailyUsage {
  readonly counts = new Map<string, number>();

  hit(key: string): number {
    const k = `${utcDay()}|${key}`;
    const n = (this.counts.get(k) ?? 0) + 1;
    this.counts.set(k, n);
    return n;
  }

  today(): Record<string, number> {
    const day = `${utcDay()}|`;
    const out: Record<string, number> = {};
    for (const [k, v] of this.counts) if (k.startsWith(day)) out[k.slice(day.length)] = v;
    return out;
  }
}

const utcDay = () => new Date().toISOString().slice(0, 10);

export interface SimDeps {
  state: LinkedinState;
  control: SimControl;
  strict: boolean;
  apps: RegisteredApp[];
  settings: SimSettings;
  usage: DailyUsage;
}

interface LiRequest extends Request {
  tunnelledQuery?: string;
  li?: { grant: Grant; member: Member; version: string };
}

const MAX_QUERY = 4096;
const MAX_URL = 8192;

/** Everything a `/rest` call must pass before any resource sees it. */
export function restGate(deps: SimDeps): RequestHandler {
  return (req: LiRequest, res: Response, next: NextFunction) => {
    try {
      if (req.method === 'POST' && String(req.headers['x-http-method-override'] ?? '').toUpperCase() === 'GET') {
        if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) throw errors.illegal('A tunnelled GET needs a form-encoded body');
        req.tunnelledQuery = typeof req.body === 'string' ? req.body : '';
        req.method = 'GET';
      } else if (req.originalUrl.length > MAX_URL || rawQuery(req).length > MAX_QUERY) {
        throw errors.uriTooLong();
      }
      if (req.headers['x-restli-protocol-version'] !== '2.0.0') throw errors.protocolMissing();
      const version = versionOf(req, deps.settings);
      if (req.method === 'POST' && req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) throw errors.lengthRequired();
      req.li = { ...authenticate(req, deps), version };
      res.set(liHeaders());
      next();
    } catch (e) {
      if (e instanceof LiError) return sendError(res, e);
      next(e);
    }
  };
}

function versionOf(req: Request, s: SimSettings): string {
  const raw = req.headers['linkedin-version'];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (!v) throw errors.versionMissing();
  const m = /^(\d{6})(\.\d{2})?$/.exec(v);
  if (!m || m[1]! < s.oldestVersion || m[1]! > s.newestVersion) throw errors.nonexistentVersion(m?.[1] ?? v.replace(/\D/g, '').slice(0, 6).padEnd(6, '0'));
  return m[1]!;
}

function authenticate(req: Request, deps: SimDeps): { grant: Grant; member: Member } {
  const auth = req.headers.authorization;
  let token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
  token ??= new RestliParams(rawQuery(req)).str('oauth2_access_token');
  if (!token) throw errors.emptyToken();
  const t = deps.state.tokens.get(token);
  if (!t) throw errors.invalidToken();
  const grant = deps.state.grants.get(t.grantId)!;
  if (t.revoked || grant.revoked) throw errors.revokedToken();
  if (t.expiresAt <= Date.now()) throw errors.expiredToken();
  const member = deps.state.member(grant.user);
  if (!member) throw errors.invalidToken();
  return { grant, member };
}

/** Roles that may create and change campaign groups and campaigns (CREATIVE_MANAGER edits ads only). */
const CAMPAIGN_WRITERS: readonly Role[] = ['ACCOUNT_BILLING_ADMIN', 'ACCOUNT_MANAGER', 'CAMPAIGN_MANAGER'];

export type Access = 'read' | 'write' | 'report';
const SCOPES: Record<Access, string[]> = { read: ['r_ads', 'rw_ads'], write: ['rw_ads'], report: ['r_ads_reporting'] };

export class Call {
  readonly p: RestliParams;
  readonly grant: Grant;
  readonly member: Member;
  readonly version: string;

  constructor(
    readonly req: Request,
    readonly deps: SimDeps,
    /** For ACCESS_DENIED messages: `adCampaigns`, `FINDER-search`. */
    readonly resource: string,
    readonly method: string,
  ) {
    this.p = new RestliParams(rawQuery(req));
    const li = (req as LiRequest).li!;
    this.grant = li.grant;
    this.member = li.member;
    this.version = li.version;
  }

  get state(): LinkedinState {
    return this.deps.state;
  }

  denied(): LiError {
    return errors.accessDenied(this.resource, this.method, this.version);
  }

  requireScope(access: Access): void {
    if (!SCOPES[access].some((s) => this.grant.scopes.includes(s))) throw this.denied();
  }

  /** The account of the path: numeric id, exists, the member has a role (writers for `write`); charged to its budget. */
  account(raw: string, access: Access): { id: number; rec: Rec; role: Role } {
    if (!/^\d{1,19}$/.test(raw)) throw errors.illegal(`Syntax exception in path variables: ${raw}`);
    const id = Number(raw);
    const rec = this.state.accounts.get(id);
    if (!rec) throw errors.notFound(`Ad account ${id}`);
    const role = this.member.roles.get(id);
    if (!role || (access === 'write' && !CAMPAIGN_WRITERS.includes(role))) throw this.denied();
    this.charge(String(id));
    return { id, rec, role };
  }

  /** Per-second budget (sim-kit), keyed by the account, or by the member for account-less calls. */
  charge(key: string): void {
    if (this.deps.control.overBudget(key)) throw errors.throttled();
  }

  /** Daily quotas per endpoint: one counter per app, one per member of the app. */
  quota(): void {
    const s = this.deps.settings;
    const app = this.deps.usage.hit(`app|${this.resource}|${this.grant.appId}`);
    const member = this.deps.usage.hit(`member|${this.resource}|${this.grant.appId}|${this.member.name}`);
    if ((s.perAppPerDay && app > s.perAppPerDay) || (s.perMemberPerDay && member > s.perMemberPerDay)) {
      this.deps.control.throttled++;
      throw errors.throttled();
    }
  }
}

/** An answer other than 200 with a JSON body: 201 with headers, 204. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
    readonly headers?: Record<string, string>,
  ) {}
}

/** Wraps a resource handler: quota, then the handler; a LiError becomes LinkedIn's error answer. */
export function op(deps: SimDeps, resource: string, method: string, fn: (c: Call) => Reply | Record<string, unknown>): RequestHandler {
  return (req: Request, res: Response) => {
    try {
      const call = new Call(req, deps, resource, method);
      call.quota();
      const out = fn(call);
      if (out instanceof Reply) {
        if (out.headers) res.set(out.headers);
        if (out.body === undefined) res.status(out.status).end();
        else res.status(out.status).json(out.body);
      } else res.status(200).json(out);
    } catch (e) {
      if (e instanceof LiError) return sendError(res, e);
      console.error('[linkedin-sim] handler error', req.method, req.path, e);
      sendError(res, errors.internal());
    }
  };
}
