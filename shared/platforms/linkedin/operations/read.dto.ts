import { z } from '../../../infra/zod-openapi';
import { adAccountId, credentialQuery, date, enumList, idList, pageSize, pageToken } from './common.dto';

/* Query DTOs of the LinkedIn reads. Values pass to LinkedIn's finders as documented in docs/platforms/linkedin.md. */

export const GROUP_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'CANCELED', 'DRAFT', 'PENDING_DELETION', 'REMOVED'] as const;
export const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'COMPLETED', 'CANCELED', 'DRAFT', 'PENDING_DELETION', 'REMOVED'] as const;
export const CREATIVE_STATUSES = ['ACTIVE', 'PAUSED', 'DRAFT', 'ARCHIVED', 'CANCELED', 'PENDING_DELETION'] as const;
export const CAMPAIGN_TYPES = ['TEXT_AD', 'SPONSORED_UPDATES', 'SPONSORED_INMAILS', 'DYNAMIC'] as const;

/** Ids per search criterion: keeps the query far under LinkedIn's 4 KB limit. */
export const MAX_FILTER_IDS = 50;

const sortOrder = z.enum(['ASCENDING', 'DESCENDING']).optional().openapi({ description: 'By id; LinkedIn default ASCENDING' });
const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ReadCampaignGroupsDto = z
  .object({
    adAccountId,
    ...credentialQuery,
    status: enumList(GROUP_STATUSES, 'statuses').optional(),
    ids: idList('group', 'campaign group', MAX_FILTER_IDS).optional(),
    name: z.string().min(1).max(255).optional().openapi({ description: 'Exact name' }),
    test: bool.optional(),
    sortOrder,
    pageSize: pageSize(500),
    pageToken,
  })
  .strict()
  .openapi('ReadLinkedinCampaignGroupsDto');

export const ReadCampaignsDto = z
  .object({
    adAccountId,
    ...credentialQuery,
    status: enumList(CAMPAIGN_STATUSES, 'statuses').optional(),
    ids: idList('campaign', 'campaign', MAX_FILTER_IDS).optional(),
    campaignGroupIds: idList('group', 'campaign group', MAX_FILTER_IDS).optional(),
    type: enumList(CAMPAIGN_TYPES, 'campaign types').optional(),
    name: z.string().min(1).max(255).optional().openapi({ description: 'Exact name' }),
    test: bool.optional(),
    sortOrder,
    pageSize: pageSize(500),
    pageToken,
  })
  .strict()
  .openapi('ReadLinkedinCampaignsDto');

export const ReadCreativesDto = z
  .object({
    adAccountId,
    ...credentialQuery,
    campaignIds: idList('campaign', 'campaign', MAX_FILTER_IDS).optional(),
    intendedStatus: enumList(CREATIVE_STATUSES, 'intended statuses').optional(),
    sortOrder,
    pageSize: pageSize(100),
    pageToken,
  })
  .strict()
  .openapi('ReadLinkedinCreativesDto');

export const PIVOTS = [
  'ACCOUNT', 'CAMPAIGN_GROUP', 'CAMPAIGN', 'CREATIVE', 'COMPANY', 'SHARE', 'CONVERSION', 'SERVING_LOCATION', 'CARD_INDEX', 'PLACEMENT_NAME',
  'IMPRESSION_DEVICE_TYPE', 'MEMBER_COMPANY_SIZE', 'MEMBER_INDUSTRY', 'MEMBER_SENIORITY', 'MEMBER_JOB_TITLE', 'MEMBER_JOB_FUNCTION',
  'MEMBER_COUNTRY_V2', 'MEMBER_REGION_V2', 'MEMBER_COMPANY',
] as const;
export const GRANULARITIES = ['ALL', 'DAILY', 'MONTHLY', 'YEARLY'] as const;
/** LinkedIn's limit, counting dateRange and pivotValues. */
export const MAX_ANALYTICS_FIELDS = 20;
const FIELD = /^[A-Za-z][A-Za-z0-9]*$/;

export const ReadAnalyticsDto = z
  .object({
    adAccountId,
    ...credentialQuery,
    pivot: z.enum(PIVOTS),
    timeGranularity: z.enum(GRANULARITIES).default('ALL'),
    startDate: date.openapi({ description: 'UTC, inclusive' }),
    endDate: date.optional().openapi({ description: 'UTC, inclusive; LinkedIn defaults to today' }),
    campaignGroupIds: idList('group', 'campaign group', MAX_FILTER_IDS).optional(),
    campaignIds: idList('campaign', 'campaign', MAX_FILTER_IDS).optional(),
    creativeIds: idList('creative', 'creative', MAX_FILTER_IDS).optional(),
    fields: z
      .string()
      .min(1)
      .transform((raw, ctx) => {
        const list = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
        if (list.some((f) => !FIELD.test(f))) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'field names are letters and digits' });
        if (list.length > MAX_ANALYTICS_FIELDS) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `at most ${MAX_ANALYTICS_FIELDS} fields (dateRange and pivotValues count)` });
        return list;
      })
      .optional()
      .openapi({ description: `Metrics and dateRange/pivotValues, comma-separated, at most ${MAX_ANALYTICS_FIELDS}; LinkedIn sends only impressions and clicks without it`, example: 'dateRange,pivotValues,impressions,clicks,costInLocalCurrency' }),
  })
  .strict()
  .openapi('ReadLinkedinAnalyticsDto');

export type ReadCampaignGroups = z.infer<typeof ReadCampaignGroupsDto>;
export type ReadCampaigns = z.infer<typeof ReadCampaignsDto>;
export type ReadCreatives = z.infer<typeof ReadCreativesDto>;
export type ReadAnalytics = z.infer<typeof ReadAnalyticsDto>;
