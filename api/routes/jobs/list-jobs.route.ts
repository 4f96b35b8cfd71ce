import { z } from '../../../shared/infra/zod-openapi';
import { PLATFORMS, type Platform } from '../../../shared/platforms';
import { listJobs, type JobAccountFilter } from '../../../shared/domain/jobs/job-list';
import type { AdAccountGuard } from '../../../shared/domain/ad-accounts/guard.service';
import { defineRoute } from '../route';
import { JobDto, AdAccountIdFilter } from './job.schemas';

const ListJobsQuery = z
  .object({
    state: z.enum(['queued', 'active', 'completed', 'failed']).optional(),
    type: z.enum(['write', 'import', 'report']).optional(),
    platform: z.enum(PLATFORMS).optional(),
    adAccountId: AdAccountIdFilter,
    createdAfter: z
      .string()
      .datetime({ offset: true, message: 'an ISO 8601 date-time, e.g. 2026-11-24T10:00:00Z' })
      .optional()
      .openapi({ description: 'Only jobs created after this instant (millisecond precision, as jobs show `createdAt`)', example: '2026-11-24T10:00:00Z' }),
    cursor: z.string().max(200).optional().openapi({ description: '`nextCursor` of the previous page' }),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    // Credential parameters, read by authentication; listed so the strict schema accepts them.
    externalUserId: z.string().optional().openapi({ description: 'With x-api-key: the external user acting' }),
    token: z.string().optional().openapi({ description: 'An external user access token (same as the Bearer header)' }),
  })
  .strict();

/**
 * What `raw` names on each platform it can be an account id of, in the form jobs store (`act_123`
 * → Meta's `123`), so the filter takes every form the platform routes take. An id no platform
 * reads as an account id names none: nothing matches it.
 */
export function accountFilter(guard: AdAccountGuard, platform: Platform | undefined, raw: string): JobAccountFilter[] {
  return (platform ? [platform] : PLATFORMS).flatMap((p) => {
    try {
      return [{ platform: p, platformAccountId: guard.normalize(p, raw) }];
    } catch {
      return [];
    }
  });
}

export const JobsPageDto = z.object({ items: z.array(JobDto), nextCursor: z.string().nullable() }).openapi('JobsPageDto');

export const listJobsRoute = defineRoute({
  method: 'get',
  path: '/api/v1/jobs',
  operationId: 'listJobs',
  summary: 'List jobs',
  message: 'Jobs fetched',
  description:
    "The caller's writes and imports, newest first; `nextCursor` is null on the last page. Only jobs the caller created are listed, with the same rule as GET /api/v1/jobs/{jobId} (an external user sees their own jobs; the tenant's `x-api-key` alone sees the jobs it started itself).",
  tags: ['Jobs'],
  auth: 'external-or-key',
  query: ListJobsQuery,
  response: { schema: JobsPageDto },
  handler: async ({ deps, auth, query }) => ({
    data: await listJobs(deps.orm, auth, {
      state: query.state,
      type: query.type,
      platform: query.platform,
      adAccounts: query.adAccountId === undefined ? undefined : accountFilter(deps.services.guard, query.platform, query.adAccountId),
      createdAfter: query.createdAfter ? new Date(query.createdAfter) : undefined,
      cursor: query.cursor,
      limit: query.limit,
    }),
  }),
});
