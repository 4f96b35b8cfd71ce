import { performance } from 'node:perf_hooks';
import Bottleneck from 'bottleneck';
import { AppError } from '../../errors/app-error';
import { RunLaterError } from '../../errors/run-later';
import type { Logger } from '../../infra/logger';
import { createRedis, isCluster, type RedisClient, type RedisTarget } from '../../infra/redis';
import { PauseBoard } from './pause-board';
import { currentJobRun, type JobRunContext } from './job-run-context';
import type { CallKind } from './types';
import { LocalWindowLog, newMember, RedisWindowLog, type Attempt, type Reservation, type ReservedRule, type WindowRule } from './window-log';

export interface LimitKey {
  platform: string;
  appKey: string;
  accountKey?: string;
  /** Calls per second for this platform's accounts / app; 0 = unpaced. */
  accountRps: number;
  appRps: number;
}

/** A call that was let go: when (on the clock that decided) and whether the shared log decided it. */
export interface Grant {
  platform: string;
  keys: string[];
  at: number;
  shared: boolean;
  /** A job's write: the job id (it went on its reservation when `reserved`). */
  jobId?: string;
  reserved?: boolean;
}

/** A job's write told to come back: its job, when it may go (the deciding clock's epoch ms) and whether that is a reservation. */
export interface Deferral {
  platform: string;
  keys: string[];
  jobId: string;
  /** The decision's time and the time the call may go, on the deciding clock (Redis time when shared). */
  at: number;
  goAt: number;
  /** A reservation in the budget's queue (false: a pause, or the log's own wait while Redis is unreachable or once its reserved time has come). */
  reserved: boolean;
  shared: boolean;
}

interface Slot {
  started: boolean;
  /** The caller gave up (deadline) while queued: whoever reaches the call skips it. */
  cancelled: boolean;
}

/** The acquisition ended: the call was started (`p`), skipped (cancelled), or refused (would wait past the deadline). */
type Outcome<T> = { p: Promise<T> } | { refusedMs: number } | typeof SKIPPED;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The outbound limiter every platform call goes through, shared by all api and worker replicas.
 *
 * - Budgets: a sliding-window log per ad account and per platform app in Redis (window-log.ts). A
 *   call leaves only once one atomic script has found room in every budget it counts against at
 *   that moment; otherwise the script says how long to wait and the caller asks again. Nothing is
 *   granted ahead of time, so a late timer makes a call later, never bunches calls together.
 * - A grant that took too long to reach this process (a loaded event loop) is given back and taken
 *   again, so the logged time stays close to the time the call really leaves.
 * - Queueing: bottleneck, in process, a few acquisitions at a time per budget, so a few waiters
 *   per replica ask Redis rather than every waiting call.
 * - Pauses: a key per account/app set from the platforms' usage signals and throttling errors
 *   (Meta usage headers, TikTok 40100, Google retry delays); every replica honours it before calling.
 *
 * When Redis cannot answer, the same log is kept in process memory (each replica then paces alone)
 * until Redis answers again.
 */
export class OutboundLimiter {
  private readonly conn: RedisClient;
  private readonly pauses: PauseBoard;
  private readonly shared: RedisWindowLog;
  private readonly local = new LocalWindowLog();
  /**
   * A few acquisitions at a time per budget: enough that one slow Redis round trip (a loaded
   * process) does not hold every other call back, few enough that a freed place wakes few pollers.
   */
  private readonly queues = new Bottleneck.Group({ maxConcurrent: 4 });
  private readonly windowMs: number;
  private readonly staleMs: number;
  private readonly slotWaitMs: number;
  private readonly graceMs: number;
  /** Until then, Redis failed recently: decide in process without waiting on it. */
  private degradedUntil = 0;
  private sweepAt = 0;
  private closed = false;
  /** Before the first connection, calls wait for it; after, a lost connection means pacing in process at once. */
  private connectedOnce = false;

  constructor(
    private readonly opts: {
      /** Where the shared logs live: a Redis URL, or a cluster (`redisTarget(config)`). */
      redisUrl: RedisTarget;
      /** General Redis client (pause keys). */
      redis: RedisClient;
      prefix: string;
      logger: Logger;
      /** Longest a read waits for a slot or a pause before answering 429. */
      readDeadlineMs: number;
      /** How long one Redis decision may take before the call is paced in process instead. */
      clusterTimeoutMs?: number;
      /**
       * Share of each configured budget left unused (0–0.5): N calls per 1000 / (1 − headroom) ms.
       * Covers what happens after a grant (network, the platform's own clock), which no limiter sees.
       */
      headroom?: number;
      /** A grant older than this when it reaches the caller is re-taken at the current time. */
      staleGrantMs?: number;
      /** How old an in-process copy of a pause key may get before it is re-read from Redis. */
      pauseFreshMs?: number;
      /** Told of every grant (tests read the decisions themselves instead of timing calls). */
      onGrant?: (g: Grant) => void;
      /**
       * Longest a write made from a job run waits for its budget inside its worker slot; past it the
       * call is given a reservation and throws RunLaterError (WRITE_SLOT_WAIT_MS).
       */
      writeSlotWaitMs?: number;
      /** How long a reservation is kept after its time for a job that has not come back (WRITE_RESERVATION_GRACE_MS). */
      reservationGraceMs?: number;
      /** Told of every job write sent back with a RunLaterError (tests read the decisions). */
      onDefer?: (d: Deferral) => void;
    },
  ) {
    // Queued while (re)connecting, but never longer than the command timeout: then the call is paced in process.
    // lazyConnect: building the limiter opens nothing; its first command (or `start`) connects.
    this.conn = createRedis(opts.redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: true,
      maxRetriesPerRequest: 0,
      commandTimeout: opts.clusterTimeoutMs ?? 1500,
    });
    this.conn.on('error', (err: Error) => opts.logger.debug({ err: err.message }, 'limiter redis error'));
    this.conn.on('ready', () => (this.connectedOnce = true));
    this.shared = new RedisWindowLog(this.conn);
    this.pauses = new PauseBoard({ redis: opts.redis, prefix: opts.prefix, logger: opts.logger, freshMs: opts.pauseFreshMs });
    this.windowMs = Math.ceil(1000 / (1 - Math.min(0.5, Math.max(0, opts.headroom ?? 0))));
    this.staleMs = opts.staleGrantMs ?? 15;
    this.slotWaitMs = opts.writeSlotWaitMs ?? 250;
    this.graceMs = opts.reservationGraceMs ?? 60_000;
  }

  private pauseKey(platform: string, scope: 'account' | 'app', key: string) {
    return `${this.opts.prefix}:lim:pause:${platform}:${scope}:${key}`;
  }

  /** Makes every replica hold calls for this account or app for `ms`. */
  async pause(platform: string, scope: 'account' | 'app', key: string, ms: number, reason: string): Promise<void> {
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

  /** The budgets a call for `k` counts against. */
  private rules(k: LimitKey): ReservedRule[] {
    const rules: ReservedRule[] = [];
    // One script decides every budget of a call, and on a Redis Cluster a script may only touch keys
    // of one hash slot: there the call's budgets share its app's hash tag, so an account's budget is
    // counted per app (docs/architecture.md, "Redis Cluster").
    const tag = isCluster(this.conn) ? `:{${k.platform}:${k.appKey}}` : '';
    const rule = (scope: 'account' | 'app', key: string, rps: number): ReservedRule => ({
      key: `${this.opts.prefix}:lim:log:${k.platform}:${scope}:${key}${tag}`,
      limit: rps,
      windowMs: this.windowMs,
      // Half the average spacing: a burst is spread out a little, the budget is still fully usable.
      gapMs: Math.floor(this.windowMs / rps / 2),
      // A job's writes, when they must wait, are given times this far apart: the log's own rate.
      reservationKey: `${this.opts.prefix}:lim:resv:${k.platform}:${scope}:${key}${tag}`,
      spacingMs: Math.ceil(this.windowMs / rps),
    });
    if (k.accountKey && k.accountRps) rules.push(rule('account', k.accountKey, k.accountRps));
    if (k.appRps) rules.push(rule('app', k.appKey, k.appRps));
    return rules;
  }

  /**
   * Runs `fn` when the account and app budgets allow. Reads that cannot start within their
   * deadline answer 429 PLATFORM_RATE_LIMITED with Retry-After, before taking a place in any
   * budget; writes get the same error at once when paused longer than the deadline, so a job is
   * delayed rather than holding a worker.
   */
  run<T>(k: LimitKey, kind: CallKind, fn: () => Promise<T>, deadlineMs?: number): Promise<T> {
    const startedAt = Date.now();
    const known = this.pausedFor(k);
    const rules = this.rules(k);
    // Unpaced and not paused (known without asking Redis): the call goes at once, without the
    // async frame below (a fan-out makes one such call per account).
    if (known === 0 && !rules.length) return fn();
    // A job's write (its run's first) that cannot go soon is sent back with a reservation.
    const job = kind === 'write' && k.accountKey !== undefined ? currentJobRun() : undefined;
    if (job && !job.sentWrite) return this.runJobWrite(k, job, fn, known, rules);
    return this.runPaced(k, kind, fn, deadlineMs, startedAt, known, rules);
  }

  /**
   * A write made from a job run (docs/architecture.md, "Write reservations"): it waits in its
   * worker slot only briefly (`writeSlotWaitMs` per wait, twice that in all). Longer, and it throws
   * RunLaterError: for a budget, with the time of its reservation, taken in Redis in arrival order
   * and spaced at the budget's rate, which its job's next run (any replica) goes on; for a pause,
   * with the pause's end. Nothing was sent then (`fn` was not called).
   */
  private async runJobWrite<T>(k: LimitKey, job: JobRunContext, fn: () => Promise<T>, known: number | Promise<number>, rules: ReservedRule[]): Promise<T> {
    const paused = typeof known === 'number' ? known : await known;
    if (paused > this.slotWaitMs) {
      const now = Date.now();
      throw this.defer(k, rules, job, { at: now, waitMs: paused, reserved: false, shared: false }, `waiting out the ${k.platform} pause`);
    }
    if (paused > 0) await sleep(paused);
    const slot: Slot = { started: false, cancelled: false };
    if (!rules.length) {
      job.sentWrite = true;
      return fn();
    }
    const member = newMember();
    const scopes = k.accountRps ? (k.appRps ? 'account and app' : 'account') : 'app';
    const reason = `waiting for the ${k.platform} ${scopes} budget`;
    // After a grant that reached us late, the call re-takes its place in the log alone (its
    // reservation is spent): the logged time stays close to the time it really leaves.
    let retaking = false;
    let onReservation = false;
    let waited = 0;
    for (let stale = 0; ; ) {
      const sent = performance.now();
      const d = retaking ? { ...(await this.take(rules, member)), reserved: false, held: false } : await this.reserve(rules, member, job.jobId);
      if (d.granted) {
        onReservation ||= d.held;
        if (d.shared && performance.now() - sent > this.staleMs && ++stale <= 2) {
          retaking = true;
          continue;
        }
        job.sentWrite = true;
        return this.launch(k, rules, d, slot, fn, { jobId: job.jobId, reserved: onReservation });
      }
      if (d.waitMs <= this.slotWaitMs && waited + d.waitMs <= 2 * this.slotWaitMs) {
        waited += d.waitMs;
        await sleep(d.waitMs);
        continue;
      }
      throw this.defer(k, rules, job, d, reason);
    }
  }

  /** The RunLaterError a deferred job write throws (its time on this process's clock). */
  private defer(k: LimitKey, rules: WindowRule[], job: JobRunContext, d: { at: number; waitMs: number; reserved: boolean; shared: boolean }, reason: string): RunLaterError {
    this.opts.onDefer?.({ platform: k.platform, keys: rules.map((r) => r.key), jobId: job.jobId, at: d.at, goAt: d.at + d.waitMs, reserved: d.reserved, shared: d.shared });
    this.opts.logger.debug({ platform: k.platform, jobId: job.jobId, waitMs: d.waitMs, reserved: d.reserved }, 'job write deferred');
    return new RunLaterError(Date.now() + d.waitMs, reason);
  }

  private async runPaced<T>(
    k: LimitKey,
    kind: CallKind,
    fn: () => Promise<T>,
    deadlineMs: number | undefined,
    startedAt: number,
    known: number | Promise<number>,
    rules: WindowRule[],
  ): Promise<T> {
    const deadline = deadlineMs ?? this.opts.readDeadlineMs;
    const paused = typeof known === 'number' ? known : await known;
    if (paused > 0) {
      if (paused > deadline) throw limited(k.platform, paused);
      await sleep(paused);
    }
    // Unpaced: nothing to wait for, so no slot, queue or deadline timer.
    if (!rules.length) return fn();
    const bounded = kind === 'read' || deadlineMs !== undefined;
    const until = bounded ? startedAt + deadline : undefined;
    const slot: Slot = { started: false, cancelled: false };
    const queue = this.queues.key(rules.map((r) => r.key).join('|'));
    const c = queue.counts();
    const ahead = c.RECEIVED + c.QUEUED + c.RUNNING + c.EXECUTING;
    const member = newMember();
    if (!ahead) {
      // Nobody waits here: one attempt straight away, the queue only when there is no room (or the
      // grant came back stale: the queued attempt re-takes it under the same member).
      const sent = performance.now();
      const first = await this.take(rules, member);
      if (first.granted && performance.now() - sent <= this.staleMs) return this.launch(k, rules, first, slot, fn);
      if (!first.granted && until !== undefined && Date.now() + first.waitMs > until) throw limited(k.platform, first.waitMs);
    } else if (until !== undefined) {
      // Each caller queued ahead needs about one spacing of the tightest budget.
      const estimate = ahead * Math.max(...rules.map((r) => r.windowMs / r.limit));
      if (Date.now() + estimate > until) throw limited(k.platform, estimate);
    }
    const job = queue.schedule(() => this.acquire(k, rules, member, slot, until, fn));
    const outcome = until === undefined ? await job : await this.within(job, slot, until - Date.now());
    if (outcome === SKIPPED) throw limited(k.platform, 1000);
    if ('refusedMs' in outcome) throw limited(k.platform, outcome.refusedMs);
    return outcome.p;
  }

  /** The outcome, or SKIPPED once `ms` pass before the call started (it then never takes a place). */
  private async within<T>(job: Promise<Outcome<T>>, slot: Slot, ms: number): Promise<Outcome<T>> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<typeof SKIPPED>((r) => {
      timer = setTimeout(() => r(SKIPPED), Math.max(0, ms));
    });
    const first = await Promise.race([job, timeout]);
    clearTimeout(timer);
    if (first !== SKIPPED) return first;
    if (slot.started) return job;
    slot.cancelled = true;
    job.catch(() => undefined);
    return SKIPPED;
  }

  /** Asks for room until granted; waits as long as the log says; refuses a bounded call that would wait past `until`. */
  private async acquire<T>(k: LimitKey, rules: WindowRule[], member: string, slot: Slot, until: number | undefined, fn: () => Promise<T>): Promise<Outcome<T>> {
    for (let stale = 0; ; ) {
      if (slot.cancelled || this.closed) return SKIPPED;
      const sent = performance.now();
      const a = await this.take(rules, member);
      if (slot.cancelled) {
        if (a.granted) await this.giveBack(rules, member);
        return SKIPPED;
      }
      if (a.granted) {
        // A grant that reached us late is taken again now (the script first drops the old entry).
        // Bounded: when every round trip is slow, re-taking only costs more of them.
        if (performance.now() - sent > this.staleMs && ++stale <= 2) continue;
        // The call's promise travels through the queue's own promise before run() returns it: a
        // call that fails at once (a DNS error) would otherwise reject with no handler attached yet,
        // which ends the process. The caller still gets the rejection from run().
        const p = this.launch(k, rules, a, slot, fn);
        p.catch(() => undefined);
        return { p };
      }
      if (until !== undefined && Date.now() + a.waitMs > until) return { refusedMs: a.waitMs };
      await sleep(a.waitMs);
    }
  }

  private launch<T>(k: LimitKey, rules: WindowRule[], a: Attempt & { shared: boolean }, slot: Slot, fn: () => Promise<T>, job?: { jobId: string; reserved: boolean }): Promise<T> {
    slot.started = true;
    this.opts.onGrant?.({ platform: k.platform, keys: rules.map((r) => r.key), at: a.at, shared: a.shared, ...job });
    try {
      return fn();
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  private async take(rules: WindowRule[], member: string): Promise<Attempt & { shared: boolean }> {
    if (Date.now() >= this.degradedUntil && (this.conn.status === 'ready' || !this.connectedOnce)) {
      try {
        return { ...(await this.shared.take(rules, member)), shared: true };
      } catch (err) {
        this.opts.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'shared limiter unavailable; pacing in-process');
        this.degradedUntil = Date.now() + 2000;
      }
    }
    const now = Date.now();
    if (now >= this.sweepAt) {
      this.local.sweep(this.windowMs, now);
      this.sweepAt = now + 60_000;
    }
    return { ...this.local.take(rules, member, now), shared: false };
  }

  /** A job write's decision: the shared log with reservations, or (Redis unreachable) the in-process log alone. */
  private async reserve(rules: ReservedRule[], member: string, holder: string): Promise<Reservation & { shared: boolean }> {
    if (Date.now() >= this.degradedUntil && (this.conn.status === 'ready' || !this.connectedOnce)) {
      try {
        return { ...(await this.shared.reserve(rules, member, holder, this.graceMs)), shared: true };
      } catch (err) {
        this.opts.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'shared limiter unavailable; pacing in-process');
        this.degradedUntil = Date.now() + 2000;
      }
    }
    return { ...(await this.take(rules, member)), reserved: false, held: false };
  }

  private async giveBack(rules: WindowRule[], member: string): Promise<void> {
    await Promise.all(rules.map((r) => this.conn.zrem(r.key, member))).catch(() => undefined);
  }

  /** Connects ahead of the first call and opens the pause subscription (both also happen on first use). */
  start(): void {
    this.pauses.start();
    if (this.conn.status === 'wait') this.conn.connect().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.queues.limiters().map((l) => l.limiter.stop({ dropWaitingJobs: true }).catch(() => undefined)));
    this.conn.disconnect();
    this.pauses.close();
  }
}

const SKIPPED = Symbol('skipped');

export function limited(platform: string, waitMs: number): AppError {
  return new AppError('PLATFORM_RATE_LIMITED', `The ${platform} rate limit for this account is exhausted; try again later`, {
    retryAfter: Math.max(1, Math.ceil(waitMs / 1000)),
    details: [{ platform, reason: 'outbound limiter', retryAfterMs: Math.ceil(waitMs) }],
  });
}
