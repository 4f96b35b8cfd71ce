import { createHash } from 'node:crypto';
import type { WriteContext } from './write-operation';

/** A positive int64 in decimal (TikTok `request_id` format), derived from the job and step. */
export function stableRequestId(jobId: string, step: string): string {
  const h = createHash('sha256').update(`${jobId}:${step}`).digest();
  return (h.readBigUInt64BE(0) & 0x7fffffffffffffffn).toString();
}

const TAG_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** Length of the ` #xxxxxxxx` a lookup-safe name gets: DTOs keep their name limits this much shorter. */
export const STEP_TAG_LENGTH = 10;

/**
 * The name an object is created with when the platform has no idempotency key: the caller's name
 * plus a tag derived from the job and step (40 bits), so the crash lookup can never take another
 * object (the user's own, or another job's with the same name) for this step's.
 */
export function stepName(jobId: string, step: string, name: string): string {
  const h = createHash('sha256').update(`name:${jobId}:${step}`).digest();
  let tag = '';
  for (let i = 0; i < STEP_TAG_LENGTH - 2; i++) tag += TAG_ALPHABET[h[i]! & 31];
  return `${name} #${tag}`;
}

/**
 * `calling`: the step may have reached the platform. `sentAt` is set while a request of the step is
 * on the wire without an answer yet (a crash then leaves it set); it is cleared when the platform
 * answers with an error, because an answered request is no longer in flight.
 */
interface StepCheckpoint<T> {
  state: 'calling' | 'done';
  requestId: string;
  sentAt?: number;
  result?: T;
}

/** Hooks the HTTP client calls around each send of the create (see PlatformRequest). */
export interface WireHooks {
  onSend(): Promise<void>;
  onSettled(): Promise<void>;
}

export interface CreateOnceOptions<T> {
  /**
   * Makes the platform call; `requestId` is the same on every attempt of this step. `wire` must be
   * passed to the platform request so the checkpoint knows when a request is in flight.
   */
  create(requestId: string, wire: WireHooks): Promise<T>;
  /**
   * Looks up an object an earlier attempt may have created (by the step's tagged name). Required
   * unless the platform dedupes `requestId` itself or a second object is harmless.
   */
  find?(): Promise<T | undefined>;
}

/**
 * Thrown when an earlier attempt's request may still be running at the platform: the job is put
 * back until `untilMs`, when that request has surely ended and a lookup can see what it made.
 */
export class StepInFlightError extends Error {
  constructor(
    readonly step: string,
    readonly untilMs: number,
  ) {
    super(`step ${step}: an earlier request may still be in flight`);
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
 * key) instead of creating a second one.
 */
export async function createOnce<T>(ctx: WriteContext, step: string, o: CreateOnceOptions<T>): Promise<T> {
  const prev = await ctx.checkpoint.get<StepCheckpoint<T>>(step);
  if (prev?.state === 'done') return prev.result as T;
  const requestId = prev?.requestId ?? ctx.requestId(step);
  if (prev?.state === 'calling') {
    if (prev.sentAt !== undefined) {
      const settledAt = prev.sentAt + inFlightWindowMs(ctx);
      if (Date.now() < settledAt) throw new StepInFlightError(step, settledAt);
    }
    if (o.find) {
      const found = await o.find();
      if (found !== undefined) {
        ctx.log.info({ step }, 'found the object an earlier attempt created; not creating again');
        ctx.checkpoint.later(step, { state: 'done', requestId, result: found });
        return found;
      }
    }
  }
  const calling: StepCheckpoint<T> = { state: 'calling', requestId };
  let sent = false;
  const wire: WireHooks = {
    onSend: async () => {
      await ctx.checkpoint.set(step, { ...calling, sentAt: Date.now() });
      sent = true;
    },
    onSettled: () => ctx.checkpoint.set(step, calling),
  };
  const result = await o.create(requestId, wire);
  // A create that bypassed its wire hooks went out unmarked: a crash would have left no trace.
  if (!sent) ctx.log.error({ step }, 'create did not pass its wire hooks to the platform call');
  ctx.checkpoint.later(step, { state: 'done', requestId, result });
  return result;
}
