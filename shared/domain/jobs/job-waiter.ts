import type { QueueEvents } from 'bullmq';
import type { AppError } from '../../errors/app-error';
import type { Logger } from '../../infra/logger';
import type { QueueBus } from '../../queues/queue-bus';
import type { QueueName } from '../../queues/definitions';
import { decodeJobError } from './job-errors';

export type JobOutcome = { state: 'completed'; result: unknown } | { state: 'failed'; error: AppError };

/**
 * Resolves waiting requests from ONE QueueEvents subscription per queue per process: a map from job
 * id to the requests waiting on it, never one listener per request.
 */
export class JobWaiter {
  private readonly pending = new Map<string, Set<(o: JobOutcome) => void>>();
  private readonly subscriptions = new Map<QueueName, Promise<QueueEvents>>();

  constructor(
    private readonly queues: QueueBus,
    private readonly log: Logger,
  ) {}

  /** Number of requests waiting right now (metrics, tests). */
  get waiting(): number {
    let n = 0;
    for (const s of this.pending.values()) n += s.size;
    return n;
  }

  /** Subscribes once per queue; resolves when events from this moment on will be seen. */
  ready(queue: QueueName): Promise<QueueEvents> {
    let sub = this.subscriptions.get(queue);
    if (!sub) {
      sub = this.subscribe(queue);
      this.subscriptions.set(queue, sub);
      sub.catch(() => this.subscriptions.delete(queue));
    }
    return sub;
  }

  private async subscribe(queue: QueueName): Promise<QueueEvents> {
    const events = await this.queues.queueEvents(queue);
    events.on('completed', ({ jobId, returnvalue }) => this.settle(jobId, { state: 'completed', result: returnvalue }));
    events.on('failed', ({ jobId, failedReason }) => this.settle(jobId, { state: 'failed', error: decodeJobError(failedReason) }));
    events.on('error', (err) => this.log.warn({ err: err.message, queue }, 'queue events error'));
    await events.waitUntilReady();
    return events;
  }

  /**
   * Waits for a job's final outcome, or `undefined` after `timeoutMs`. Register the wait before the
   * job can finish (before enqueueing, or re-check the stored state after calling this).
   */
  wait(jobId: string, timeoutMs: number): { outcome: Promise<JobOutcome | undefined>; cancel(): void } {
    let resolveFn!: (o: JobOutcome | undefined) => void;
    const outcome = new Promise<JobOutcome | undefined>((r) => (resolveFn = r));
    const set = this.pending.get(jobId) ?? new Set();
    const done = (o: JobOutcome | undefined) => {
      clearTimeout(timer);
      set.delete(done);
      if (set.size === 0 && this.pending.get(jobId) === set) this.pending.delete(jobId);
      resolveFn(o);
    };
    set.add(done);
    this.pending.set(jobId, set);
    const timer = setTimeout(() => done(undefined), timeoutMs);
    return { outcome, cancel: () => done(undefined) };
  }

  private settle(jobId: string, o: JobOutcome): void {
    const set = this.pending.get(jobId);
    if (!set) return;
    for (const fn of [...set]) fn(o);
  }
}
