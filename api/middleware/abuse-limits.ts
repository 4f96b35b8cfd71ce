import type { Request, RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../shared/errors/app-error';
import type { AppDeps } from '../deps';
import type { RouteSpec } from '../routes/route';

/** Whether a rejected attempt came back as the limiter's answer (over the limit) or as a store failure. */
const overLimit = (e: unknown): e is RateLimiterRes => e instanceof RateLimiterRes;

const tooMany = (what: string, msBeforeNext: number) =>
  new AppError('RATE_LIMITED', `Too many ${what}; retry later`, { retryAfter: Math.max(1, Math.ceil(msBeforeNext / 1000)) });

/**
 * Limits on the traffic that has no tenant to count against, all shared by every replica through
 * Redis (rate-limiter-flexible, keys under the app's REDIS_PREFIX). If Redis fails, a per-process
 * limiter of the same size answers instead, so an outage neither opens the door nor takes the API down.
 *
 * - `publicIp`: every request to an unauthenticated route, per client IP.
 * - `credentialIp`: sign-up, login, password forgot/reset, invitation accept, and every request
 *   refused with 401 (random API keys, forged tokens, wrong passwords), per client IP.
 * - `loginEmail`: failed logins per email; over the limit, logins for that email are refused until
 *   the window ends, even with the right password (a success clears the count).
 */
export class AbuseLimits {
  private readonly publicIp: RateLimiterRedis;
  private readonly credentialIp: RateLimiterRedis;
  private readonly loginEmail: RateLimiterRedis;
  /** IPs this replica saw go over the credential limit, until when: checked without a Redis round trip. */
  private readonly blockedIps = new Map<string, number>();

  constructor(deps: Pick<AppDeps, 'redis' | 'config'>) {
    const c = deps.config;
    const make = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: deps.redis,
        keyPrefix: `${c.REDIS_PREFIX}:rl:${name}`,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
        // While Redis is not connected, count in process at once instead of issuing a command whose late
        // rejection nobody awaits any more.
        rejectIfRedisNotReady: true,
      });
    this.publicIp = make('public-ip', c.PUBLIC_IP_LIMIT_PER_MINUTE, 60);
    this.credentialIp = make('credential-ip', c.CREDENTIAL_IP_LIMIT_PER_MINUTE, 60);
    this.loginEmail = make('login-email', c.LOGIN_EMAIL_MAX_FAILURES, c.LOGIN_EMAIL_WINDOW_SECONDS);
  }

  /** Whether this replica holds any blocked address at all (nearly always not): then no request's address need be worked out. */
  get anyBlocked(): boolean {
    return this.blockedIps.size > 0;
  }

  /** Refuses an IP that went over the credential limit on this replica, with no I/O. */
  checkBlocked(ip: string): void {
    const until = this.blockedIps.get(ip);
    if (until === undefined) return;
    const left = until - Date.now();
    if (left > 0) throw tooMany('failed or credential requests from this address', left);
    this.blockedIps.delete(ip);
  }

  async consumePublic(ip: string): Promise<void> {
    await this.consume(this.publicIp, ip, 'requests from this address');
  }

  async consumeCredential(ip: string): Promise<void> {
    try {
      await this.consume(this.credentialIp, ip, 'failed or credential requests from this address');
    } catch (e) {
      if (e instanceof AppError && e.retryAfter) this.block(ip, e.retryAfter * 1000);
      throw e;
    }
  }

  /** Counts a refused credential; answers the 429 to send instead of the 401 once over the limit. */
  async credentialFailed(ip: string): Promise<AppError | undefined> {
    try {
      await this.consumeCredential(ip);
      return undefined;
    } catch (e) {
      return e instanceof AppError ? e : undefined;
    }
  }

  async checkLogin(email: string): Promise<void> {
    const res = await this.loginEmail.get(emailKey(email)).catch(() => null);
    if (res && res.consumedPoints >= this.loginEmail.points) throw tooMany('failed logins for this email', res.msBeforeNext);
  }

  async loginFailed(email: string): Promise<void> {
    await this.loginEmail.consume(emailKey(email)).catch(() => undefined);
  }

  async loginSucceeded(email: string): Promise<void> {
    await this.loginEmail.delete(emailKey(email)).catch(() => undefined);
  }

  private block(ip: string, ms: number) {
    if (this.blockedIps.size >= 100_000) this.blockedIps.delete(this.blockedIps.keys().next().value as string);
    this.blockedIps.set(ip, Date.now() + ms);
  }

  private async consume(limiter: RateLimiterRedis, key: string, what: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (e) {
      if (overLimit(e)) throw tooMany(what, e.msBeforeNext);
      // The insurance limiter failed too: let the request through rather than fail it.
    }
  }
}

const emailKey = (email: string) => email.trim().toLowerCase();

const instances = new WeakMap<object, AbuseLimits>();

export function abuseLimitsOf(deps: AppDeps): AbuseLimits {
  let a = instances.get(deps);
  if (!a) instances.set(deps, (a = new AbuseLimits(deps)));
  return a;
}

export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * Runs before authentication on every route: an address over the credential limit is refused;
 * unauthenticated routes count against the per-IP limit, and credential routes against the
 * stricter one.
 */
export function abuseGuard(spec: RouteSpec, deps: AppDeps): RequestHandler {
  const limits = abuseLimitsOf(deps);
  const isPublic = spec.auth === 'none';
  const isCredential = spec.limit === 'credential';
  // Most routes only check the block list: no promise for them.
  if (!isPublic && !isCredential) {
    return (req, _res, next) => {
      if (limits.anyBlocked) limits.checkBlocked(clientIp(req));
      next();
    };
  }
  return async (req, _res, next) => {
    const ip = clientIp(req);
    limits.checkBlocked(ip);
    if (isPublic) await limits.consumePublic(ip);
    if (isCredential) await limits.consumeCredential(ip);
    next();
  };
}
