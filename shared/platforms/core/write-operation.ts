import type { ZodTypeAny } from 'zod';
import type { Config } from '../../infra/config';
import type { Logger } from '../../infra/logger';
import type { AccountRef, PlatformCaller } from './caller';

/** Durable per-step state of one job (committed before the platform call it guards). */
export interface Checkpoints {
  get<T = unknown>(step: string): Promise<T | undefined>;
  set(step: string, data: unknown): Promise<void>;
  /**
   * Records `data` with the next `set`, or when the job ends without completing (the worker
   * flushes then): for state whose loss after a crash only costs a lookup, never a second create.
   */
  later(step: string, data: unknown): void;
}

/** Where an operation that stores records (an export) keeps them: the job's own entity rows. */
export interface EntitySink {
  /** Inserts or replaces records of a level by their platform id. */
  upsert(level: string, records: { id: string; data: unknown }[]): Promise<void>;
  /** Drops records of these levels the job did not see in this run. */
  pruneUnseen(levels: string[]): Promise<number>;
}

/** The job's account: the guarded ad account's ids, never a token. */
export type JobAccount = AccountRef & { id: string; ownerId?: string; loginCustomerId?: string };

/** What a write operation gets when a worker runs it: the caller and the job's step state, nothing else. */
export interface WriteContext {
  jobId: string;
  /** 1 on the first run; higher when BullMQ retries after a failure or a crash. */
  attempt: number;
  log: Logger;
  account: JobAccount;
  /** The same caller reads get from the guard: token, limiter keys and retries in one place. */
  caller: PlatformCaller;
  checkpoint: Checkpoints;
  /** Timeouts (the in-flight window of a create) and the platform's own settings. */
  config: Config;
  /** A stable int64 string per (job, step): the same on every retry, for platform idempotency keys. */
  requestId(step: string): string;
  progress(value: unknown): Promise<void>;
  /** The job's stored records (`GET /api/v1/jobs/{id}/entities`). */
  entities: EntitySink;
}

/**
 * How a create stays exactly-once across retries and crashes: the platform's idempotency key (it
 * dedupes a repeated request), or a lookup, before any retry, by a name unique to the job step.
 * Each names what it uses (the key field, where the lookup searches). A create may use both.
 */
export type ExactlyOnce = { idempotencyKey: string; lookup?: string } | { lookup: string; idempotencyKey?: string };

interface OperationBase<P> {
  /** `<platform>.<what>`; the job row stores it, so it never changes once released. */
  name: string;
  platform: string;
  /** Re-checked in the worker, so a payload written by an older api version still fails cleanly. */
  params?: ZodTypeAny;
  run(ctx: WriteContext, params: P): Promise<unknown>;
  /** An operation that stores records (an export): the `imported_entities` level its job's entities are listed from. */
  storesEntities?(params: Record<string, unknown>): string;
}

/**
 * A named platform write run by the `platform-writes` queue. A `create` must say how it stays
 * exactly-once; an `update` (status, fields) is repeatable as is; a `report` starts a platform-side
 * read whose repetition is harmless.
 */
export type WriteOperation<P = Record<string, unknown>> =
  | (OperationBase<P> & { kind: 'create'; exactlyOnce: ExactlyOnce })
  | (OperationBase<P> & { kind: 'update' | 'report' });

export function defineWriteOperation<P>(op: WriteOperation<P>): WriteOperation {
  return op as unknown as WriteOperation;
}
