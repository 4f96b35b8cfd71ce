import type { AuthContext } from '../identity/auth-context';

/** Where a write came in: the REST routes, the MCP server's tools, or the passthrough proxy. */
export type WriteSurface = 'rest' | 'mcp' | 'proxy';

/**
 * What became of a write that reached the gateway. The first four are decided when the request is
 * answered; an `accepted` record later becomes `completed` or `failed` when its job ends.
 */
export const AUDIT_OUTCOMES = ['accepted', 'dry_run', 'refused', 'confirmation_required', 'completed', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** The values of the fields a write changed, as the platform names them (only what was read, never guessed). */
export type FieldValues = Record<string, unknown>;

/** One write as the safe-write layer saw it, before any job ran. */
export interface AuditedWrite {
  tenantId: string;
  principal: AuthContext;
  surface: WriteSurface;
  requestId?: string;
  platform: string;
  /** The platform's id of the ad account (`act_…` for Meta). */
  adAccountId: string;
  /** The write operation's name (`facebook.create-campaign`). */
  operation: string;
  /** The job params with secrets removed (the caller of `record` removes them). */
  params: Record<string, unknown>;
  before?: FieldValues;
  after?: FieldValues;
}

/** A decision made without a job: a dry run, a guardrail refusal, a confirmation asked for. */
export interface AuditDecision {
  outcome: 'dry_run' | 'refused' | 'confirmation_required';
  /** The guardrail rule that refused or asked for confirmation, with its limit and the value seen. */
  detail?: Record<string, unknown>;
}

/** The audit trail as the write path uses it. */
export interface AuditRecorder {
  /** Records a write answered without a job. Never throws for a storage failure the caller could not act on. */
  decided(write: AuditedWrite, decision: AuditDecision): Promise<void>;
}

/** Who made a write, as the audit trail shows it. */
export interface AuditPrincipal {
  kind: 'external-user' | 'tenant-api-key' | 'tenant-user' | 'operator';
  /** The external user's, API key's or tenant user's id in the gateway. */
  id: string;
  /** The tenant's own id for its external user (external users only). */
  externalUserId?: string;
}

/** One record of the trail as `GET /api/v1/audit` and the `write.*` webhook events show it. */
export interface AuditRecordView {
  id: string;
  time: string;
  tenantId: string;
  principal: AuditPrincipal;
  surface: WriteSurface;
  requestId: string | null;
  platform: string;
  adAccountId: string;
  operation: string;
  outcome: AuditOutcome;
  jobId: string | null;
  objectId: string | null;
  errorCode: string | null;
  detail?: Record<string, unknown>;
  params: Record<string, unknown>;
  before?: FieldValues;
  after?: FieldValues;
  finishedAt: string | null;
}

/** What a write job carries to its audit record when the job row is created. */
export interface JobAudit {
  surface: WriteSurface;
  before?: FieldValues;
  after?: FieldValues;
}
