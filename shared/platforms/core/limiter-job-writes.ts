import { performance } from 'node:perf_hooks';
import { RunLaterError } from '../../errors/run-later';
import type { Logger } from '../../infra/logger';
import type { JobRunContext } from './job-run-context';
import type { BudgetLog } from './limiter-log';
import type { Deferral, LimitKey } from './limiter-types';
import { newMember, type Attempt, type ReservedRule, type WindowRule } from './window-log';

/** What a job's write needs of the limiter: its budgets' log, its wait bounds, and how a grant and a deferral are told. */
export interface JobWriteDeps {
  log: BudgetLog;
  /** WRITE_SLOT_WAIT_MS: the longest one wait inside the worker slot. */
  slotWaitMs: number;
  /** A grant older than this when it reaches the caller is re-taken. */
  staleMs: number;
  logger: Logger;
  onDefer?: (d: Deferral) => void;
  /** Tells of the grant and starts the call. */
  launch<T>(k: LimitKey, rules: WindowRule[], a: Attempt & { shared: boolean }, fn: () => Promise<T>, job: { jobId: string; reserved: boolean }): Promise<T>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The limiter's path for a job run's first write, which waits briefly or comes back later on a reservation. */
export class JobWrites {
  constructor(private readonly deps: JobWriteDeps) {}

  /**
   * A write made from a job run (docs/architecture.md, "Write reservations"): it waits in its
   * worker slot only briefly (`writeSlotWaitMs` per wait, twice that in all). Longer, and it throws
   * RunLaterError: for a budget, with the time of its reservation, taken in Redis in arrival order
   * and spaced at the budget's rate, which its job's next run (any replica) goes on; for a pause,
   * with the pause's end. Nothing was sent then (`fn` was not called).
   */
  async run<T>(k: LimitKey, job: JobRunContext, fn: () => Promise<T>, known: number | Promise<number>, rules: ReservedRule[]): Promise<T> {
    const paused = typeof known === 'number' ? known : await known;
    if (paused > this.deps.slotWaitMs) {
      const now = Date.now();
      throw this.defer(k, rules, job, { at: now, waitMs: paused, reserved: false, shared: false }, `waiting out the ${k.platform} pause`);
    }
    if (paused > 0) await sleep(paused);
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
      const d = retaking ? { ...(await this.deps.log.take(rules, member)), reserved: false, held: false } : await this.deps.log.reserve(rules, member, job.jobId);
      if (d.granted) {
        onReservation ||= d.held;
        if (d.shared && performance.now() - sent > this.deps.staleMs && ++stale <= 2) {
          retaking = true;
          continue;
        }
        job.sentWrite = true;
        return this.deps.launch(k, rules, d, fn, { jobId: job.jobId, reserved: onReservation });
      }
      if (d.waitMs <= this.deps.slotWaitMs && waited + d.waitMs <= 2 * this.deps.slotWaitMs) {
        waited += d.waitMs;
        await sleep(d.waitMs);
        continue;
      }
      throw this.defer(k, rules, job, d, reason);
    }
  }

  /** The RunLaterError a deferred job write throws (its time on this process's clock). */
  private defer(k: LimitKey, rules: WindowRule[], job: JobRunContext, d: { at: number; waitMs: number; reserved: boolean; shared: boolean }, reason: string): RunLaterError {
    this.deps.onDefer?.({ platform: k.platform, keys: rules.map((r) => r.key), jobId: job.jobId, at: d.at, goAt: d.at + d.waitMs, reserved: d.reserved, shared: d.shared });
    this.deps.logger.debug({ platform: k.platform, jobId: job.jobId, waitMs: d.waitMs, reserved: d.reserved }, 'job write deferred');
    return new RunLaterError(Date.now() + d.waitMs, reason);
  }
}
