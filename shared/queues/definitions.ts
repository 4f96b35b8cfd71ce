import type { z, ZodTypeAny } from 'zod';
import type { JobsOptions } from 'bullmq';

export const QUEUE_NAMES = ['platform-writes', 'imports', 'maintenance', 'webhooks'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** A typed job: its queue, name and payload schema. Payloads carry ids, never tokens. */
export interface JobDefinition<S extends ZodTypeAny = ZodTypeAny> {
  queue: QueueName;
  name: string;
  payload: S;
  defaults?: JobsOptions;
}

export type JobPayload<D extends JobDefinition> = z.infer<D['payload']>;

export function defineJob<S extends ZodTypeAny>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
