import type { RequestHandler } from 'express';
import type { AuthMode } from '../../shared/domain/identity/auth-context';
import { AppError } from '../../shared/errors/app-error';
import { withTimeout } from '../../shared/infra/redis';
import type { AppDeps } from '../deps';

const WINDOW_MS = 60_000;

// Fixed one-minute window per tenant, counted in Redis so every replica shares it.
const SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { n, ttl }`;

/**
 * Per-tenant inbound limit (`RATE_LIMIT_PER_MINUTE`). Sends `RateLimit-Limit/Remaining/Reset` and
 * `RateLimit-Policy` on every authenticated answer; over the limit → 429 RATE_LIMITED + Retry-After.
 * If Redis cannot answer promptly the request is let through: the limiter protects, it must not take
 * the API down with it.
 */
export function inboundRateLimit(mode: AuthMode, deps: AppDeps): RequestHandler {
  if (mode === 'none') return (_req, _res, next) => next();
  const { redis, config } = deps;
  const limit = config.RATE_LIMIT_PER_MINUTE;
  const policy = `${limit};w=${WINDOW_MS / 1000}`;
  const prefix = `${config.REDIS_PREFIX}:rl:in:`;
  // Defined once per client: ioredis then sends EVALSHA, not the whole script text on every request.
  const counter = redis as typeof redis & { inboundRateLimit?: (key: string, windowMs: number) => Promise<[number, number]> };
  if (!counter.inboundRateLimit) redis.defineCommand('inboundRateLimit', { numberOfKeys: 1, lua: SCRIPT });
  return async (req, res, next) => {
    const auth = req.ctx.auth;
    const tenantId = auth && 'tenantId' in auth ? auth.tenantId : undefined;
    if (!tenantId) return next();
    let result: [number, number];
    try {
      result = await withTimeout(counter.inboundRateLimit!(prefix + tenantId, WINDOW_MS), 500, 'rate limit');
    } catch (err) {
      req.ctx.log.warn({ err: (err as Error).message }, 'inbound rate limit unavailable; request allowed');
      return next();
    }
    const [count, ttlMs] = result;
    const reset = Math.max(1, Math.ceil(ttlMs / 1000));
    res.setHeader('RateLimit-Limit', String(limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - count)));
    res.setHeader('RateLimit-Reset', String(reset));
    res.setHeader('RateLimit-Policy', policy);
    if (count > limit) {
      throw new AppError('RATE_LIMITED', `Rate limit of ${limit} requests per minute exceeded`, { retryAfter: reset });
    }
    next();
  };
}
