import { z } from '../../../shared/infra/zod-openapi';
import { guardedRoute, submitImport } from '../guarded-route';
import { adAccountId, credentialQuery } from '../../../shared/platforms/tiktok/operations/common.dto';
import { ReadInsightsDto, ReadPixelEventsDto, ReadPixelsDto } from '../../../shared/platforms/tiktok/operations/reporting.dto';
import { insightsCall, pixelEventsCall, pixelsCall } from '../../../shared/platforms/tiktok/operations/reporting';
import { callTiktok } from '../../../shared/platforms/tiktok/operations/runtime';
import { TiktokPixelEventStatsDto, TiktokPixelListDto, TiktokReportDto } from '../../../shared/platforms/tiktok/operations/objects.dto';
import { ImportResultDto } from '../jobs/job.schemas';
import { TIKTOK_ERRORS } from './schemas';

const ImportTiktokAccountDto = z.object({ adAccountId, ...credentialQuery }).strict().openapi('ImportTiktokAdAccountDto');

export const importAdAccountRoute = guardedRoute({
  platform: 'tiktok',
  from: 'query',
  method: 'get',
  path: '/api/v1/tiktok/import-ad-account',
  operationId: 'importTiktokAdAccount',
  deprecated: true,
  job: 'import',
  summary: 'Import a TikTok ad account (deprecated GET form)',
  message: 'Ad account imported',
  description: 'Imports every campaign, ad group, ad and pixel of the advertiser as a job; the stored records are paged by GET /api/v1/jobs/{jobId}/entities.',
  tags: ['TikTok'],
  auth: 'external',
  query: ImportTiktokAccountDto,
  response: { schema: ImportResultDto },
  errors: TIKTOK_ERRORS,
  handler: async (ctx) => submitImport(ctx, 'Ad account imported'),
});

export const insightsRoute = guardedRoute({
  platform: 'tiktok',
  from: 'query',
  method: 'get',
  path: '/api/v1/tiktok/insights',
  operationId: 'readTiktokInsights',
  summary: 'Get TikTok insights',
  message: 'Insights fetched',
  description:
    'TikTok `report/integrated/get/`. Metric values stay strings as TikTok sends them. Date ranges are checked first: ≤30 days with stat_time_day, ≤1 day with stat_time_hour, ≤365 days otherwise. Query: `ReadInsightsDto`.',
  tags: ['TikTok'],
  auth: 'external',
  query: ReadInsightsDto,
  response: { schema: TiktokReportDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ caller, account, query }) => ({ data: await callTiktok(caller, insightsCall(account.platformAccountId, query), 'read') }),
});

export const pixelsRoute = guardedRoute({
  platform: 'tiktok',
  from: 'query',
  method: 'get',
  path: '/api/v1/tiktok/pixels',
  operationId: 'readTiktokPixels',
  summary: 'List TikTok pixels',
  message: 'Pixels fetched',
  description: 'TikTok `pixel/list/` (`{ pixels, page_info }`, page size 1–20). Query: `ReadPixelsDto`.',
  tags: ['TikTok'],
  auth: 'external',
  query: ReadPixelsDto,
  response: { schema: TiktokPixelListDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ caller, account, query }) => ({ data: await callTiktok(caller, pixelsCall(account.platformAccountId, query), 'read') }),
});

export const pixelEventsRoute = guardedRoute({
  platform: 'tiktok',
  from: 'query',
  method: 'get',
  path: '/api/v1/tiktok/pixels/events/stats',
  operationId: 'readTiktokPixelEventStats',
  summary: 'Get TikTok pixel event stats',
  message: 'Pixel event stats fetched',
  description: 'TikTok `pixel/event/stats/` for 1–10 pixels over ≤30 days. Query: `ReadPixelEventsDto`.',
  tags: ['TikTok'],
  auth: 'external',
  query: ReadPixelEventsDto,
  response: { schema: TiktokPixelEventStatsDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ caller, account, query }) => ({ data: await callTiktok(caller, pixelEventsCall(account.platformAccountId, query), 'read') }),
});
