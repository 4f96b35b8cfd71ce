import IORedis from 'ioredis';
import pino from 'pino';
import { isAppError } from '../../../shared/errors/app-error';
import { loadConfig } from '../../../shared/infra/config';
import { OutboundLimiter, type LimitKey } from '../../../shared/platforms/core/limiter';
import { LocalWindowLog, RedisWindowLog, type WindowRule } from '../../../shared/platforms/core/window-log';
import { uniquePrefix } from '../../helpers/test-app';

/**
 * The sliding-window log that decides when an outbound call may leave. Every assertion reads the
 * log's own decisions (granted or not, the wait it names, what it stored), never elapsed time.
 */
// A loaded machine makes every Redis round trip slow; nothing here depends on how slow.
jest.setTimeout(30_000);
const config = loadConfig(process.env);
const prefix = uniquePrefix('wl');
let redis: IORedis;
let shared: RedisWindowLog;
const rule = (name: string, limit: number, gapMs = 0): WindowRule => ({ key: `${prefix}:${name}`, limit, windowMs: 60_000, gapMs });

beforeAll(() => {
  redis = new IORedis(config.REDIS_URL);
  shared = new RedisWindowLog(redis);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('the shared window log in Redis', () => {
  it('grants up to the limit, then refuses and names the wait until the oldest call leaves the window', async () => {
    const r = rule('full', 3);
    const first = await shared.take([r], 'a');
    const next = [await shared.take([r], 'b'), await shared.take([r], 'c')];
    const over = await shared.take([r], 'd');
    expect([first, ...next].every((a) => a.granted)).toBe(true);
    expect(over.granted).toBe(false);
    expect(over.waitMs).toBe(first.at + r.windowMs - over.at);
    expect(await redis.zrange(r.key, 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('a call takes a place in every budget only if all of them have room', async () => {
    const account = rule('acct', 1);
    const app = rule('app', 10);
    expect((await shared.take([account, app], 'a')).granted).toBe(true);
    expect((await shared.take([account, app], 'b')).granted).toBe(false);
    expect(await redis.zrange(app.key, 0, -1)).toEqual(['a']);
  });

  it('taking again under the same member moves its entry instead of adding one', async () => {
    const r = rule('retake', 2);
    await shared.take([r], 'a');
    await shared.take([r], 'a');
    expect(await redis.zcard(r.key)).toBe(1);
    expect((await shared.take([r], 'b')).granted).toBe(true);
  });

  it('keeps the gap between calls and names the rest of it as the wait', async () => {
    const r = rule('gap', 10, 30_000);
    const first = await shared.take([r], 'a');
    const second = await shared.take([r], 'b');
    expect(second).toEqual({ granted: false, waitMs: first.at + 30_000 - second.at, at: second.at });
  });
});

describe('the in-process window log used while Redis cannot answer', () => {
  it('counts a sliding window: a call exactly one window after another no longer shares it', () => {
    const log = new LocalWindowLog();
    const r: WindowRule = { key: 'k', limit: 2, windowMs: 1000, gapMs: 100 };
    expect(log.take([r], 'a', 0).granted).toBe(true);
    expect(log.take([r], 'b', 50)).toEqual({ granted: false, waitMs: 50, at: 50 });
    expect(log.take([r], 'b', 100).granted).toBe(true);
    expect(log.take([r], 'c', 600)).toEqual({ granted: false, waitMs: 400, at: 600 });
    expect(log.take([r], 'c', 1000).granted).toBe(true);
  });
});

describe('the outbound limiter on the shared log', () => {
  const logger = pino({ level: 'silent' });
  const limiters: OutboundLimiter[] = [];
  const make = (extra: Partial<ConstructorParameters<typeof OutboundLimiter>[0]> = {}) => {
    const l = new OutboundLimiter({ redisUrl: config.REDIS_URL, redis, prefix, logger, readDeadlineMs: 60_000, ...extra });
    limiters.push(l);
    return l;
  };
  afterAll(() => Promise.all(limiters.map((l) => l.close())));

  it('a read that would wait past its deadline answers 429 at once and takes no place in the budget', async () => {
    // Headroom 0.5: a budget of 1 call per 2 s, so the second read would wait far beyond its 100 ms.
    const limiter = make({ headroom: 0.5 });
    const key: LimitKey = { platform: 'tiktok', appKey: 'app', accountKey: 'refuse', accountRps: 1, appRps: 0 };
    let ran = 0;
    await limiter.run(key, 'read', async () => ran++, 60_000);
    const err = await limiter.run(key, 'read', async () => ran++, 100).catch((e: unknown) => e);
    expect(isAppError(err) && { code: err.code, retryAfter: err.retryAfter }).toEqual({ code: 'PLATFORM_RATE_LIMITED', retryAfter: 2 });
    expect(ran).toBe(1);
    expect(await redis.zcard(`${prefix}:lim:log:tiktok:account:refuse`)).toBe(1);
  });

  it('a grant that reached the caller late is taken again, not added twice', async () => {
    // Every grant counts as late here, so each call re-takes its place before it leaves.
    const grants: number[] = [];
    const limiter = make({ staleGrantMs: -1, onGrant: (g) => grants.push(g.at) });
    const key: LimitKey = { platform: 'facebook', appKey: 'app', accountKey: 'stale', accountRps: 50, appRps: 0 };
    await Promise.all([1, 2, 3].map(() => limiter.run(key, 'read', async () => undefined)));
    expect(grants).toHaveLength(3);
    expect(await redis.zcard(`${prefix}:lim:log:facebook:account:stale`)).toBe(3);
  });

  it('queued calls that fail at once (a DNS error) reject to their callers and leave no unhandled rejection behind', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const limiter = make();
      const key: LimitKey = { platform: 'tiktok', appKey: 'app', accountKey: 'dns', accountRps: 50, appRps: 0 };
      const dns = () => Object.assign(new Error('getaddrinfo ENOTFOUND business-api.tiktok.com'), { code: 'ENOTFOUND' });
      // Several at once: all but the first go through the limiter's queue.
      const results = await Promise.all([1, 2, 3, 4].map(() => limiter.run(key, 'write', () => Promise.reject(dns())).catch((e: { code?: string }) => e.code)));
      expect(results).toEqual(['ENOTFOUND', 'ENOTFOUND', 'ENOTFOUND', 'ENOTFOUND']);
      // Unhandled rejections are reported after the microtask queue drains: give the loop a turn.
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
