import { performance } from 'node:perf_hooks';
import Bottleneck from 'bottleneck';
import type { Logger } from '../../infra/logger';
import type { RedisClient, RedisTarget } from '../../infra/redis';
import { PauseBoard } from './pause-board';
import { currentJobRun } from './job-run-context';
import type { CallKind } from './types';
import { newMember, type Attempt, type ReservedRule, type WindowRule } from './window-log';
import { BudgetLog } from './limiter-log';
import { limited, type Deferral, type Grant, type LimitKey } from './limiter-types';
import { JobWrites } from './limiter-job-writes';

export type { Deferral, Grant, LimitKey } from './limiter-types';

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
 * - A job run's first write waits in its worker slot only briefly, then comes back on a reservation
 *   (limiter-job-writes.ts).
 *
 * When Redis cannot answer, the same log is kept in process memory (each replica then paces alone)
 * until Redis answers again (limiter-log.ts).
 */
export class OutboundLimiter {
  private readonly log: BudgetLog;
  private readonly pauses: PauseBoard;
  /**
   * A few acquisitions at a time per budget: enough that one slow Redis round trip (a loaded
   * process) does not hold every other call back, few enough that a freed place wakes few pollers.
   */
  private readonly queues = new Bottleneck.Group({ maxConcurrent: 4 });
  private readonly windowMs: number;
  private readonly staleMs: number;
  private readonly jobWrites: JobWrites;
  private closed = false;

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
    this.windowMs = Math.ceil(1000 / (1 - Math.min(0.5, Math.max(0, opts.headroom ?? 0))));
    this.log = new BudgetLog(opts.redisUrl, {
      logger: opts.logger,
      timeoutMs: opts.clusterTimeoutMs ?? 1500,
      windowMs: this.windowMs,
      graceMs: opts.reservationGraceMs ?? 60_000,
    });
    this.pauses = new PauseBoard({ redis: opts.redis, prefix: opts.prefix, logger: opts.logger, freshMs: opts.pauseFreshMs });
    this.staleMs = opts.staleGrantMs ?? 15;
    this.jobWrites = new JobWrites({
      log: this.log,
      slotWaitMs: opts.writeSlotWaitMs ?? 250,
      staleMs: this.staleMs,
      logger: opts.logger,
      onDefer: opts.onDefer,
      launch: (k, rules, a, fn, job) => this.launch(k, rules, a, { started: false, cancelled: false }, fn, job),
    });
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
    const tag = this.log.clustered ? `:{${k.platform}:${k.appKey}}` : '';
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
    if (job && !job.sentWrite) return this.jobWrites.run(k, job, fn, known, rules);
    return this.runPaced(k, kind, fn, deadlineMs, startedAt, known, rules);
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
      const first = await this.log.take(rules, member);
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
      const a = await this.log.take(rules, member);
      if (slot.cancelled) {
        if (a.granted) await this.log.giveBack(rules, member);
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

  /** Connects ahead of the first call and opens the pause subscription (both also happen on first use). */
  start(): void {
    this.pauses.start();
    this.log.start();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.queues.limiters().map((l) => l.limiter.stop({ dropWaitingJobs: true }).catch(() => undefined)));
    this.log.close();
    this.pauses.close();
  }
}

const SKIPPED = Symbol('skipped');
