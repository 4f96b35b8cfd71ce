import Bottleneck from 'bottleneck';
import type { Redis } from 'ioredis';
import { AppError } from '../../errors/app-error';
import type { Logger } from '../../infra/logger';
import { createRedis } from '../../infra/redis';
import { PauseBoard } from './pause-board';
import type { CallKind, Platform } from './types';

export interface LimitKey {
  platform: Platform;
  appKey: string;
  accountKey?: string;
  /** Calls per second for this platform's accounts / app; 0 = unpaced. */
  accountRps: number;
  appRps: number;
}

interface Slot {
  started: boolean;
  /** The caller gave up (deadline): whichever queue reaches the call skips it. */
  cancelled: boolean;
  /** The call moved to the in-process limiter: the clustered queue must skip it. */
  movedLocal: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The outbound limiter every platform call goes through, shared by all api and worker replicas.
 *
 * Two mechanisms, both on Redis:
 * - pacing: bottleneck clustered limiters (minTime = 1000/rps), one per ad account and one per
 *   platform app, so replicas together keep the configured rate;
 * - pauses: a key per account/app set from the platforms' usage signals and throttling errors
 *   (Meta usage headers, TikTok 40100, Google retry delays); every replica honours it before calling.
 *
 * Bottleneck is unmaintained (last release 2019, issues after Redis restarts): nothing outside this
 * file knows it. If its Redis side cannot answer promptly, a call is paced by an in-process limiter
 * instead of failing, and the clustered one is used again once Redis is back.
 */
export class OutboundLimiter {
  private readonly conn: Redis;
  private readonly pauses: PauseBoard;
  private readonly connection: Bottleneck.IORedisConnection;
  private readonly groups = new Map<string, Bottleneck.Group>();
  private readonly localGroups = new Map<string, Bottleneck.Group>();
  /** Last time the clustered limiter failed; while recent, calls go local without waiting on Redis. */
  private degradedUntil = 0;

  constructor(
    private readonly opts: {
      redisUrl: string;
      /** General Redis client (pause keys). */
      redis: Redis;
      prefix: string;
      logger: Logger;
      /** Longest a read waits for a slot or a pause before answering 429. */
      readDeadlineMs: number;
      /** How long to wait for the clustered limiter before pacing locally. */
      clusterTimeoutMs?: number;
      /**
       * Share of each configured budget left unused (0–0.5). Slots are granted at exact spacing, but
       * a loaded process fires its timers late, so arrivals at the platform bunch up; without headroom
       * a sliding one-second window there sees budget + 1 calls now and then, and is throttled.
       */
      headroom?: number;
      /** How old an in-process copy of a pause key may get before it is re-read from Redis. */
      pauseFreshMs?: number;
    },
  ) {
    this.conn = createRedis(opts.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    this.conn.on('error', () => undefined);
    this.connection = new Bottleneck.IORedisConnection({ client: this.conn });
    bareLostStateErrors(this.connection);
    this.pauses = new PauseBoard({ redis: opts.redis, prefix: opts.prefix, logger: opts.logger, freshMs: opts.pauseFreshMs });
    this.connection.on('error', (err: Error) => opts.logger.debug({ err: err.message }, 'limiter redis error'));
  }

  private pauseKey(platform: Platform, scope: 'account' | 'app', key: string) {
    return `${this.opts.prefix}:lim:pause:${platform}:${scope}:${key}`;
  }

  /** Makes every replica hold calls for this account or app for `ms`. */
  async pause(platform: Platform, scope: 'account' | 'app', key: string, ms: number, reason: string): Promise<void> {
    if (ms <= 0) return;
    const ttl = Math.ceil(ms);
    this.opts.logger.warn({ platform, scope, key, pauseMs: ttl, reason }, 'outbound limiter paused');
    await this.pauses
      .raise(this.pauseKey(platform, scope, key), Date.now() + ttl, ttl)
      .catch((err: Error) => this.opts.logger.warn({ err: err.message }, 'could not store limiter pause'));
  }

  /** Lifts every pause on every replica (an operator's tool once a platform confirms a block is over). */
  clearPauses(): Promise<number> {
    return this.pauses.clearAll(`${this.opts.prefix}:lim:pause:`);
  }

  /** Milliseconds until the account and app may be called again (0 = now). Pauses are best effort when Redis is down. */
  pausedFor(k: LimitKey): number | Promise<number> {
    const keys = [this.pauseKey(k.platform, 'app', k.appKey)];
    if (k.accountKey) keys.push(this.pauseKey(k.platform, 'account', k.accountKey));
    const until = this.pauses.until(keys);
    return typeof until === 'number' ? Math.max(0, until - Date.now()) : until.then((u) => Math.max(0, u - Date.now()));
  }

  /**
   * Runs `fn` when the account and app budgets allow. Reads that cannot start within their
   * deadline answer 429 PLATFORM_RATE_LIMITED with Retry-After; writes get the same error at once
   * when paused longer than the deadline, so a job is delayed rather than holding a worker.
   */
  async run<T>(k: LimitKey, kind: CallKind, fn: () => Promise<T>, deadlineMs?: number): Promise<T> {
    const deadline = deadlineMs ?? this.opts.readDeadlineMs;
    const startedAt = Date.now();
    const known = this.pausedFor(k);
    const paused = typeof known === 'number' ? known : await known;
    if (paused > 0) {
      if (paused > deadline) throw limited(k.platform, paused);
      await sleep(paused);
    }
    // Unpaced: nothing to wait for, so no slot, race or deadline timer.
    if (!k.accountRps && !k.appRps) return fn();
    const remaining = Math.max(0, deadline - (Date.now() - startedAt));
    const slot: Slot = { started: false, cancelled: false, movedLocal: false };
    const job = this.schedule(k, fn, slot);
    if (kind === 'write' && deadlineMs === undefined) return unwrap(await job);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((r) => {
      timer = setTimeout(() => r(TIMED_OUT), remaining);
    });
    const first = await Promise.race([job, timeout]);
    if (timer) clearTimeout(timer);
    if (first === TIMED_OUT) {
      if (slot.started) return unwrap(await job);
      slot.cancelled = true;
      job.catch(() => undefined);
      throw limited(k.platform, Math.max(1000, 1000 / Math.max(1, k.accountRps || k.appRps || 1)));
    }
    return unwrap(first);
  }

  private async schedule<T>(k: LimitKey, raw: () => Promise<T>, slot: Slot): Promise<T | typeof SKIPPED> {
    const local = async (): Promise<T | typeof SKIPPED> => {
      if (slot.cancelled) return SKIPPED;
      slot.started = true;
      return raw();
    };
    if (!k.accountRps && !k.appRps) return local();
    if (Date.now() < this.degradedUntil) return this.chain(k, local, true);
    const clustered = this.chain(k, async () => (slot.movedLocal ? SKIPPED : local()), false);
    const timeoutMs = this.opts.clusterTimeoutMs ?? 1500;
    let timer: NodeJS.Timeout | undefined;
    const stall = new Promise<typeof TIMED_OUT>((r) => {
      timer = setTimeout(() => r(TIMED_OUT), timeoutMs);
    });
    try {
      const res = await Promise.race([clustered, stall]);
      if (res !== TIMED_OUT) return res;
      // A slow queue is normal pacing; only a queue that cannot reach Redis is a fault.
      if (this.conn.status === 'ready') return await clustered;
      return await this.fallBack(k, local, slot, clustered, new Error(`redis ${this.conn.status}`));
    } catch (err) {
      if (slot.started) throw err;
      return this.fallBack(k, local, slot, clustered, err);
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  private async fallBack<T>(k: LimitKey, fn: () => Promise<T>, slot: Slot, clustered: Promise<T>, err: unknown): Promise<T> {
    if (slot.started) return clustered;
    slot.movedLocal = true;
    clustered.catch(() => undefined);
    this.degradedUntil = Date.now() + 2000;
    this.opts.logger.warn({ platform: k.platform, err: err instanceof Error ? err.message : String(err) }, 'clustered limiter unavailable; pacing in-process');
    return this.chain(k, fn, true);
  }

  private chain<T>(k: LimitKey, fn: () => Promise<T>, local: boolean): Promise<T> {
    const appRun = () => (k.appRps ? this.group(k.platform, 'app', k.appRps, local).key(k.appKey).schedule(fn) : fn());
    if (!k.accountKey || !k.accountRps) return appRun();
    return this.group(k.platform, 'account', k.accountRps, local).key(k.accountKey).schedule(appRun);
  }

  private groupId(platform: Platform, scope: 'account' | 'app', rps: number) {
    return `${this.opts.prefix}:lim:${platform}:${scope}:${rps}`;
  }

  private group(platform: Platform, scope: 'account' | 'app', rps: number, local: boolean): Bottleneck.Group {
    const id = this.groupId(platform, scope, rps);
    const map = local ? this.localGroups : this.groups;
    let g = map.get(id);
    if (!g) {
      const paced = rps * (1 - Math.min(0.5, Math.max(0, this.opts.headroom ?? 0)));
      const base = { id, minTime: Math.ceil(1000 / paced), maxConcurrent: null, timeout: 5 * 60_000 };
      g = local
        ? new Bottleneck.Group(base)
        : new Bottleneck.Group({ ...base, datastore: 'ioredis', connection: this.connection, clearDatastore: false, clientTimeout: 30_000 });
      g.on('error', (err: Error) => this.opts.logger.debug({ err: err.message }, 'limiter error'));
      map.set(id, g);
    }
    return g;
  }

  async close(): Promise<void> {
    const all = [...this.groups.values(), ...this.localGroups.values()];
    await Promise.all(all.map((g) => Promise.all(g.limiters().map((l) => l.limiter.stop({ dropWaitingJobs: true }).catch(() => undefined)))));
    await this.connection.disconnect(false).catch(() => undefined);
    this.conn.disconnect();
    this.pauses.close();
  }
}

const TIMED_OUT = Symbol('timed-out');
const LOST_STATE = /\b(SETTINGS_KEY_NOT_FOUND|UNKNOWN_CLIENT)\b/;

/**
 * Bottleneck 2.19 recovers from a Redis that lost its keys (re-runs `init` without clearing, or
 * re-registers the client) only when the script error message is exactly SETTINGS_KEY_NOT_FOUND or
 * UNKNOWN_CLIENT. Redis 7 prefixes script errors ("ERR …"), so it never recovers (its issue #118).
 * Passing it the bare message lets its own recovery run; every replica then re-creates or joins the
 * same keys, and none deletes what another rebuilt.
 */
function bareLostStateErrors(connection: Bottleneck.IORedisConnection): void {
  const c = connection as unknown as { __scriptArgs__: (name: string, id: string, args: unknown[], cb: ScriptCallback) => unknown[] };
  const build = c.__scriptArgs__.bind(c);
  c.__scriptArgs__ = (name, id, args, cb) =>
    build(name, id, args, (err, replies) => {
      const lost = err && LOST_STATE.exec(err.message);
      if (lost) err.message = lost[1]!;
      cb(err, replies);
    });
}

type ScriptCallback = (err: Error | null, replies?: unknown) => void;
const SKIPPED = Symbol('skipped');

function unwrap<T>(v: T | typeof SKIPPED): T {
  if (v === SKIPPED) throw new AppError('PLATFORM_RATE_LIMITED', 'The platform call was cancelled while waiting for the rate limit', { retryAfter: 1 });
  return v;
}

export function limited(platform: Platform, waitMs: number): AppError {
  return new AppError('PLATFORM_RATE_LIMITED', `The ${platform} rate limit for this account is exhausted; try again later`, {
    retryAfter: Math.max(1, Math.ceil(waitMs / 1000)),
    details: [{ platform, reason: 'outbound limiter', retryAfterMs: Math.ceil(waitMs) }],
  });
}
