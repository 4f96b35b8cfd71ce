import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../infra/logger';
import { safeError } from '../../infra/redact';
import type { AuthContext } from '../identity/auth-context';
import { AUDIT_INSERT_COLUMNS, AUDIT_INSERT_VALUES, insertValues, principalOf, type NewAuditRecord } from './audit-record';
import { auditFields, auditParams } from './audit-params';
import { listAuditRecords, type AuditListQuery, type AuditPage } from './audit-list';
import { purgeExpiredAuditRecords, type RetentionPurge } from './audit-retention';
import type { AuditDecision, AuditedWrite, AuditRecorder, JobAudit } from './audit-types';

/** Turns any form of a platform's account id (`act_123`) into the stored one (`123`); throws when it is none. */
export type NormalizeAccountId = (platform: string, raw: string) => string;

/** The `accepted` record of a write job about to be inserted (the job store inserts both in one statement). */
export function acceptedRecord(
  auth: AuthContext,
  job: { id: string; tenantId: string; platform: string; operation: string; params: Record<string, unknown>; requestId?: string; account: { platformAccountId: string } },
  audit: JobAudit | undefined,
): NewAuditRecord {
  return {
    id: randomUUID(),
    tenantId: job.tenantId,
    principal: principalOf(auth),
    surface: audit?.surface ?? 'rest',
    requestId: job.requestId,
    platform: job.platform,
    adAccountId: job.account.platformAccountId,
    operation: job.operation,
    outcome: 'accepted',
    jobId: job.id,
    params: auditParams(job.params),
    before: auditFields(audit?.before),
    after: auditFields(audit?.after),
  };
}

/**
 * The audit trail of writes (docs/audit.md): decisions answered without a job are recorded here,
 * accepted writes by the job store with their job row (and ended with it). Every read is scoped by
 * tenant, and an external user's by its own id.
 */
export class AuditTrail implements AuditRecorder {
  constructor(
    private readonly orm: MikroORM,
    private readonly normalize: NormalizeAccountId,
    private readonly logger: Logger,
  ) {}

  async decided(write: AuditedWrite, decision: AuditDecision): Promise<void> {
    const record: NewAuditRecord = {
      id: randomUUID(),
      tenantId: write.tenantId,
      principal: principalOf(write.principal),
      surface: write.surface,
      requestId: write.requestId,
      platform: write.platform,
      adAccountId: this.storedAccountId(write.platform, write.adAccountId),
      operation: write.operation,
      outcome: decision.outcome,
      detail: decision.detail === undefined ? undefined : auditParams(decision.detail),
      params: auditParams(write.params),
      before: auditFields(write.before),
      after: auditFields(write.after),
    };
    try {
      await this.orm.em.getConnection().execute(`insert into audit_records (${AUDIT_INSERT_COLUMNS}) values (${AUDIT_INSERT_VALUES})`, insertValues(record));
    } catch (err) {
      // The write was already answered for; a lost record is logged, never turned into the caller's error.
      this.logger.error({ err: safeError(err as Error), tenantId: write.tenantId, operation: write.operation, outcome: decision.outcome }, 'could not record an audit decision');
    }
  }

  /** The records the caller may see, newest first (see `listAuditRecords`). */
  list(auth: AuthContext, q: AuditListQuery): Promise<AuditPage> {
    return listAuditRecords(this.orm, auth, q);
  }

  /** Every form `raw` may take as an account id of `platforms`, in the stored form (none: matches nothing). */
  accountFilter(platforms: readonly string[], raw: string): { platform: string; adAccountId: string }[] {
    return platforms.flatMap((platform) => {
      try {
        return [{ platform, adAccountId: this.normalize(platform, raw) }];
      } catch {
        return [];
      }
    });
  }

  /** Deletes records past each tenant's retention, in bounded batches. */
  purgeExpired(opts?: { batch?: number; maxBatches?: number }): Promise<RetentionPurge> {
    return purgeExpiredAuditRecords(this.orm, opts);
  }

  private storedAccountId(platform: string, raw: string): string {
    try {
      return this.normalize(platform, raw);
    } catch {
      return raw;
    }
  }
}
