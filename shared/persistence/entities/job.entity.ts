import { EntitySchema } from '@mikro-orm/core';

export type JobState = 'queued' | 'active' | 'completed' | 'failed';
/** `report`: a cross-platform report too big to answer directly (docs/reports.md); it names no single account. */
export type JobType = 'write' | 'import' | 'report';

/** Ids of the ad account a job acts on (no tokens): a snapshot taken when the request passed the guard. */
export interface JobAccountSnapshot {
  id: string;
  tenantId: string;
  platform: string;
  platformAccountId: string;
  connectionId: string;
  ownerId?: string;
  loginCustomerId?: string;
}

export interface StoredJobError {
  code: string;
  message: string;
  details?: unknown[];
  retryAfter?: number;
  /** The platform's own error object of a proxied write (docs/proxy.md). */
  platform?: unknown;
}

/** The Postgres mirror of a queued write or import: polls read it, so it outlives Redis retention. */
export interface Job {
  id: string;
  tenantId: string;
  /** Who may read it: `eu:<externalUserId>`, `key:<apiKeyId>` or `tu:<tenantUserId>`. */
  ownerKey: string;
  type: JobType;
  operation: string;
  platform: string;
  queue: string;
  adAccountId?: string;
  platformAccountId?: string;
  account?: JobAccountSnapshot;
  /** The operation's input as validated by the route (never tokens). */
  params?: Record<string, unknown>;
  state: JobState;
  progress?: unknown;
  attempts: number;
  result?: unknown;
  error?: StoredJobError;
  dedupKey?: string;
  requestHash?: string;
  /** The x-request-id of the HTTP request that created the job. */
  requestId?: string;
  createdAt: Date;
  startedAt?: Date;
  finishedAt?: Date;
  updatedAt: Date;
}

export const Job = new EntitySchema<Job>({
  name: 'Job',
  tableName: 'jobs',
  properties: {
    id: { type: 'uuid', primary: true },
    tenantId: { type: 'uuid' },
    ownerKey: { type: 'string' },
    type: { type: 'string' },
    operation: { type: 'string' },
    platform: { type: 'string' },
    queue: { type: 'string' },
    adAccountId: { type: 'string', nullable: true },
    platformAccountId: { type: 'string', nullable: true },
    account: { type: 'json', nullable: true },
    params: { type: 'json', nullable: true },
    state: { type: 'string' },
    progress: { type: 'json', nullable: true },
    attempts: { type: 'integer' },
    result: { type: 'json', nullable: true },
    error: { type: 'json', nullable: true },
    dedupKey: { type: 'string', nullable: true },
    requestHash: { type: 'string', nullable: true },
    requestId: { type: 'string', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    startedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    finishedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
