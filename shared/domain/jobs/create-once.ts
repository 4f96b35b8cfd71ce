import { createHash } from 'node:crypto';
import type { WriteContext } from './write-operation.types';

/** A positive int64 in decimal (TikTok `request_id` format), derived from the job and step. */
export function stableRequestId(jobId: string, step: string): string {
  const h = createHash('sha256').update(`${jobId}:${step}`).digest();
  return (h.readBigUInt64BE(0) & 0x7fffffffffffffffn).toString();
}

interface StepCheckpoint<T> {
  state: 'calling' | 'done';
  requestId: string;
  result?: T;
}

export interface CreateOnceOptions<T> {
  /** Makes the platform call; `requestId` is the same on every attempt of this step. */
  create(requestId: string): Promise<T>;
  /**
   * Looks up an object an earlier attempt may have created (by the name or tag the job set).
   * Required unless the platform dedupes `requestId` itself.
   */
  find?(): Promise<T | undefined>;
}

/**
 * Runs a platform create at most once across retries and crashes. The "calling" mark is committed
 * before the call and the result after it; a retry that finds the mark without a result looks the
 * object up first (or relies on the platform's idempotency key) instead of creating a second one.
 */
export async function createOnce<T>(ctx: WriteContext, step: string, o: CreateOnceOptions<T>): Promise<T> {
  const prev = await ctx.checkpoint.get<StepCheckpoint<T>>(step);
  if (prev?.state === 'done') return prev.result as T;
  const requestId = prev?.requestId ?? ctx.requestId(step);
  if (prev?.state === 'calling' && o.find) {
    const found = await o.find();
    if (found !== undefined) {
      ctx.log.info({ step }, 'found the object an earlier attempt created; not creating again');
      await ctx.checkpoint.set(step, { state: 'done', requestId, result: found });
      return found;
    }
  }
  await ctx.checkpoint.set(step, { state: 'calling', requestId });
  const result = await o.create(requestId);
  await ctx.checkpoint.set(step, { state: 'done', requestId, result });
  return result;
}
