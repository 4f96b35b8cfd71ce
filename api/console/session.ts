import { createHmac } from 'node:crypto';
import { safeEqual } from '../../shared/infra/crypto';
import type { NextFunction, Request, Response } from 'express';
import type { AuthContext } from '../../shared/domain/identity/auth-context';
import type { IssuedTokens } from '../../shared/domain/identity/tokens.service';
import type { AppDeps } from '../deps';
import { field, isCrossSite } from '../pages/forms';
import { ConsoleSessionCache } from './session-cache';

/**
 * The console's sign-in lives in one cookie holding the tenant login's own token pair: the access
 * token says who (checked exactly as the tenant API checks it: signature, expiry, the user's token
 * version, revoked tenants), the refresh token's row says the sign-in still stands (sign-out,
 * password change and removal revoke it). HttpOnly, SameSite=Lax, Path=/console.
 */
export const CONSOLE_COOKIE = 'aag_console';
const SEP = '~';

export interface ConsoleSession {
  auth: Extract<AuthContext, { kind: 'tenant-user' }>;
  /** The forms' anti-forgery field, derived from this sign-in. */
  csrf: string;
  refreshToken: string;
}

export function readConsoleCookie(req: Request): { access: string; refresh: string } | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== CONSOLE_COOKIE) continue;
    const [access, refresh] = part.slice(eq + 1).trim().split(SEP);
    return access && refresh ? { access, refresh } : undefined;
  }
  return undefined;
}

const cookieOptions = (deps: AppDeps) => ({ httpOnly: true, sameSite: 'lax' as const, secure: deps.config.NODE_ENV !== 'development', path: '/console', encode: String });

export function setConsoleCookie(deps: AppDeps, res: Response, tokens: IssuedTokens): void {
  res.cookie(CONSOLE_COOKIE, `${tokens.accessToken}${SEP}${tokens.refreshToken}`, { ...cookieOptions(deps), maxAge: tokens.expiresIn * 1000 });
}

export function clearConsoleCookie(deps: AppDeps, res: Response): void {
  res.clearCookie(CONSOLE_COOKIE, cookieOptions(deps));
}

const csrfOf = (secret: string, refresh: string) => createHmac('sha256', secret).update(`console-form:${refresh}`).digest('base64url');

/** What every console request shares: the site's own origin and the cache of live sign-ins. */
export interface ConsoleContext {
  deps: AppDeps;
  /** PUBLIC_URL's origin: a form posted from anywhere else is refused. */
  origin: string;
  sessions: ConsoleSessionCache;
}

/** Built once per app: the cache listens for every change of a tenant user's sign-ins. */
export function consoleContext(deps: AppDeps): ConsoleContext {
  const { services, config } = deps;
  const sessions = new ConsoleSessionCache(services.guard.cache, config.GUARD_CACHE_TTL_MS);
  services.tokens.onSubjectChanged(async (_tenantId, kind, subjectId) => {
    if (kind === 'tenant-user') await sessions.changed(subjectId);
  });
  return { deps, origin: new URL(config.PUBLIC_URL).origin, sessions };
}

/** Who the cookie's tokens stand for, read from PostgreSQL: checked exactly as the tenant API checks them. */
async function loadSession(c: ConsoleContext, req: Request, cookie: { access: string; refresh: string }) {
  const { authenticator, tokens } = c.deps.services;
  // Both checks at once: one round trip to PostgreSQL of waiting instead of two.
  const [auth, live] = await Promise.all([
    authenticator.authenticate(() => req.ctx.em, 'tenant', { authorization: `Bearer ${cookie.access}` }).catch((): undefined => undefined),
    tokens.isLive(req.ctx.em.fork(), cookie.refresh, 'tenant-user'),
  ]);
  return auth?.kind === 'tenant-user' && live ? auth : undefined;
}

/** The signed-in tenant user of this browser, or undefined (no cookie, expired, signed out, password changed). */
export async function resumeSession(c: ConsoleContext, req: Request): Promise<ConsoleSession | undefined> {
  const cookie = readConsoleCookie(req);
  if (!cookie) return undefined;
  const { tokens, revocations } = c.deps.services;
  // The access token's signature and expiry, and a closed tenant, are checked in memory on every request.
  let claims: { sub: string; tid: string };
  try {
    claims = tokens.verify(cookie.access, 'tenant-user');
  } catch {
    return undefined;
  }
  await revocations.ready();
  if (revocations.isRevoked(claims.tid)) return undefined;
  let auth = c.sessions.get(claims.sub, cookie.refresh);
  if (!auth || auth.tenantId !== claims.tid) {
    const mark = c.sessions.mark();
    auth = await loadSession(c, req, cookie);
    if (!auth) return undefined;
    c.sessions.set(auth, cookie.refresh, mark);
  }
  return { auth, csrf: csrfOf(c.deps.config.JWT_SECRET, cookie.refresh), refreshToken: cookie.refresh };
}

/** The session `signedIn` found for this request. */
export const sessionOf = (res: Response): ConsoleSession => res.locals.console as ConsoleSession;

/** Every console page: a signed-in tenant user, else the sign-in page (which returns here after). */
export const signedIn = (c: ConsoleContext) => async (req: Request, res: Response, next: NextFunction) => {
  const session = await resumeSession(c, req);
  if (!session) {
    if (req.method !== 'GET') return void res.redirect(303, '/console/sign-in');
    return void res.redirect(303, `/console/sign-in?next=${encodeURIComponent(req.originalUrl)}`);
  }
  res.locals.console = session;
  res.locals.consoleContext = c;
  req.ctx.auth = session.auth;
  next();
};

/** A change: posted from our own pages (same site) with this sign-in's anti-forgery field. */
export function formIsOurs(req: Request, res: Response, s: ConsoleSession): boolean {
  const c = res.locals.consoleContext as ConsoleContext;
  if (isCrossSite(req, [c.origin])) return false;
  return safeEqual(s.csrf, field(req, 'csrf'));
}
