import { post, type TiktokCall } from './call';
import { snakeKeys } from './encoding';
import type { AssetLevel } from './levels';
import type { CreateAd, CreateAdGroup, CreateCampaign, UpdateAssetsStatus } from './assets.dto';

/*
 * Request builders for the regular create chain and status changes. Campaign and ad group creates
 * carry `request_id` (string int64), which TikTok dedupes, so a retried call never creates a second one.
 */

const body = (advertiserId: string, dto: object, extra: Record<string, unknown>) => ({
  advertiser_id: advertiserId,
  ...(snakeKeys(dto) as Record<string, unknown>),
  ...extra,
});

export function createCampaignCall(advertiserId: string, dto: CreateCampaign, requestId: string): TiktokCall {
  return post('campaign/create/', body(advertiserId, dto, { request_id: requestId }), true);
}

export function createAdGroupCall(advertiserId: string, dto: CreateAdGroup, campaignId: string, requestId: string): TiktokCall {
  return post('adgroup/create/', body(advertiserId, dto, { campaign_id: campaignId, request_id: requestId }), true);
}

/**
 * ad/create has no idempotency key (its request schema has no request_id), so it is never retried
 * blindly: the create chain looks the ads up (name, ad group, create_time) before any retry.
 */
export function createAdsCall(advertiserId: string, dto: CreateAd, adgroupId: string): TiktokCall {
  const { creatives } = dto;
  return post('ad/create/', { advertiser_id: advertiserId, adgroup_id: adgroupId, creatives: snakeKeys(creatives) }, false);
}

const STATUS_PATH: Record<AssetLevel, { path: string; idsKey: string }> = {
  campaign: { path: 'campaign/status/update/', idsKey: 'campaign_ids' },
  adgroup: { path: 'adgroup/status/update/', idsKey: 'adgroup_ids' },
  ad: { path: 'ad/status/update/', idsKey: 'ad_ids' },
};

/** Setting a status twice has the same effect as once, so a retry is safe. */
export function statusCall(advertiserId: string, dto: Pick<UpdateAssetsStatus, 'level' | 'ids' | 'status'>): TiktokCall {
  const s = STATUS_PATH[dto.level];
  return post(s.path, { advertiser_id: advertiserId, [s.idsKey]: [...new Set(dto.ids)], operation_status: dto.status }, true);
}
