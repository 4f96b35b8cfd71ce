import { z } from '../../../infra/zod-openapi';
import { adAccountId, credentialQuery, date, listParam, page, pageSize } from './common.dto';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const DATA_LEVELS = ['AUCTION_ADVERTISER', 'AUCTION_CAMPAIGN', 'AUCTION_ADGROUP', 'AUCTION_AD'] as const;

export const ReadInsightsDto = z
  .object({
    adAccountId,
    ...credentialQuery,
    reportType: z.enum(['BASIC', 'AUDIENCE', 'PLAYABLE_MATERIAL', 'CATALOG', 'BC', 'TT_SHOP']).default('BASIC'),
    serviceType: z.enum(['AUCTION', 'RESERVATION']).optional(),
    dataLevel: z.enum(DATA_LEVELS),
    dimensions: listParam('Report dimensions, e.g. campaign_id,stat_time_day'),
    metrics: listParam('Report metrics (TikTok default: spend, impressions)').optional(),
    startDate: date.optional().openapi({ description: "YYYY-MM-DD in the advertiser's time zone, inclusive" }),
    endDate: date.optional(),
    queryLifetime: bool.optional(),
    filtering: z.string().min(1).optional().openapi({ description: 'JSON array of {field_name, filter_type, filter_value}' }),
    orderField: z.string().regex(/^[a-z0-9_]+$/).optional(),
    orderType: z.enum(['ASC', 'DESC']).optional(),
    enableTotalMetrics: bool.optional(),
    page,
    pageSize: pageSize(1000),
  })
  .strict()
  .openapi('ReadInsightsDto');

export const ReadPixelsDto = z
  .object({
    adAccountId,
    ...credentialQuery,
    pixelId: z.string().regex(/^\d{1,24}$/).optional(),
    code: z.string().min(1).optional().openapi({ description: 'Exact pixel code' }),
    name: z.string().min(1).optional().openapi({ description: 'Pixel name (fuzzy)' }),
    orderBy: z.enum(['EARLIEST_CREATE', 'LATEST_CREATE']).optional(),
    availableForCatalogOnly: bool.optional(),
    page,
    pageSize: pageSize(20),
  })
  .strict()
  .openapi('ReadPixelsDto');

export const ReadPixelEventsDto = z
  .object({
    adAccountId,
    ...credentialQuery,
    pixelIds: listParam('1–10 pixel ids'),
    startDate: date.openapi({ description: 'YYYY-MM-DD (UTC)' }),
    endDate: date,
  })
  .strict()
  .openapi('ReadPixelEventsDto');

export type ReadInsights = z.infer<typeof ReadInsightsDto>;
export type ReadPixels = z.infer<typeof ReadPixelsDto>;
export type ReadPixelEvents = z.infer<typeof ReadPixelEventsDto>;
