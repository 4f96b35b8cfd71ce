import type { ZodTypeAny } from 'zod';
import { z } from '../../../infra/zod-openapi';

/*
 * What the LinkedIn reads and writes answer: LinkedIn's own records (docs/platforms/linkedin.md),
 * with LinkedIn's types: numeric ids, URN references, epoch-ms times, money as
 * `{amount: string, currencyCode}`. Objects stay open to fields not listed here.
 */

const open = <T extends Record<string, ZodTypeAny>>(shape: T) => z.object(shape).partial().passthrough().openapi({ additionalProperties: true });
const urn = (example: string) => z.string().openapi({ example });
const moneyOut = z.object({ amount: z.string(), currencyCode: z.string() }).openapi({ example: { amount: '50.00', currencyCode: 'USD' } });
const schedule = z.object({ start: z.number().int(), end: z.number().int().optional() });
const stamps = open({ created: open({ time: z.number().int() }), lastModified: open({ time: z.number().int() }) });

export const LinkedinCampaignGroupDto = open({
  id: z.number().int().openapi({ example: 600000001 }),
  account: urn('urn:li:sponsoredAccount:508000001'),
  name: z.string(),
  status: z.string().openapi({ example: 'ACTIVE' }),
  runSchedule: schedule,
  totalBudget: moneyOut,
  servingStatuses: z.array(z.string()),
  test: z.boolean(),
  changeAuditStamps: stamps,
}).openapi('LinkedinCampaignGroup');

export const LinkedinCampaignDto = open({
  id: z.number().int().openapi({ example: 700000001 }),
  account: urn('urn:li:sponsoredAccount:508000001'),
  campaignGroup: urn('urn:li:sponsoredCampaignGroup:600000001'),
  name: z.string(),
  status: z.string().openapi({ example: 'PAUSED' }),
  type: z.string().openapi({ example: 'SPONSORED_UPDATES' }),
  objectiveType: z.string().openapi({ example: 'WEBSITE_VISITS' }),
  costType: z.string().openapi({ example: 'CPC' }),
  unitCost: moneyOut,
  dailyBudget: moneyOut,
  totalBudget: moneyOut,
  runSchedule: schedule,
  locale: open({ country: z.string(), language: z.string() }),
  targetingCriteria: z.record(z.unknown()),
  servingStatuses: z.array(z.string()),
  test: z.boolean(),
  changeAuditStamps: stamps,
}).openapi('LinkedinCampaign');

export const LinkedinCreativeDto = open({
  id: urn('urn:li:sponsoredCreative:800000001'),
  account: urn('urn:li:sponsoredAccount:508000001'),
  campaign: urn('urn:li:sponsoredCampaign:700000001'),
  name: z.string(),
  intendedStatus: z.string().openapi({ example: 'ACTIVE' }),
  isServing: z.boolean(),
  servingHoldReasons: z.array(z.string()),
  content: z.record(z.unknown()),
  review: open({ status: z.string() }),
  createdAt: z.number().int(),
  lastModifiedAt: z.number().int(),
}).openapi('LinkedinCreative');

const page = (item: ZodTypeAny, name: string) =>
  z
    .object({
      elements: z.array(item),
      metadata: z.object({ nextPageToken: z.string().optional().openapi({ description: 'Absent on the last page' }) }).passthrough().optional(),
    })
    .passthrough()
    .openapi(name);

export const LinkedinCampaignGroupPageDto = page(LinkedinCampaignGroupDto, 'LinkedinCampaignGroupPage');
export const LinkedinCampaignPageDto = page(LinkedinCampaignDto, 'LinkedinCampaignPage');
export const LinkedinCreativePageDto = page(LinkedinCreativeDto, 'LinkedinCreativePage');

const ymd = z.object({ year: z.number().int(), month: z.number().int(), day: z.number().int() });
export const LinkedinAnalyticsDto = z
  .object({
    elements: z.array(
      open({
        pivotValues: z.array(z.string()).openapi({ example: ['urn:li:sponsoredCampaign:700000001'] }),
        dateRange: z.object({ start: ymd, end: ymd }),
        impressions: z.number().int(),
        clicks: z.number().int(),
        costInLocalCurrency: z.string().openapi({ example: '12.34' }),
      }),
    ),
  })
  .passthrough()
  .openapi('LinkedinAnalytics');

export const LinkedinCreatedDto = z
  .object({
    id: z.string().openapi({ example: '600000011' }),
    urn: z.string().openapi({ example: 'urn:li:sponsoredCampaignGroup:600000011' }),
    name: z.string().openapi({ description: 'The name LinkedIn holds: yours plus the job-step tag', example: 'Q1 brand #k3m9p2xa' }),
  })
  .openapi('LinkedinCreated');

export const LinkedinStatusResultDto = z
  .object({ id: z.string(), urn: z.string(), status: z.string().openapi({ example: 'PAUSED' }) })
  .openapi('LinkedinStatusResult');

export const LinkedinBudgetResultDto = z
  .object({
    id: z.string(),
    urn: z.string(),
    dailyBudget: z.object({ amount: z.string(), currencyCode: z.string() }).optional(),
    totalBudget: z.object({ amount: z.string(), currencyCode: z.string() }).optional(),
  })
  .openapi('LinkedinBudgetResult');
