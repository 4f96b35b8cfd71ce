import { z } from '../../../shared/infra/zod-openapi';

export const JobIdParams = z.object({ jobId: z.string().max(64).openapi({ description: 'Job id from the 202 answer' }) });

export const JobErrorDto = z
  .object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.record(z.unknown())).optional(),
    platform: z
      .unknown()
      .optional()
      .openapi({ description: "Proxied writes only: the platform's own error object, as the write's own error answer carries it in `error.platform` (credentials removed)" }),
  })
  .openapi('JobErrorDto');

export const JobDto = z
  .object({
    id: z.string().uuid(),
    type: z.enum(['write', 'import', 'report']),
    operation: z.string(),
    platform: z.string(),
    adAccountId: z.string().nullable(),
    state: z.enum(['queued', 'active', 'completed', 'failed']),
    progress: z.unknown().openapi({ description: 'Imports: records and pages so far per level; reports: accounts read of all, rows so far' }),
    attempts: z.number().int(),
    result: z.unknown().optional(),
    error: JobErrorDto.optional(),
    requestId: z.string().nullable().openapi({ description: 'x-request-id of the request that created the job; every log line of the job carries it' }),
    createdAt: z.string().datetime(),
    startedAt: z.string().datetime().optional(),
    finishedAt: z.string().datetime().optional(),
  })
  .openapi('JobDto');

/** What an import answers with when it finishes within the wait (also the job's `result`). */
export const ImportResultDto = z
  .object({
    counts: z.record(z.number().int()).openapi({ description: 'Distinct records now stored per level', example: { campaign: 12, adgroup: 30 } }),
    pages: z.record(z.number().int()).openapi({ description: 'Platform pages read per level', example: { campaign: 1, adgroup: 2 } }),
    removed: z.number().int().openapi({ description: 'Records of an earlier import no longer on the platform' }),
  })
  .openapi('ImportResultDto');

/** The 202 body of every write and import answered asynchronously. */
export const JobAcceptedDto = z
  .object({
    jobId: z.string().uuid(),
    state: z.enum(['queued', 'active', 'completed', 'failed']).openapi({ description: 'The job\'s state, as `GET /api/v1/jobs/{jobId}` shows it' }),
    // Kept for clients written before `state` was added, which read this name.
    status: z
      .enum(['queued', 'active', 'completed', 'failed'])
      .openapi({ deprecated: true, description: 'Deprecated: the same value as `state`, under its older name; read `state`' }),
    pollUrl: z.string().openapi({ example: '/api/v1/jobs/5b0c…' }),
  })
  .openapi('JobAcceptedDto');

export const ImportedEntitiesQuery = z
  .object({
    level: z.string().max(40).optional().openapi({ description: 'campaign, adgroup, ad, pixel, … (per platform)' }),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    // Credential parameters (docs/api-conventions.md §3), read by authentication; listed so the strict schema accepts them.
    externalUserId: z.string().optional().openapi({ description: 'With x-api-key: the external user acting' }),
    token: z.string().optional().openapi({ description: 'An external user access token (same as the Bearer header)' }),
  })
  .strict();

export const ImportedEntityDto = z
  .object({ level: z.string(), platformId: z.string(), data: z.record(z.unknown()), fetchedAt: z.string().datetime() })
  .openapi('ImportedEntityDto');

export const ImportedEntitiesPageDto = z
  .object({ items: z.array(ImportedEntityDto), nextCursor: z.string().nullable() })
  .openapi('ImportedEntitiesPageDto');

/** A list filter naming one ad account in any form the platform routes take. */
export const AdAccountIdFilter = z
  .string()
  .min(1)
  .max(64)
  .optional()
  .openapi({ description: 'The platform account id, in any form the platform routes take (`act_123` or `123`, `123-456-7890` or `1234567890`, an advertiser id)' });
