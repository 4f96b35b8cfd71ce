export { Job } from './job.entity';
export { IdempotencyRecord } from './idempotency-record.entity';
export { ImportedEntity } from './imported-entity.entity';
export { JobCheckpoint } from './job-checkpoint.entity';
