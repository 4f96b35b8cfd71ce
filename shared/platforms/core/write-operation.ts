import type { z, ZodType, ZodTypeAny, ZodTypeDef } from 'zod';
import type { Config } from '../../infra/config';
import type { Logger } from '../../infra/logger';
import type { AccountRef, PlatformCaller } from './caller';
import type { WriteSafety } from './write-safety';

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

/**
 * How a create without a platform idempotency key is found again after a crash (a tenant setting):
 * - `name-and-time`: the object keeps the caller's name byte for byte; the lookup matches that name,
 *   the create's distinguishing fields, a created time at or after the step's first send, and
 *   skips objects another job step has claimed (create-lookup.ts).
 * - `tagged-name`: the name gets a tag unique to the job step (` #xxxxxxxx`), so the lookup can
 *   never take another object, at the price of a visible marker.
 */
export const CREATE_LOOKUP_STYLES = ['name-and-time', 'tagged-name'] as const;
export type CreateLookupStyle = (typeof CREATE_LOOKUP_STYLES)[number];

/** A value of `CreateClaims.holders` for an object a step of another job holds. */
export const ANOTHER_JOB = '\u0000another job';

/**
 * Which job step holds which platform object as its create's result (one holder per object), so a
 * crash lookup never takes an object another job made or found.
 */
export interface CreateClaims {
  /**
   * Who holds `ids`, and how many other steps could have made them, read at one moment: read
   * apart, a claim taken between the two reads would count neither as held nor as pending.
   */
  standing(ids: string[], signature: string): Promise<ClaimStanding>;
  /** Takes every one of `ids` for this job's `step`; false (and nothing taken) when one is held by another step. */
  claim(step: string, ids: string[]): Promise<boolean>;
  /**
   * Where given: takes the claim with the run's next write instead of a statement of its own (the
   * job's completion, or before anything else the run does); a refusal then fails the job with
   * CREATE_UNCONFIRMED, as `claim` returning false does.
   */
  later?(step: string, ids: string[]): void;
}

export interface ClaimStanding {
  /** The holders of those of the ids that are held: this job's step name, or ANOTHER_JOB. */
  holders: Map<string, string>;
  /**
   * Create steps of other unfinished jobs with the signature that may have reached the platform
   * (a request sent without an answer) and hold no object yet.
   */
  pendingOthers: number;
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
  /** The objects job steps hold as their results (create-once.ts). */
  claims: CreateClaims;
  /** The tenant's choice of how a create without an idempotency key is found again (create-lookup.ts). */
  createLookup(): Promise<CreateLookupStyle>;
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

/** `spend` and `currentBudgets` (write-safety.ts) feed the tenant's guardrails; an operation that moves no money declares neither. */
interface OperationBase<In, Out> extends WriteSafety<Out> {
  /** `<platform>.<what>`; the job row stores it, so it never changes once released. */
  name: string;
  platform: string;
  /**
   * Re-checked in the worker, so a payload written by an older api version still fails cleanly. Its
   * input type is what a route submits as the job's params (`OperationParams`), its output what `run` gets.
   */
  params?: ZodType<Out, ZodTypeDef, In>;
  run(ctx: WriteContext, params: Out): Promise<unknown>;
  /** An operation that stores records (an export): the `imported_entities` level its job's entities are listed from. */
  storesEntities?(params: Record<string, unknown>): string;
  /**
   * The existing platform objects the write changes (e.g. `campaign:123`), from its params as
   * submitted: writes to one object run in the order they were accepted. Only an operation that
   * changes named objects (an update) declares it; the same object must get the same name in every
   * operation of the platform that changes it.
   */
  targets?(params: In): string[];
}

/** How a write stays safe to run again: declared by the operation itself, never by the route that submits it. */
type Declared = { kind: 'create'; exactlyOnce: ExactlyOnce } | { kind: 'update' | 'report' };

/**
 * A named platform write run by the `platform-writes` queue. A `create` must say how it stays
 * exactly-once; an `update` (status, fields) is repeatable as is; a `report` starts a platform-side
 * read whose repetition is harmless. `In` is the params a job is submitted with (the params
 * schema's input), `Out` what `run` gets (its output); `WriteOperation` alone is any operation (the
 * module lists, the worker's lookup).
 */
export type WriteOperation<In = any, Out = In> = OperationBase<In, Out> & Declared;

/** The params a job of `O` is submitted with: exactly the input of its params schema. */
export type OperationParams<O> = O extends WriteOperation<infer In, any> ? In : never;

/** An operation typed by its params schema: `run` gets the schema's output. */
type TypedDefinition<S extends ZodTypeAny> = Declared & Omit<OperationBase<z.input<S>, z.output<S>>, 'params'> & { params: S };

/**
 * Keeps the operation's params types, from its `params` schema (a route then has to submit exactly
 * the schema's input, `OperationParams`), or from a type argument: an operation typed by hand, its
 * params checked against the schema (if any) at run time only.
 */
export function defineWriteOperation<S extends ZodTypeAny>(op: TypedDefinition<S>): WriteOperation<z.input<S>, z.output<S>>;
export function defineWriteOperation<P>(op: Declared & Omit<OperationBase<P, P>, 'params'> & { params?: ZodTypeAny }): WriteOperation<P, P>;
export function defineWriteOperation(op: WriteOperation): WriteOperation {
  return op;
}
