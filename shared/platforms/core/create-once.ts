import { createHash } from 'node:crypto';
import { RunLaterError } from '../../errors/run-later';
import type { CreateLookupStyle, WriteContext } from './write-operation';
import { claimOwn, claimRefused, madeSince, signatureOf, stepName, unconfirmed, type Candidate } from './create-lookup';

export { stepName, STEP_TAG_LENGTH } from './create-lookup';

/** A positive int64 in decimal (TikTok `request_id` format), derived from the job and step. */
export function stableRequestId(jobId: string, step: string): string {
  const h = createHash('sha256').update(`${jobId}:${step}`).digest();
  return (h.readBigUInt64BE(0) & 0x7fffffffffffffffn).toString();
}


/**
 * `calling`: the step may have reached the platform. `sentAt` is set while a request of the step is
 * on the wire without an answer yet (a crash then leaves it set); it is cleared when the platform
 * answers with an error, because an answered request is no longer in flight. `firstSentAt` and
 * `lastSentAt` are never cleared: they bound the created time of what the step may have made.
 */
interface StepCheckpoint<T> {
  state: 'calling' | 'done';
  requestId: string;
  sentAt?: number;
  firstSentAt?: number;
  lastSentAt?: number;
  /** The names the create sends (the caller's, or tagged), the same on every attempt. */
  names?: string[];
  /** One per name: what the steps of identical creates share (create-lookup.ts). */
  sigs?: string[];
  result?: T;
}

/** Hooks the HTTP client calls around each send of the create (see PlatformRequest). */
export interface WireHooks {
  onSend(): Promise<void>;
  onSettled(): Promise<void>;
}

/**
 * How an object made by an earlier attempt is found again, for a platform without an idempotency
 * key. One entry in `names` per object the create makes.
 */
export interface NamedLookup<T> {
  /** The caller's names, sent byte for byte unless the tenant chose tagged names. */
  names: string[];
  /** The platform's limit on a name (a tagged name is shortened to fit). */
  maxName: number;
  /** What, besides its name, tells object `i` apart: its kind, its parent, its objective. */
  fields(i: number): Record<string, unknown>;
  /**
   * The objects carrying each of `names` (one list per name) whose distinguishing fields equal the
   * create's, with their created time where the platform gives one. Reads a bounded number of
   * pages; past them it throws CREATE_UNCONFIRMED rather than answer "not there".
   */
  find(names: string[]): Promise<Candidate[][]>;
  /** The platform ids a successful create returned, in the order of `names`. */
  idsOf(result: T): string[];
  /** The step's result from the objects found, in the order of `names`. */
  resultOf(found: Candidate[], names: string[]): T;
}

/** What a create that makes one object needs for its lookup (see NamedLookup). */
export interface SingleLookup<T> {
  name: string;
  maxName: number;
  fields: Record<string, unknown>;
  /** The objects carrying `name` whose distinguishing fields equal the create's. */
  find(name: string): Promise<Candidate[]>;
  idOf(result: T): string;
  /** The step's result from the object found under `name`. */
  resultOf(found: Candidate, name: string): T;
}

/** The NamedLookup of a create that makes one object. */
export function singleLookup<T>(o: SingleLookup<T>): NamedLookup<T> {
  return {
    names: [o.name],
    maxName: o.maxName,
    fields: () => o.fields,
    find: async ([name = o.name]) => [await o.find(name)],
    idsOf: (r) => [o.idOf(r)],
    resultOf: ([found], [name = o.name]) => o.resultOf(found ?? { id: '' }, name),
  };
}

export interface CreateOnceOptions<T> {
  /**
   * Makes the platform call; `requestId` is the same on every attempt of this step, `names` are the
   * names to send (in the order of `lookup.names`). `wire` must be passed to the platform request
   * so the checkpoint knows when a request is in flight.
   */
  create(requestId: string, wire: WireHooks, names: string[]): Promise<T>;
  /** Required unless the platform dedupes `requestId` itself or a second object is harmless. */
  lookup?: NamedLookup<T>;
}

/**
 * Thrown when an earlier attempt's request may still be running at the platform: the job is put
 * back until `untilMs`, when that request has surely ended and a lookup can see what it made.
 */
export class StepInFlightError extends RunLaterError {
  constructor(
    readonly step: string,
    untilMs: number,
  ) {
    super(untilMs, 'an earlier request of this create may still be in flight', `step ${step}: an earlier request may still be in flight`);
  }
}

/**
 * The longest one create can stay at the platform after we sent it: our connect timeout plus the
 * response timeout of every attempt the HTTP client may make.
 */
export function inFlightWindowMs(ctx: Pick<WriteContext, 'config'>): number {
  const c = ctx.config;
  return c.HTTP_CONNECT_TIMEOUT_MS + c.HTTP_RESPONSE_TIMEOUT_MS * (c.HTTP_MAX_RETRIES + 1);
}

/**
 * Runs a platform create at most once across retries and crashes. The "calling" mark, with the
 * send time, is committed as each request goes on the wire (the HTTP client calls `wire.onSend`
 * inside its limiter slot, just before sending), so nothing can reach the platform unmarked; the
 * result is kept for the next checkpoint write (or dropped when the job completes, whose row then
 * holds the outcome). A retry that finds the mark without a result first waits out any request
 * that may still be in flight, then looks the object up (or relies on the platform's idempotency
 * key) instead of creating a second one. What a lookup-based create makes is claimed for the step.
 */
export async function createOnce<T>(ctx: WriteContext, step: string, o: CreateOnceOptions<T>): Promise<T> {
  const prev = await ctx.checkpoint.get<StepCheckpoint<T>>(step);
  if (prev?.state === 'done') return prev.result as T;
  const l = o.lookup;
  const names = l ? (prev?.names ?? (await namesToSend(ctx, step, l, prev))) : [];
  const mark: StepCheckpoint<T> = {
    ...prev,
    state: 'calling',
    requestId: prev?.requestId ?? ctx.requestId(step),
    ...(l ? { names, sigs: names.map((name, i) => signatureOf(ctx.account, { name, fields: l.fields(i) })) } : {}),
  };
  delete mark.sentAt;
  if (prev?.state === 'calling') {
    if (prev.sentAt !== undefined) {
      const settledAt = prev.sentAt + inFlightWindowMs(ctx);
      if (Date.now() < settledAt) throw new StepInFlightError(step, settledAt);
    }
    const found = l ? await findOwn(ctx, step, l, mark) : undefined;
    if (found !== undefined) {
      ctx.log.info({ step }, 'found the object an earlier attempt created; not creating again');
      ctx.checkpoint.later(step, { ...mark, state: 'done', result: found });
      return found;
    }
  }
  let sent = false;
  const wire: WireHooks = {
    onSend: async () => {
      const now = Date.now();
      mark.firstSentAt ??= now;
      mark.lastSentAt = now;
      await ctx.checkpoint.set(step, { ...mark, sentAt: now });
      sent = true;
    },
    onSettled: () => ctx.checkpoint.set(step, mark),
  };
  const result = await o.create(mark.requestId, wire, names);
  // A create that bypassed its wire hooks went out unmarked: a crash would have left no trace.
  if (!sent) ctx.log.error({ step }, 'create did not pass its wire hooks to the platform call');
  if (l) await claimCreated(ctx, step, l.idsOf(result));
  ctx.checkpoint.later(step, { ...mark, state: 'done', result });
  return result;
}

/**
 * The caller's names, or tagged ones when the tenant chose tagged names. A mark left by an earlier
 * version without names was made with tagged names, which is what its object carries.
 */
async function namesToSend<T>(ctx: WriteContext, step: string, l: NamedLookup<T>, prev: StepCheckpoint<T> | undefined): Promise<string[]> {
  const style: CreateLookupStyle = prev ? 'tagged-name' : await ctx.createLookup();
  if (style === 'name-and-time') return l.names;
  return l.names.map((n, i) => stepName(ctx.jobId, l.names.length > 1 ? `${step}:${i}` : step, n, l.maxName));
}

/**
 * The objects an earlier attempt made: matched by the lookup on names and fields, made between the
 * step's first send (less the clock skew) and the end of its last request's in-flight window, and
 * claimed for the step. All found: the step's result; none: undefined (create again); some: the
 * earlier create cannot be confirmed, so nothing more is made.
 */
async function findOwn<T>(ctx: WriteContext, step: string, l: NamedLookup<T>, mark: StepCheckpoint<T>): Promise<T | undefined> {
  const names = mark.names ?? [];
  const sigs = mark.sigs ?? [];
  const lists = await l.find(names);
  const skew = ctx.config.CREATE_LOOKUP_CLOCK_SKEW_MS;
  const until = (mark.lastSentAt ?? Date.now()) + inFlightWindowMs(ctx) + skew;
  const found: Candidate[] = [];
  for (const [i, list] of lists.entries()) {
    const inWindow = madeSince(list, mark.firstSentAt ?? 0, skew).filter((c) => c.createdAt === undefined || c.createdAt <= until);
    const taken = new Set(found.map((c) => c.id));
    const own = await claimOwn(ctx.claims, step, sigs[i] ?? '', inWindow.filter((c) => !taken.has(c.id)));
    if (own) found.push(own);
  }
  if (!found.length) return undefined;
  if (found.length < names.length) throw unconfirmed(`${found.length} of the ${names.length} objects of this create were found`, found.map((c) => c.id));
  return l.resultOf(found, names);
}

/**
 * A fresh object is claimed before the run does anything else: a concurrent lookup of an identical
 * create never takes it after this. Claims that can ride with the run's next write (`later`) do;
 * until then the step's send mark stands for it, as a crash right after the answer would leave it.
 */
async function claimCreated(ctx: WriteContext, step: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  if (ctx.claims.later) return ctx.claims.later(step, ids);
  if (!(await ctx.claims.claim(step, ids))) throw claimRefused(ids);
}
