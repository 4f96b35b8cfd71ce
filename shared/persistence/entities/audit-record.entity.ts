import { EntitySchema } from '@mikro-orm/core';

/**
 * One write that reached the gateway and what became of it (docs/audit.md). Written by plain SQL
 * (shared/domain/audit/): an accepted write's record in the same statement as its job row, and
 * ended by the statement that finishes the job.
 */
export interface AuditRecord {
  id: string;
  tenantId: string;
  createdAt: Date;
  /** `external-user`, `tenant-api-key`, `tenant-user` (or `operator`). */
  principalKind: string;
  principalId: string;
  externalUserId?: string | null;
  /** `rest`, `mcp` or `proxy`. */
  surface: string;
  requestId?: string | null;
  platform: string;
  /** The platform's account id in the stored form (as jobs store it). */
  adAccountId: string;
  operation: string;
  /** `accepted`, `dry_run`, `refused`, `confirmation_required`, `completed`, `failed`. */
  outcome: string;
  jobId?: string | null;
  objectId?: string | null;
  errorCode?: string | null;
  detail?: Record<string, unknown> | null;
  /** The write's params with secrets removed and size capped. */
  params: Record<string, unknown>;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  finishedAt?: Date | null;
}

export const AuditRecord = new EntitySchema<AuditRecord>({
  name: 'AuditRecord',
  tableName: 'audit_records',
  properties: {
    id: { type: 'uuid', primary: true },
    tenantId: { type: 'uuid' },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    principalKind: { type: 'string' },
    principalId: { type: 'string' },
    externalUserId: { type: 'string', nullable: true },
    surface: { type: 'string' },
    requestId: { type: 'string', nullable: true },
    platform: { type: 'string' },
    adAccountId: { type: 'string' },
    operation: { type: 'string' },
    outcome: { type: 'string' },
    jobId: { type: 'uuid', nullable: true, unique: true },
    objectId: { type: 'string', nullable: true },
    errorCode: { type: 'string', nullable: true },
    detail: { type: 'json', nullable: true },
    params: { type: 'json' },
    before: { type: 'json', nullable: true },
    after: { type: 'json', nullable: true },
    finishedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
