import { randomUUID } from 'node:crypto';
import type { AppError } from '../../errors/app-error';
import type { Logger } from '../../infra/logger';
import { openSubscription, type RedisClient } from '../../infra/redis';
import { decodeJobError } from './job-errors';

export type JobOutcome = { state: 'completed'; result: unknown } | { state: 'failed'; error: AppError };

/** What a worker publishes to the waiting process's channel once the job's row holds its outcome. */
export type DoneMessage = { jobId: string; state: 'completed'; result: unknown } | { jobId: string; state: 'failed'; error: string };

export interface WaitOptions {
  /** Reads the stored outcome: run every `pollMs` (when set) and whenever a message may have been missed. */
  check?: () => Promise<JobOutcome | undefined>;
  pollMs?: number;
}

/**
 * Resolves waiting requests from ONE Redis channel per process. A job started by a waiting request
 * names this process's channel in its payload, and the worker publishes its outcome there: no other
 * process hears about it (a queue-wide event stream would make every replica read every job's end).
 * A request that joins a job started elsewhere (an Idempotency-Key replay) polls the stored state.
 */
export class JobWaiter {
  /** The channel this process listens on; jobs it waits for carry it as `notify`. */
  readonly channel: string;
  private readonly pending = new Map<string, Set<Waiter>>();
  private sub?: { redis: RedisClient; ready: Promise<void> };
  private subscribed = false;

  constructor(
    private readonly redis: RedisClient,
    prefix: string,
    private readonly log: Logger,
  ) {
    this.channel = `${prefix}:jobs:done:${randomUUID()}`;
  }

  /** Number of requests waiting right now (metrics, tests). */
  get waiting(): number {
    let n = 0;
    for (const s of this.pending.values()) n += s.size;
    return n;
  }

  /** The channel is subscribed: `ready()` would resolve at once. */
  get isReady(): boolean {
    return this.subscribed;
  }

  /** Subscribes once per process; resolves when messages from this moment on will be heard. */
  ready(): Promise<void> {
    if (!this.sub) {
      const opened = openSubscription(this.redis, this.channel, {
        onMessage: (msg) => this.onMessage(msg),
        // Messages published while the subscription was down are gone: every waiter re-reads its row.
        onResubscribed: () => this.recheckAll(),
        onError: (err) => this.log.warn({ err: err.message }, 'job outcome channel: subscribe failed'),
      });
      const s = { redis: opened.sub, ready: opened.ready };
      this.sub = s;
      s.ready.then(
        () => {
          if (this.sub === s) this.subscribed = true;
        },
        () => {
          if (this.sub === s) this.sub = undefined;
          s.redis.disconnect();
        },
      );
    }
    return this.sub.ready;
  }

  /**
   * Waits for a job's final outcome, or `undefined` after `timeoutMs`. Register the wait before the
   * job can finish (before enqueueing, or re-check the stored state after calling this).
   */
  wait(jobId: string, timeoutMs: number, opts: WaitOptions = {}): { outcome: Promise<JobOutcome | undefined>; cancel(): void } {
    let resolveFn!: (o: JobOutcome | undefined) => void;
    const outcome = new Promise<JobOutcome | undefined>((r) => (resolveFn = r));
    const set = this.pending.get(jobId) ?? new Set();
    let poll: NodeJS.Timeout | undefined;
    const w: Waiter = {
      settle: (o) => {
        clearTimeout(timer);
        clearInterval(poll);
        set.delete(w);
        if (set.size === 0 && this.pending.get(jobId) === set) this.pending.delete(jobId);
        resolveFn(o);
      },
      recheck: () => {
        void opts.check?.().then((o) => o && w.settle(o), () => undefined);
      },
    };
    set.add(w);
    this.pending.set(jobId, set);
    const timer = setTimeout(() => w.settle(undefined), timeoutMs);
    if (opts.check && opts.pollMs) poll = setInterval(w.recheck, opts.pollMs);
    return { outcome, cancel: () => w.settle(undefined) };
  }

  private onMessage(msg: string): void {
    let m: DoneMessage;
    try {
      m = JSON.parse(msg) as DoneMessage;
    } catch {
      this.log.warn('unreadable job outcome message');
      return;
    }
    const set = this.pending.get(m.jobId);
    if (!set) return;
    const o: JobOutcome = m.state === 'completed' ? { state: 'completed', result: m.result } : { state: 'failed', error: decodeJobError(m.error) };
    for (const w of [...set]) w.settle(o);
  }

  private recheckAll(): void {
    for (const set of this.pending.values()) for (const w of set) w.recheck();
  }

  async close(): Promise<void> {
    const s = this.sub;
    this.sub = undefined;
    this.subscribed = false;
    if (s) await s.redis.quit().catch(() => s.redis.disconnect());
  }
}

interface Waiter {
  settle(o: JobOutcome | undefined): void;
  recheck(): void;
}
