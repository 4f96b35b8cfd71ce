import { z } from '../../../shared/infra/zod-openapi';
import { defineRoute } from '../route';
import { adAccountId, credentialQuery } from '../../../shared/platforms/tiktok/operations/common.dto';
import { ReadInsightsDto, ReadPixelEventsDto, ReadPixelsDto } from '../../../shared/platforms/tiktok/operations/reporting.dto';
import { insightsCall, pixelEventsCall, pixelsCall } from '../../../shared/platforms/tiktok/operations/reporting';
import { TiktokPixelEventStatsDto, TiktokPixelListDto, TiktokReportDto } from '../../../shared/platforms/tiktok/operations/objects.dto';
import { ImportResultDto } from '../jobs/job.schemas';
import { TIKTOK_ERRORS } from './schemas';
import { account, guardQuery, read } from './support';

const ImportTiktokAccountDto = z.object({ adAccountId, ...credentialQuery }).strict().openapi('ImportTiktokAdAccountDto');

export const importAdAccountRoute = defineRoute({
  method: 'get',
  path: '/api/v1/tiktok/import-ad-account',
  operationId: 'importTiktokAdAccount',
  deprecated: true,
  job: 'import',
  summary: 'Ad account imported',
  description: 'Imports every campaign, ad group, ad and pixel of the advertiser as a job; the stored records are paged by GET /api/v1/jobs/{jobId}/entities.',
  tags: ['TikTok'],
  auth: 'external',
  query: ImportTiktokAccountDto,
  before: guardQuery(),
  response: { schema: ImportResultDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ deps, auth, req }) =>
    deps.services.jobs.submit({ auth, req }, { type: 'import', platform: 'tiktok', adAccount: account(req), message: 'Ad account imported' }),
});

export const insightsRoute = defineRoute({
  method: 'get',
  path: '/api/v1/tiktok/insights',
  operationId: 'readTiktokInsights',
  summary: 'Insights fetched',
  description:
    'TikTok `report/integrated/get/`. Metric values stay strings as TikTok sends them. Date ranges are checked first: ≤30 days with stat_time_day, ≤1 day with stat_time_hour, ≤365 days otherwise. Query: `ReadInsightsDto`.',
  tags: ['TikTok'],
  auth: 'external',
  query: ReadInsightsDto,
  before: guardQuery(),
  response: { schema: TiktokReportDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ req, query }) => ({ data: await read(req, insightsCall(account(req).platformAccountId, query)) }),
});

export const pixelsRoute = defineRoute({
  method: 'get',
  path: '/api/v1/tiktok/pixels',
  operationId: 'readTiktokPixels',
  summary: 'Pixels fetched',
  description: 'TikTok `pixel/list/` (`{ pixels, page_info }`, page size 1–20). Query: `ReadPixelsDto`.',
  tags: ['TikTok'],
  auth: 'external',
  query: ReadPixelsDto,
  before: guardQuery(),
  response: { schema: TiktokPixelListDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ req, query }) => ({ data: await read(req, pixelsCall(account(req).platformAccountId, query)) }),
});

export const pixelEventsRoute = defineRoute({
  method: 'get',
  path: '/api/v1/tiktok/pixels/events/stats',
  operationId: 'readTiktokPixelEventStats',
  summary: 'Pixel event stats fetched',
  description: 'TikTok `pixel/event/stats/` for 1–10 pixels over ≤30 days. Query: `ReadPixelEventsDto`.',
  tags: ['TikTok'],
  auth: 'external',
  query: ReadPixelEventsDto,
  before: guardQuery(),
  response: { schema: TiktokPixelEventStatsDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ req, query }) => ({ data: await read(req, pixelEventsCall(account(req).platformAccountId, query)) }),
});
