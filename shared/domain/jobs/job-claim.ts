import { AppError } from '../../errors/app-error';
import type { JobStore } from './job-store';
import type { PlatformCaller } from '../../platforms/core/caller';
import type { EntitySink } from '../../platforms/core/write-operation';

export type ClaimRefusal = { finished: true } | { leasedForMs: number };

/** A write of a run whose claim was refused: the run must stop (the worker settles it from the refusal). */
export class ClaimRefused extends AppError {
  constructor() {
    super('SERVICE_UNAVAILABLE', 'This job is run elsewhere or has ended');
  }
}

/**
 * A first run's claim on its job row (the lease, `active`, the attempt), taken with the run's first
 * write instead of as a statement of its own at the start. Until then the run only reads (its row's
 * data came with the queue entry): the first checkpoint write claims in the same statement (a
 * create's "calling" mark), anything else that writes (a platform write without checkpoint, progress,
 * stored entities, the job's end) claims first with `ensure`. A refused claim stops the run before
 * that write, as a refused markActive would have before the run: nothing is written or sent.
 */
export class RunClaim {
  private state: 'pending' | 'held' | ClaimRefusal = 'pending';
  private taking?: Promise<void>;

  constructor(
    private readonly store: JobStore,
    readonly jobId: string,
    readonly lease: { owner: string; ms: number },
    /** Called once the claim is held (the worker then keeps the lease alive). */
    private readonly onHeld: () => void,
  ) {}

  get held(): boolean {
    return this.state === 'held';
  }

  /** Why the claim was refused; undefined while pending or held. */
  get refusal(): ClaimRefusal | undefined {
    return typeof this.state === 'object' ? this.state : undefined;
  }

  /** Takes the claim (a statement of its own) unless it is held; ClaimRefused when refused. */
  ensure(): Promise<void> {
    return this.write([], async () => undefined);
  }

  /**
   * Writes checkpoint rows: with the claim in the same statement while it is pending, else as
   * `plain` does. One write at a time takes the claim; a concurrent one waits for it, then writes
   * plainly (a second claiming statement would count the attempt twice).
   */
  async write(checkpoints: [string, unknown][], plain: () => Promise<void>): Promise<void> {
    for (;;) {
      if (this.state === 'held') return plain();
      if (this.state !== 'pending') throw new ClaimRefused();
      if (this.taking) {
        await this.taking.catch(() => undefined);
        continue;
      }
      const taking = this.store.claim(this.jobId, this.lease, checkpoints).then((r) => {
        if (!('claimed' in r)) {
          this.state = r;
          return;
        }
        this.state = 'held';
        this.onHeld();
      });
      this.taking = taking;
      try {
        await taking;
      } finally {
        this.taking = undefined;
      }
      if (!this.held) throw new ClaimRefused();
      return;
    }
  }
}

/**
 * The run's caller with the claim taken before any platform write: a checkpointed create's claim
 * rides with its "calling" mark (`wire.onSend`, whose checkpoint write claims); any other write
 * claims first. Reads pass as they are.
 */
export function claimingCaller(caller: PlatformCaller, claim: RunClaim): PlatformCaller {
  return {
    ref: caller.ref,
    app: () => caller.app(),
    forAccount: (a) => claimingCaller(caller.forAccount(a), claim),
    async request<T>(req: Parameters<PlatformCaller['request']>[0]): Promise<T> {
      const kind = req.kind ?? (req.method === 'GET' ? 'read' : 'write');
      if (kind !== 'write' || claim.held) return caller.request<T>(req);
      const wire = req.wire;
      if (!wire) {
        await claim.ensure();
        return caller.request<T>(req);
      }
      return caller.request<T>({
        ...req,
        wire: {
          onSend: async () => {
            await wire.onSend();
            await claim.ensure();
          },
          onSettled: () => wire.onSettled(),
        },
      });
    },
  };
}

/** Stored entities are written only under the claim. */
export function claimingSink(sink: EntitySink, claim: RunClaim): EntitySink {
  return {
    upsert: async (level, records) => {
      await claim.ensure();
      return sink.upsert(level, records);
    },
    pruneUnseen: async (levels) => {
      await claim.ensure();
      return sink.pruneUnseen(levels);
    },
  };
}
