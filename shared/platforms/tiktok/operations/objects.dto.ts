import type { ZodTypeAny } from 'zod';
import { z } from '../../../infra/zod-openapi';

/*
 * What the TikTok reads and writes answer: TikTok's own `data` (Business API reference,
 * https://business-api.tiktok.com/portal/docs), with TikTok's types — every id a string, budgets and
 * bids numbers, times `YYYY-MM-DD HH:MM:SS` (UTC). Without `fields` TikTok sends its full record, so
 * the fields below are the common ones; objects stay open to the rest.
 */

const id = z.string().openapi({ example: '1800000000000001' });
const time = z.string().openapi({ description: 'UTC, `YYYY-MM-DD HH:MM:SS`', example: '2026-01-31 10:00:00' });
const status = z.string().openapi({ example: 'ENABLE' });
/** Open in the document too (`additionalProperties: true`), so generated clients keep fields not listed here. */
const open = <T extends Record<string, ZodTypeAny>>(shape: T) => z.object(shape).partial().passthrough().openapi({ additionalProperties: true });

export const TiktokCampaignDto = open({
  advertiser_id: id, campaign_id: id, campaign_name: z.string(), objective_type: z.string().openapi({ example: 'TRAFFIC' }),
  budget: z.number(), budget_mode: z.string().openapi({ example: 'BUDGET_MODE_DAY' }), operation_status: status,
  secondary_status: z.string(), create_time: time, modify_time: time,
}).openapi('TiktokCampaign');

// TikTok sends null for a parent it no longer finds, and for an ad group that runs without an end.
export const TiktokAdGroupDto = open({
  advertiser_id: id, campaign_id: id.nullable(), campaign_name: z.string().nullable(), adgroup_id: id, adgroup_name: z.string(), budget: z.number(),
  budget_mode: z.string(), optimization_goal: z.string(), billing_event: z.string(), bid_type: z.string(), bid_price: z.number(),
  location_ids: z.array(z.string()), operation_status: status, secondary_status: z.string(), schedule_start_time: time,
  schedule_end_time: time.nullable().openapi({ description: 'UTC, `YYYY-MM-DD HH:MM:SS`; null when the ad group runs without an end (`SCHEDULE_FROM_NOW`)' }),
  create_time: time, modify_time: time,
}).openapi('TiktokAdGroup');

export const TiktokAdDto = open({
  advertiser_id: id, campaign_id: id.nullable(), campaign_name: z.string().nullable(), adgroup_id: id.nullable(), adgroup_name: z.string().nullable(), ad_id: id,
  smart_plus_ad_id: id.openapi({ description: 'Smart+ ads: their id' }), ad_name: z.string(),
  ad_format: z.string().openapi({ example: 'SINGLE_VIDEO' }), ad_text: z.string(), call_to_action: z.string(), landing_page_url: z.string(),
  video_id: z.string(), image_ids: z.array(z.string()), identity_id: z.string(), identity_type: z.string(), operation_status: status,
  secondary_status: z.string(), create_time: time, modify_time: time,
}).openapi('TiktokAd');

export const TiktokPageInfoDto = z
  .object({ page: z.number().int(), page_size: z.number().int(), total_number: z.number().int(), total_page: z.number().int() })
  .openapi('TiktokPageInfoDto');

const listOf = (item: ZodTypeAny, name: string) => z.object({ list: z.array(item), page_info: TiktokPageInfoDto }).openapi(name);

/*
 * `GET /api/v1/tiktok/assets` answers the rows of one level, chosen by the request's `level`: each
 * level has its own row type, with its id always there (the gateway adds it to any `fields` list).
 * No field of a row says its level (an ad row carries its campaign and ad group ids too), so the
 * document names it in `x-level-schemas`: the request parameter, and the row type of each value.
 */
const ASSET_ROWS = {
  campaign: TiktokCampaignDto.required({ campaign_id: true }).openapi('TiktokCampaignRow'),
  adgroup: TiktokAdGroupDto.required({ adgroup_id: true }).openapi('TiktokAdGroupRow'),
  ad: TiktokAdDto.required({ ad_id: true }).openapi('TiktokAdRow'),
};
export const TiktokAssetsListDto = listOf(
  z.union([ASSET_ROWS.campaign, ASSET_ROWS.adgroup, ASSET_ROWS.ad]).openapi({
    description: 'A campaign, ad group or ad: every row is of the request’s `level` (`x-level-schemas`)',
    'x-level-schemas': {
      parameter: 'level',
      mapping: { campaign: '#/components/schemas/TiktokCampaignRow', adgroup: '#/components/schemas/TiktokAdGroupRow', ad: '#/components/schemas/TiktokAdRow' },
    },
  } as never),
  'TiktokAssetsList',
);
export const TiktokCampaignListDto = listOf(TiktokCampaignDto, 'TiktokCampaignList');
export const TiktokAdGroupListDto = listOf(TiktokAdGroupDto, 'TiktokAdGroupList');
export const TiktokAdListDto = listOf(TiktokAdDto, 'TiktokAdList');

export const TiktokAssetsCreatedDto = open({
  campaign_id: id,
  adgroup_id: id,
  ad_ids: z.array(id),
  campaign: TiktokCampaignDto,
  adgroup: TiktokAdGroupDto,
  ad: open({ ad_ids: z.array(id), creatives: z.array(TiktokAdDto) }),
}).openapi('TiktokAssetsCreated');

const statusItem = open({ campaign_id: id, adgroup_id: id, ad_id: id, status: z.string() });
export const TiktokStatusResultDto = open({
  campaign_ids: z.array(id),
  adgroup_ids: z.array(id),
  ad_ids: z.array(id),
  status: z.string(),
  campaign_list: z.array(statusItem),
  adgroup_list: z.array(statusItem),
  ad_list: z.array(statusItem),
  smart_plus_ad_ids: z.array(id),
  error_list: z.array(open({ campaign_id: id, adgroup_id: id, ad_id: id, error_message: z.string() })),
}).openapi('TiktokStatusResult');

export const TiktokMaterialStatusResultDto = open({ smart_plus_ad_id: id, ad_material_ids: z.array(id), operation_status: status }).openapi(
  'TiktokMaterialStatusResult',
);

/** TikTok answers an accepted appeal with an empty `data`. */
export const TiktokEmptyDto = z.object({}).strict().openapi('TiktokEmpty');

const rejectInfo = z.array(open({ reasons: z.array(z.string()), suggestion: z.string(), forbidden_ages: z.array(z.string()) }));
const materialReview = open({ ad_material_id: id, smart_plus_ad_id: id, review_status: z.string(), reject_info: rejectInfo });
export const TiktokAdReviewInfoDto = open({
  smart_plus_ad_review_infos: z.array(
    open({ smart_plus_ad_id: id, review_status: z.string(), appeal_status: z.string(), appeal_reject_reasons: z.array(z.string()), passed_locations: z.array(z.string()), reject_info: rejectInfo }),
  ),
  material_review_infos: z.array(materialReview),
}).openapi('TiktokSmartAdReviewInfo');
export const TiktokMaterialReviewInfoDto = open({ material_review_infos: z.array(materialReview) }).openapi('TiktokMaterialReviewInfo');

export const TiktokReportDto = z
  .object({
    list: z.array(
      z
        .object({
          dimensions: z.record(z.string()).openapi({ example: { campaign_id: '1800000000000001', stat_time_day: '2026-01-01 00:00:00' } }),
          metrics: z.record(z.string()).openapi({ description: 'Metric values as TikTok sends them (strings)', example: { spend: '12.34', impressions: '1000' } }),
        })
        .passthrough(),
    ),
    page_info: TiktokPageInfoDto,
  })
  .openapi('TiktokReport');

export const TiktokPixelListDto = z
  .object({
    pixels: z.array(open({ pixel_id: id, pixel_code: z.string(), pixel_name: z.string(), activity_status: z.string(), create_time: time,
      events: z.array(open({ event_id: id, event_code: z.string(), name: z.string(), event_type: z.string(), optimization_event: z.string(), statistic_type: z.string(), currency: z.string(), currency_value: z.string().nullable() })),
    })),
    page_info: TiktokPageInfoDto,
  })
  .openapi('TiktokPixelList');

export const TiktokPixelEventStatsDto = z
  .object({
    list: z.array(
      open({
        pixel_id: id,
        statistics: z.array(
          open({
            pixel_event_type: z.string(),
            total_count: z.number().int(),
            attributed_count: z.number().int(),
            preview_count: z.number().int(),
            browser_event_total_count: z.number().int(),
            server_event_total_count: z.number().int(),
          }),
        ),
      }),
    ),
  })
  .openapi('TiktokPixelEventStats');
