import type { Logger } from '../../infra/logger';
import { createRedis, isCluster, type RedisClient, type RedisTarget } from '../../infra/redis';
import { LocalWindowLog, RedisWindowLog, type Attempt, type Reservation, type ReservedRule, type WindowRule } from './window-log';

/** How long calls are decided in process, without asking Redis, after Redis failed. */
const DEGRADED_MS = 2000;

/**
 * Where the limiter's budget decisions are made: the sliding-window logs in Redis every replica
 * shares, or, while Redis cannot answer, the same logs in process memory (each replica then paces
 * alone) until Redis answers again.
 */
export class BudgetLog {
  private readonly conn: RedisClient;
  private readonly shared: RedisWindowLog;
  private readonly local = new LocalWindowLog();
  /** Until then, Redis failed recently: decide in process without waiting on it. */
  private degradedUntil = 0;
  private sweepAt = 0;
  /** Before the first connection, calls wait for it; after, a lost connection means pacing in process at once. */
  private connectedOnce = false;

  constructor(
    target: RedisTarget,
    private readonly opts: {
      logger: Logger;
      /** How long one Redis decision may take before the call is paced in process instead. */
      timeoutMs: number;
      /** The logs' window, for sweeping the in-process copy. */
      windowMs: number;
      /** How long a reservation is kept after its time for a job that has not come back. */
      graceMs: number;
    },
  ) {
    // Queued while (re)connecting, but never longer than the command timeout: then the call is paced in process.
    // lazyConnect: building the limiter opens nothing; its first command (or `start`) connects.
    this.conn = createRedis(target, { lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: 0, commandTimeout: opts.timeoutMs });
    this.conn.on('error', (err: Error) => opts.logger.debug({ err: err.message }, 'limiter redis error'));
    this.conn.on('ready', () => (this.connectedOnce = true));
    this.shared = new RedisWindowLog(this.conn);
  }

  /** On a Redis Cluster a script may only touch keys of one hash slot: a call's budgets then share a hash tag. */
  get clustered(): boolean {
    return isCluster(this.conn);
  }

  private sharedUsable(): boolean {
    return Date.now() >= this.degradedUntil && (this.conn.status === 'ready' || !this.connectedOnce);
  }

  private degrade(err: unknown): void {
    this.opts.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'shared limiter unavailable; pacing in-process');
    this.degradedUntil = Date.now() + DEGRADED_MS;
  }

  /** Room in every budget now (logged under `member`), or how long to wait before asking again. */
  async take(rules: WindowRule[], member: string): Promise<Attempt & { shared: boolean }> {
    if (this.sharedUsable()) {
      try {
        return { ...(await this.shared.take(rules, member)), shared: true };
      } catch (err) {
        this.degrade(err);
      }
    }
    const now = Date.now();
    if (now >= this.sweepAt) {
      this.local.sweep(this.opts.windowMs, now);
      this.sweepAt = now + 60_000;
    }
    return { ...this.local.take(rules, member, now), shared: false };
  }

  /** A job write's decision: the shared log with reservations, or (Redis unreachable) the in-process log alone. */
  async reserve(rules: ReservedRule[], member: string, holder: string): Promise<Reservation & { shared: boolean }> {
    if (this.sharedUsable()) {
      try {
        return { ...(await this.shared.reserve(rules, member, holder, this.opts.graceMs)), shared: true };
      } catch (err) {
        this.degrade(err);
      }
    }
    return { ...(await this.take(rules, member)), reserved: false, held: false };
  }

  /** Drops a grant the caller will not use (it gave up while the decision was on its way). */
  async giveBack(rules: WindowRule[], member: string): Promise<void> {
    await Promise.all(rules.map((r) => this.conn.zrem(r.key, member))).catch(() => undefined);
  }

  /** Connects ahead of the first decision (which would also connect). */
  start(): void {
    if (this.conn.status === 'wait') this.conn.connect().catch(() => undefined);
  }

  close(): void {
    this.conn.disconnect();
  }
}
