import type { AppError } from '../../errors/app-error';
import { claimRefused } from '../../platforms/core/create-lookup';
import type { PlatformCaller } from '../../platforms/core/caller';
import type { Checkpoints, ClaimStanding, CreateClaims, EntitySink } from '../../platforms/core/write-operation';
import type { CompletionClaim, CreateClaimStore } from './create-claims';

/**
 * A job run's create claims (create-once.ts) taken with its next write instead of a statement of
 * their own: a create that ends its operation has its claim taken by the statement completing the
 * job (`forCompletion`, JobStore.markCompleted); anything else the run does after a create (another
 * platform write, a checkpoint, stored entities, progress, a lookup's reads of the claims) takes the
 * pending claims first (`flush`), as an immediate claim would have been taken before it. Until then
 * the step's send mark stands for the claim, as after a crash right after the platform's answer.
 */
export class DeferredClaims implements CreateClaims {
  private pending: { step: string; ids: string[] }[] = [];
  private refused?: AppError;

  constructor(private readonly store: CreateClaimStore) {}

  later(step: string, ids: string[]): void {
    this.pending.push({ step, ids: [...new Set(ids)] });
  }

  /** Takes every pending claim; CREATE_UNCONFIRMED when one is refused (then, and ever after). */
  async flush(): Promise<void> {
    if (this.refused) throw this.refused;
    while (this.pending.length) {
      const [c] = this.pending;
      if (!(await this.store.claim(c!.step, c!.ids))) {
        this.pending = [];
        throw (this.refused = claimRefused(c!.ids));
      }
      this.pending.shift();
    }
  }

  /** The last pending claim, for the statement that completes the job; any earlier one is taken now. */
  async forCompletion(): Promise<CompletionClaim | undefined> {
    const last = this.pending.pop();
    await this.flush();
    if (!last) return undefined;
    const { tenantId, platform, jobId } = this.store;
    return { tenantId, platform, jobId, step: last.step, objectIds: last.ids };
  }

  async standing(ids: string[], signature: string): Promise<ClaimStanding> {
    await this.flush();
    return this.store.standing(ids, signature);
  }

  async claim(step: string, ids: string[]): Promise<boolean> {
    await this.flush();
    return this.store.claim(step, ids);
  }
}

/** The run's caller with pending claims taken before any platform write. */
export function flushingCaller(caller: PlatformCaller, claims: DeferredClaims): PlatformCaller {
  return {
    ref: caller.ref,
    app: () => caller.app(),
    forAccount: (a) => flushingCaller(caller.forAccount(a), claims),
    async request<T>(req: Parameters<PlatformCaller['request']>[0]): Promise<T> {
      const kind = req.kind ?? (req.method === 'GET' ? 'read' : 'write');
      if (kind === 'write') await claims.flush();
      return caller.request<T>(req);
    },
  };
}

/** Checkpoint writes take pending claims first. */
export function flushingCheckpoints(checkpoints: Checkpoints, claims: DeferredClaims): Checkpoints {
  return {
    get: <T>(step: string) => checkpoints.get<T>(step),
    set: async (step, data) => {
      await claims.flush();
      return checkpoints.set(step, data);
    },
    later: (step, data) => checkpoints.later(step, data),
  };
}

/** Stored entities take pending claims first. */
export function flushingSink(sink: EntitySink, claims: DeferredClaims): EntitySink {
  return {
    upsert: async (level, records) => {
      await claims.flush();
      return sink.upsert(level, records);
    },
    pruneUnseen: async (levels) => {
      await claims.flush();
      return sink.pruneUnseen(levels);
    },
  };
}
