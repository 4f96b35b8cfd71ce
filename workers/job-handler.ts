import type { Job } from 'bullmq';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition, JobPayload } from '../shared/queues/definitions';
import type { Logger } from '../shared/infra/logger';
import type { JobRecord } from '../shared/domain/jobs/job-store';
import type { RunClaim } from '../shared/domain/jobs/job-claim';
import type { CompletionClaim } from '../shared/domain/jobs/create-claims';

/**
 * What a run knows of its job row: the row as marked active, or, for a first run that claims the
 * row with its first write (`claim`), the copy of its run data the queue entry carries.
 */
export type RunRow = Pick<JobRecord, 'id' | 'tenantId' | 'type' | 'operation' | 'platform' | 'account' | 'params' | 'state' | 'result' | 'error' | 'requestId'>;

/**
 * What the runner gives every run. A handler's other dependencies (stores, the caller factory,
 * services) are its own: it is built by a factory that takes just those (workers/registry.ts).
 */
export interface JobContext {
  job: Job;
  /** BullMQ lock token, needed to move the job to delayed from inside the processor. */
  token?: string;
  /** Forked on first use: most handlers (every write) never touch it. */
  em: EntityManager;
  log: Logger;
  /** Tracked handlers: the job's row as marked active (absent if it had already finished). */
  jobRow?: RunRow;
  /**
   * A first run that has not claimed its row yet: everything that writes (checkpoints, platform
   * writes, progress, entities) goes through it, so the claim is taken before anything is changed.
   */
  claim?: RunClaim;
  /**
   * What the statement completing the job takes besides the outcome, set by a handler as it returns:
   * the claim of the create that ended its operation (DeferredClaims), so it needs no statement of its own.
   */
  completion: { claim?: CompletionClaim };
  /**
   * No earlier run of this job did anything, so none left checkpoints. BullMQ's `attemptsStarted`
   * counts every start, stalled ones included; starts an admission gate put back are not counted here.
   */
  firstRun: boolean;
}

export interface JobHandler<D extends JobDefinition = JobDefinition> {
  job: D;
  /**
   * The BullMQ job id is a row in `jobs`: the runner mirrors its state there (active, retry,
   * completed, failed), so polls work after Redis has dropped the job.
   */
  tracked?: boolean;
  handle(ctx: JobContext, payload: JobPayload<D>): Promise<unknown>;
  /**
   * Tracked handlers whose queue entry may carry the row's run data (a fresh write): that row, so
   * a first run starts without reading it and claims it with its first write (`JobContext.claim`).
   */
  carriedRow?(payload: JobPayload<D>): RunRow | undefined;
}

export function defineHandler<D extends JobDefinition>(h: JobHandler<D>): JobHandler {
  return h as unknown as JobHandler;
}
