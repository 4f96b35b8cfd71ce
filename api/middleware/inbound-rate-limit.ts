import type { Request, RequestHandler, Response } from 'express';
import type { AuthMode } from '../../shared/domain/identity/auth-context';
import { AppError } from '../../shared/errors/app-error';
import { withTimeout, type RedisClient } from '../../shared/infra/redis';
import type { AppDeps } from '../deps';

const WINDOW_MS = 60_000;
/** How long admissions may stay counted only in process before they are added to Redis. */
const SYNC_MS = 50;

// A one-minute window per tenant that starts with its first request, counted in Redis so every
// replica shares it. ARGV[2] adds several admissions at once (those counted in process meanwhile).
const SCRIPT = `
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if n == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { n, ttl }`;

type Counting = RedisClient & { inboundRateLimit?: (key: string, windowMs: number, by: number) => Promise<[number, number]> };

interface Admission {
  count: number;
  resetMs: number;
}

interface TenantWindow {
  /** The tenant's count in Redis at the last sync. */
  known: number;
  /** Admitted here since then, not yet in Redis. */
  pending: number;
  syncedAt: number;
  resetAt: number;
  /** Syncs with Redis under way. */
  syncing: number;
  flushTimer?: NodeJS.Timeout;
}

/**
 * The per-tenant counter behind the middleware, one per app. Far from the limit, a request is
 * admitted on what this replica knows (the count at its last sync, at most SYNC_MS old, plus its own
 * admissions since), and the admissions are added to Redis in one INCRBY; within `margin` of the
 * limit every request asks Redis. So most hot-path requests make no Redis round trip, and the count
 * stays exact unless more than four replicas each admit `maxLocal` unseen requests at the same time.
 */
class InboundCounter {
  private readonly windows = new Map<string, TenantWindow>();
  private readonly redis: Counting;
  private readonly prefix: string;
  readonly limit: number;
  private readonly margin: number;
  /** At most this many admissions per replica stay unseen by the others. */
  private readonly maxLocal: number;

  constructor(deps: Pick<AppDeps, 'redis' | 'config'>) {
    this.redis = deps.redis as Counting;
    this.prefix = `${deps.config.REDIS_PREFIX}:rl:in:`;
    this.limit = deps.config.RATE_LIMIT_PER_MINUTE;
    this.margin = Math.max(20, Math.ceil(this.limit * 0.1));
    // A quarter of the margin: four replicas' unseen admissions together still stay under the limit.
    this.maxLocal = Math.ceil(this.margin / 4);
    // Defined once per client: ioredis then sends EVALSHA, not the whole script text on every sync.
    if (!this.redis.inboundRateLimit) this.redis.defineCommand('inboundRateLimit', { numberOfKeys: 1, lua: SCRIPT });
  }

  /**
   * The tenant's count including this request, and ms until its window resets; rejects if Redis
   * cannot answer. Synchronous when admitted in process.
   */
  admit(tenantId: string): Admission | Promise<Admission> {
    const now = Date.now();
    const w = this.windows.get(tenantId);
    const far = w !== undefined && now < w.resetAt && w.pending < this.maxLocal && w.known + w.pending < this.limit - this.margin;
    // A sync already under way refreshes `known` soon: requests meanwhile need not queue behind it.
    if (far && (now - w.syncedAt < SYNC_MS || w.syncing > 0)) {
      w.pending++;
      w.flushTimer ??= setTimeout(() => void this.flush(tenantId), SYNC_MS).unref();
      return { count: w.known + w.pending, resetMs: w.resetAt - now };
    }
    return this.sync(tenantId, w);
  }

  /** Adds this request and the admissions counted here so far to Redis, and answers with its count. */
  private async sync(tenantId: string, w: TenantWindow | undefined): Promise<Admission> {
    const by = (w?.pending ?? 0) + 1;
    if (w) w.pending = 0;
    const [n, ttl] = await this.add(tenantId, w, by, 1);
    return { count: n, resetMs: ttl };
  }

  /**
   * INCRBY `by` in Redis and learn the shared count. On failure the admissions counted here go back
   * to `pending` for the next sync; `own` of them (this request) are not counted when it fails.
   */
  private async add(tenantId: string, w: TenantWindow | undefined, by: number, own: number): Promise<[number, number]> {
    if (w) w.syncing++;
    try {
      const [n, ttl] = await withTimeout(this.redis.inboundRateLimit!(this.prefix + tenantId, WINDOW_MS, by), 500, 'rate limit');
      this.learn(tenantId, n, ttl);
      return [n, ttl];
    } catch (err) {
      if (w) w.pending += by - own;
      throw err;
    } finally {
      if (w) w.syncing--;
    }
  }

  private learn(tenantId: string, n: number, ttlMs: number) {
    const now = Date.now();
    const w = this.windows.get(tenantId);
    if (w) {
      w.known = n;
      w.syncedAt = now;
      w.resetAt = now + ttlMs;
    } else {
      if (this.windows.size >= 100_000) this.windows.delete(this.windows.keys().next().value as string);
      this.windows.set(tenantId, { known: n, pending: 0, syncedAt: now, resetAt: now + ttlMs, syncing: 0 });
    }
  }

  private async flush(tenantId: string): Promise<void> {
    const w = this.windows.get(tenantId);
    if (!w) return;
    w.flushTimer = undefined;
    const by = w.pending;
    if (by === 0) return;
    w.pending = 0;
    await this.add(tenantId, w, by, 0).catch(() => undefined);
  }
}

const counters = new WeakMap<object, InboundCounter>();

function setHeaders(res: Response, limit: number, limitText: string, policy: string, count: number, reset: number) {
  res.setHeader('RateLimit-Limit', limitText);
  res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - count)));
  res.setHeader('RateLimit-Reset', String(reset));
  res.setHeader('RateLimit-Policy', policy);
}

/**
 * Per-tenant inbound limit (`RATE_LIMIT_PER_MINUTE`). Sends `RateLimit-Limit/Remaining/Reset` and
 * `RateLimit-Policy` on every authenticated answer; over the limit → 429 RATE_LIMITED + Retry-After.
 * If Redis cannot answer promptly the request is let through: the limiter protects, it must not take
 * the API down with it.
 */
export function inboundRateLimit(mode: AuthMode, deps: AppDeps): RequestHandler {
  if (mode === 'none') return (_req, _res, next) => next();
  let counter = counters.get(deps);
  if (!counter) counters.set(deps, (counter = new InboundCounter(deps)));
  const c = counter;
  const limit = c.limit;
  const limitText = String(limit);
  const policy = `${limit};w=${WINDOW_MS / 1000}`;
  const unavailable = (req: Request, err: unknown) => req.ctx.log.warn({ err: (err as Error).message }, 'inbound rate limit unavailable; request allowed');
  const answer = (res: Response, result: Admission) => {
    const reset = Math.max(1, Math.ceil(result.resetMs / 1000));
    setHeaders(res, limit, limitText, policy, result.count, reset);
    if (result.count > limit) {
      throw new AppError('RATE_LIMITED', `Rate limit of ${limit} requests per minute exceeded`, { retryAfter: reset });
    }
  };
  // Not async: a request admitted in process (most of them) makes no promise.
  return (req, res, next) => {
    const auth = req.ctx.auth;
    const tenantId = auth && 'tenantId' in auth ? auth.tenantId : undefined;
    if (!tenantId) return next();
    let admitted: Admission | Promise<Admission>;
    try {
      admitted = c.admit(tenantId);
    } catch (err) {
      unavailable(req, err);
      return next();
    }
    if ('count' in admitted) {
      answer(res, admitted);
      return next();
    }
    return admitted.then(
      (result) => {
        answer(res, result);
        next();
      },
      (err: unknown) => {
        unavailable(req, err);
        next();
      },
    );
  };
}
