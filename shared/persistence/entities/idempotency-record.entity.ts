import { EntitySchema } from '@mikro-orm/core';

/** An Idempotency-Key seen from one caller: the body it came with and the job it started (24 h). */
export interface IdempotencyRecord {
  tenantId: string;
  ownerKey: string;
  key: string;
  requestHash: string;
  jobId: string;
  createdAt: Date;
  expiresAt: Date;
}

export const IdempotencyRecord = new EntitySchema<IdempotencyRecord>({
  name: 'IdempotencyRecord',
  tableName: 'idempotency_records',
  properties: {
    tenantId: { type: 'uuid', primary: true },
    ownerKey: { type: 'string', primary: true },
    key: { type: 'string', primary: true },
    requestHash: { type: 'string' },
    jobId: { type: 'uuid' },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
