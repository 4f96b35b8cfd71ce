import type { Job } from 'bullmq';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition, JobPayload } from '../shared/queues/definitions';
import type { Logger } from '../shared/infra/logger';
import type { Services } from '../shared/domain/services';
import type { JobRecord } from '../shared/domain/jobs/job-store';

export interface JobContext {
  job: Job;
  /** BullMQ lock token, needed to move the job to delayed from inside the processor. */
  token?: string;
  services: Services;
  em: EntityManager;
  log: Logger;
  /** Tracked handlers: the job's row as marked active (absent if it had already finished). */
  jobRow?: JobRecord;
}

export interface JobHandler<D extends JobDefinition = JobDefinition> {
  job: D;
  /**
   * The BullMQ job id is a row in `jobs`: run-job mirrors its state there (active, retry, completed,
   * failed), so polls work after Redis has dropped the job.
   */
  tracked?: boolean;
  handle(ctx: JobContext, payload: JobPayload<D>): Promise<unknown>;
}

export function defineHandler<D extends JobDefinition>(h: JobHandler<D>): JobHandler {
  return h as unknown as JobHandler;
}
