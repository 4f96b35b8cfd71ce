import { EntitySchema } from '@mikro-orm/core';

/** Durable progress of one step of a job, written before and after each platform call. */
export interface JobCheckpoint {
  jobId: string;
  step: string;
  data: unknown;
  updatedAt: Date;
}

export const JobCheckpoint = new EntitySchema<JobCheckpoint>({
  name: 'JobCheckpoint',
  tableName: 'job_checkpoints',
  properties: {
    jobId: { type: 'uuid', primary: true },
    step: { type: 'string', primary: true },
    data: { type: 'json' },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
