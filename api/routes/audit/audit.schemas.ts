import { z } from '../../../shared/infra/zod-openapi';
import { PLATFORMS } from '../../../shared/platforms';
import { AUDIT_OUTCOMES } from '../../../shared/domain/audit/audit-types';
import { AdAccountIdFilter } from '../jobs/job.schemas';

const FieldValuesDto = z
  .record(z.unknown())
  .openapi({ description: "Values of the fields the write changed, under the platform's own names" });

export const AuditRecordDto = z
  .object({
    id: z.string().uuid(),
    time: z.string().datetime().openapi({ description: 'When the write reached the gateway' }),
    tenantId: z.string().uuid(),
    principal: z
      .object({
        kind: z.enum(['external-user', 'tenant-api-key', 'tenant-user', 'operator']),
        id: z.string().openapi({ description: "The gateway's id of the external user, API key or tenant user" }),
        externalUserId: z.string().optional().openapi({ description: "The tenant's own id for the external user (external users only)" }),
      })
      .openapi({ description: 'Who made the write' }),
    surface: z.enum(['rest', 'mcp', 'proxy']).openapi({ description: 'Where the write came in' }),
    requestId: z.string().nullable().openapi({ description: 'x-request-id of the request' }),
    platform: z.string(),
    adAccountId: z.string().openapi({ description: 'The platform account id, in the form jobs show it (Meta without `act_`)' }),
    operation: z.string().openapi({ description: 'The write operation (`facebook.campaign.status`, …)' }),
    outcome: z.enum(AUDIT_OUTCOMES).openapi({
      description:
        '`accepted` (a job was started; it becomes `completed` or `failed` when the job ends), `dry_run`, `refused` (a guardrail), `confirmation_required`',
    }),
    jobId: z.string().uuid().nullable().openapi({ description: 'The job of an accepted write' }),
    objectId: z.string().nullable().openapi({ description: "The platform object a completed write names (docs/audit.md: how it is read from the job's result)" }),
    errorCode: z.string().nullable().openapi({ description: 'The error code of a failed write' }),
    detail: z.record(z.unknown()).optional().openapi({ description: 'The guardrail rule behind a refusal or a confirmation request' }),
    params: z.record(z.unknown()).openapi({ description: 'The write\'s parameters, credentials removed; over 16 KiB, `{ truncated: true, bytes, keys }`' }),
    before: FieldValuesDto.optional().openapi({ description: 'Values before the write, only when they were read from the platform' }),
    after: FieldValuesDto.optional().openapi({ description: 'Values the write sets' }),
    finishedAt: z.string().datetime().nullable().openapi({ description: 'When the job ended' }),
  })
  .openapi('AuditRecordDto');

/** `from`: the instant, a date its start (UTC). */
export const fromInstant = (v: string): Date => new Date(DATE.test(v) ? `${v}T00:00:00Z` : v);

/** `to` (exclusive): the instant, a date the start of the next day (UTC), so the day itself is included. */
export const toInstant = (v: string): Date => (DATE.test(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000) : new Date(v));

export const AuditPageDto = z.object({ items: z.array(AuditRecordDto), nextCursor: z.string().nullable() }).openapi('AuditPageDto');

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = z.string().datetime({ offset: true });

/**
 * The calendar date the value starts with exists (Date.parse would roll 2026-02-30 over to March),
 * in years 1970 to 9998: nothing is older, and PostgreSQL refuses what JavaScript makes of year 0 or 10000.
 */
const realDate = (v: string) => {
  const day = v.slice(0, 10);
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day && Number(day.slice(0, 4)) >= 1970 && Number(day.slice(0, 4)) <= 9998;
};

const instant = (what: string) =>
  z
    .string()
    .max(40)
    .refine((v) => (DATE.test(v) || DATE_TIME.safeParse(v).success) && realDate(v), 'an ISO 8601 date-time with a zone (2026-11-24T10:00:00Z), or a date (2026-11-24), years 1970 to 9998')
    .optional()
    .openapi({ description: what, example: '2026-11-24T10:00:00Z' });

export const ListAuditQuery = z
  .object({
    adAccountId: AdAccountIdFilter,
    platform: z.enum(PLATFORMS).optional(),
    operation: z.string().min(1).max(100).optional().openapi({ description: 'A write operation name, exactly' }),
    outcome: z.enum(AUDIT_OUTCOMES).optional(),
    from: instant('Records from this instant on (inclusive); a date means its start, 00:00 UTC'),
    to: instant('Records before this instant (exclusive); a date means the whole of that day (UTC) is included'),
    cursor: z.string().max(200).optional().openapi({ description: '`nextCursor` of the previous page' }),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    // Credential parameters, read by authentication; listed so the strict schema accepts them.
    externalUserId: z.string().optional().openapi({ description: 'With x-api-key: the external user acting (only its own writes)' }),
    token: z.string().optional().openapi({ description: 'An external user access token (same as the Bearer header)' }),
  })
  .strict()
  .openapi('ListAuditQuery');
