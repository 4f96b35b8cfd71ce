import { z } from '../../../infra/zod-openapi';
import { AdAccountId, GraphId, accountQuery } from './common.dto';
import { objectName } from '../../core/create-lookup';

export const CreatePixelDto = z
  .object({ adAccountId: AdAccountId, name: objectName(100) })
  .strict()
  .openapi('CreatePixelDto');
export type CreatePixel = z.infer<typeof CreatePixelDto>;

export const PIXEL_AGGREGATIONS = [
  'browser_type', 'custom_data_field', 'device_os', 'device_type', 'event', 'event_detection_method', 'event_processing_results',
  'event_source', 'event_total_counts', 'event_value_count', 'had_pii', 'host', 'match_keys', 'pixel_fire', 'url', 'url_by_rule',
] as const;

export const PixelStatsQuery = z
  .object({
    ...accountQuery,
    aggregation: z.enum(PIXEL_AGGREGATIONS).default('event'),
    startTime: z.string().datetime({ offset: true }).optional(),
    endTime: z.string().datetime({ offset: true }).optional(),
  })
  .strict()
  .openapi('PixelStatsQuery');
export type PixelStats = z.infer<typeof PixelStatsQuery>;

export const DatasetQualityQuery = z
  .object({ ...accountQuery, agentName: z.string().max(100).optional() })
  .strict()
  .openapi('DatasetQualityQuery');

const StringCondition = z
  .object({
    i_contains: z.string().max(500).optional(),
    i_not_contains: z.string().max(500).optional(),
    contains: z.string().max(500).optional(),
    eq: z.string().max(500).optional(),
    neq: z.string().max(500).optional(),
    i_starts_with: z.string().max(500).optional(),
    i_ends_with: z.string().max(500).optional(),
  })
  .strict()
  .refine((c) => Object.values(c).filter((v) => v !== undefined).length === 1, { message: 'exactly one operator' });

const RuleLeaf = z
  .object({ url: StringCondition.optional(), event: StringCondition.optional(), custom_data: z.record(StringCondition).optional() })
  .strict()
  .refine((r) => Object.values(r).filter((v) => v !== undefined).length >= 1, { message: 'a rule needs url, event or custom_data' });

/**
 * Custom conversion rule (docs/platforms/facebook.md §3: the grammar is UNCONFIRMED beyond `{"url":{"i_contains":"…"}}`):
 * one condition, or `and`/`or` over conditions; sent to Meta as a JSON string.
 */
export const CustomConversionRuleDto = z
  .object({
    url: StringCondition.optional(),
    event: StringCondition.optional(),
    custom_data: z.record(StringCondition).optional(),
    and: z.array(RuleLeaf).min(1).max(20).optional(),
    or: z.array(RuleLeaf).min(1).max(20).optional(),
  })
  .strict()
  .refine((r) => Object.values(r).filter((v) => v !== undefined).length === 1, { message: 'give one of url, event, custom_data, and, or' })
  .openapi('CustomConversionRuleDto');

export const CUSTOM_EVENT_TYPES = [
  'ADD_PAYMENT_INFO', 'ADD_TO_CART', 'ADD_TO_WISHLIST', 'COMPLETE_REGISTRATION', 'CONTENT_VIEW', 'INITIATED_CHECKOUT', 'LEAD',
  'PURCHASE', 'SEARCH', 'CONTACT', 'CUSTOMIZE_PRODUCT', 'DONATE', 'FIND_LOCATION', 'SCHEDULE', 'START_TRIAL',
  'SUBMIT_APPLICATION', 'SUBSCRIBE', 'LISTING_INTERACTION', 'FACEBOOK_SELECTED', 'OTHER',
] as const;

export const CreateCustomConversionDto = z
  .object({
    adAccountId: AdAccountId,
    name: objectName(100),
    description: z.string().max(1000).optional(),
    event_source_id: GraphId.openapi({ description: 'Pixel (dataset) id the rule reads events from' }),
    custom_event_type: z.enum(CUSTOM_EVENT_TYPES),
    rule: CustomConversionRuleDto,
    default_conversion_value: z.number().min(0).optional(),
    action_source_type: z.enum(['app', 'chat', 'email', 'other', 'phone_call', 'physical_store', 'system_generated', 'website', 'business_messaging']).optional(),
  })
  .strict()
  .openapi('CreateCustomConversionDto');
export type CreateCustomConversion = z.infer<typeof CreateCustomConversionDto>;
