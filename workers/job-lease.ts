import { randomUUID } from 'node:crypto';
import type { JobStore } from '../shared/domain/jobs/job-store';

/**
 * A run's lease on its job row. The lease makes a second copy of a running job wait instead of
 * running alongside it: the reconciler re-adds a job whose queue entry Redis lost while a live
 * worker may still run it. A heartbeat keeps it while the run goes on.
 */
export class RowLease {
  readonly owner = randomUUID();
  private heartbeat?: NodeJS.Timeout;
  private over = false;

  constructor(
    private readonly store: JobStore,
    private readonly jobId: string,
    readonly ms: number,
  ) {}

  get terms(): { owner: string; ms: number } {
    return { owner: this.owner, ms: this.ms };
  }

  /** Starts the heartbeat once the lease is held. A claim taken after the run (a write the operation did not wait for) is left to expire. */
  keepAlive(): void {
    if (this.over || this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.store.renewLease(this.jobId, this.owner, this.ms).catch(() => undefined), Math.max(250, this.ms / 3));
  }

  /** The run is over: no more renewals. */
  stop(): void {
    this.over = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
  }

  /** Drops the lease; a run whose finish already dropped it (in the finishing statement) does not call this. */
  async release(): Promise<void> {
    await this.store.releaseLease(this.jobId, this.owner).catch(() => undefined);
  }
}
