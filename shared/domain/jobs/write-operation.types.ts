import type { EntityManager } from '@mikro-orm/postgresql';
import type { ZodTypeAny } from 'zod';
import type { Logger } from '../../infra/logger';
import type { Services } from '../services';
import type { CheckpointStore } from './checkpoint-store';
import type { JobAccount, PlatformCaller } from './platform-access';

/** What a write operation gets when a worker runs it. */
export interface WriteContext {
  jobId: string;
  /** 1 on the first run; higher when BullMQ retries after a failure or a crash. */
  attempt: number;
  em: EntityManager;
  log: Logger;
  account: JobAccount;
  checkpoint: CheckpointStore;
  platform: PlatformCaller;
  services: Services;
  /** A stable int64 string per (job, step): the same on every retry, for platform idempotency keys. */
  requestId(step: string): string;
  progress(value: unknown): Promise<void>;
}

/**
 * A named platform write run by the `platform-writes` queue. Surfaces define these next to their
 * platform code and append them to `writeOperations`; the pipeline never changes for a new write.
 */
export interface WriteOperation<P = Record<string, unknown>> {
  name: string;
  platform: string;
  /** Re-checked in the worker, so a payload written by an older api version still fails cleanly. */
  params?: ZodTypeAny;
  run(ctx: WriteContext, params: P): Promise<unknown>;
}

export function defineWriteOperation<P>(op: WriteOperation<P>): WriteOperation {
  return op as unknown as WriteOperation;
}
