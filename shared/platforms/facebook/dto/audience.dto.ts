import { z } from '../../../infra/zod-openapi';
import { AdAccountId, GraphId, credentialQuery } from './common.dto';
import { objectName } from '../../core/create-lookup';

const Country = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2');

export const CreateLookalikeAudienceDto = z
  .object({
    adAccountId: AdAccountId,
    name: objectName(400),
    description: z.string().max(1000).optional(),
    origin_audience_id: GraphId.openapi({ description: 'Source custom audience of the same account' }),
    lookalike_spec: z
      .object({
        // 0.01–0.20 is UNCONFIRMED in the facts; kept here in one place.
        ratio: z.number().min(0.01).max(0.2),
        starting_ratio: z.number().min(0).max(0.19).optional(),
        country: Country.optional(),
        target_countries: z.array(Country).min(1).max(50).optional(),
        type: z.enum(['similarity', 'reach', 'custom_ratio']).default('custom_ratio'),
      })
      .strict()
      .refine((s) => Boolean(s.country) !== Boolean(s.target_countries), { message: 'give country or target_countries' })
      .refine((s) => s.starting_ratio === undefined || s.starting_ratio < s.ratio, { message: 'starting_ratio must be below ratio' }),
  })
  .strict()
  .openapi('CreateLookalikeAudienceDto');
export type CreateLookalikeAudience = z.infer<typeof CreateLookalikeAudienceDto>;

/** Targeting spec (docs/platforms/facebook.md §3 Ad sets); a location or a custom audience is what Meta requires. */
export const TargetingSpecDto = z
  .object({
    geo_locations: z.record(z.unknown()).optional(),
    excluded_geo_locations: z.record(z.unknown()).optional(),
    age_min: z.number().int().min(13).max(65).optional(),
    age_max: z.number().int().min(13).max(65).optional(),
    genders: z.array(z.union([z.literal(1), z.literal(2)])).optional(),
    locales: z.array(z.number().int()).optional(),
    flexible_spec: z.array(z.record(z.unknown())).optional(),
    exclusions: z.record(z.unknown()).optional(),
    interests: z.array(z.record(z.unknown())).optional(),
    behaviors: z.array(z.record(z.unknown())).optional(),
    custom_audiences: z.array(z.object({ id: GraphId }).passthrough()).optional(),
    excluded_custom_audiences: z.array(z.object({ id: GraphId }).passthrough()).optional(),
    publisher_platforms: z.array(z.string()).optional(),
    facebook_positions: z.array(z.string()).optional(),
    instagram_positions: z.array(z.string()).optional(),
    device_platforms: z.array(z.enum(['mobile', 'desktop'])).optional(),
    targeting_automation: z.record(z.unknown()).optional(),
  })
  .strict()
  .refine((t) => t.geo_locations || t.custom_audiences, { message: 'geo_locations or custom_audiences is required' })
  .refine((t) => t.age_min === undefined || t.age_max === undefined || t.age_min <= t.age_max, { message: 'age_min must not exceed age_max' })
  .openapi('TargetingSpecDto');

export const EstimateAudienceDto = z
  .object({
    adAccountId: AdAccountId,
    targeting_spec: TargetingSpecDto,
    optimization_goal: z
      .string()
      .regex(/^[A-Z_]+$/)
      .optional()
      .openapi({ description: 'When given, a delivery estimate (daily outcomes curve); otherwise a reach estimate' }),
  })
  .strict()
  .openapi('EstimateAudienceDto');
export type EstimateAudience = z.infer<typeof EstimateAudienceDto>;

export const SEARCH_TYPES = [
  'adinterest', 'adinterestsuggestion', 'adinterestvalid', 'adgeolocation', 'adlocale', 'adzipcode', 'adTargetingCategory',
  'adeducationschool', 'adeducationmajor', 'adworkemployer', 'adworkposition',
] as const;

const searchFields = {
  q: z.string().trim().max(200).optional(),
  type: z.enum(SEARCH_TYPES).optional().openapi({ description: 'Graph search type; without it the account-scoped targeting search runs' }),
  interest_list: z.array(z.string().max(200)).max(50).optional(),
  location_types: z.array(z.enum(['country', 'region', 'city', 'zip', 'geo_market', 'electoral_district', 'country_group'])).optional(),
  country_code: z.string().regex(/^[A-Z]{2}$/).optional(),
  class: z.string().max(50).optional().openapi({ description: 'adTargetingCategory class: behaviors, demographics, …' }),
  limit: z.number().int().min(1).max(500).optional(),
  after: z.string().max(512).optional(),
};

const checkSearch = (b: { q?: string; type?: string; interest_list?: string[] }) =>
  b.type === 'adinterestsuggestion' || b.type === 'adinterestvalid' ? Boolean(b.interest_list?.length) : Boolean(b.q) || b.type === 'adTargetingCategory';

export const TargetingSearchDto = z
  .object({ adAccountId: AdAccountId, ...searchFields })
  .strict()
  .refine(checkSearch, { message: 'q is required (interest_list for adinterestsuggestion/adinterestvalid)' })
  .openapi('TargetingSearchDto');
export type TargetingSearch = z.infer<typeof TargetingSearchDto>;

export { credentialQuery };
