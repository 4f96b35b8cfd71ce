import { get, post, type TiktokCall } from './call';
import { invalid, parseList, snakeKeys } from './encoding';
import { SMART_GET, type SmartLevel } from './levels';
import { readObjectsCall, type ObjectsQuery } from './objects-read';
import type { AdAppeal, AdReviewInfo, MaterialReviewInfo, MaterialStatus, SmartStatus } from './smart.dto';

/* Upgraded Smart+ endpoints (docs/platforms/tiktok.md §7): `/smart_plus/{campaign,adgroup,ad}/…`. */

const ID_KEY: Record<SmartLevel, { one: string; many: string }> = {
  campaign: { one: 'campaign_id', many: 'campaign_ids' },
  adgroup: { one: 'adgroup_id', many: 'adgroup_ids' },
  ad: { one: 'smart_plus_ad_id', many: 'smart_plus_ad_ids' },
};

const withoutAccount = (dto: Record<string, unknown>) => {
  const { adAccountId: _drop, ...rest } = dto;
  return snakeKeys(rest) as Record<string, unknown>;
};

export function smartReadCall(level: SmartLevel, advertiserId: string, q: ObjectsQuery): TiktokCall {
  return readObjectsCall(SMART_GET[level], advertiserId, q);
}

/**
 * `request_id` is in the request schema of smart_plus/campaign/create and smart_plus/adgroup/create
 * (required on both), and TikTok dedupes it, so those creates may be retried. smart_plus/ad/create
 * has no such field: it is sent without one and never retried blindly (see the Smart+ ad operation).
 */
export function smartCreateCall(level: SmartLevel, advertiserId: string, dto: Record<string, unknown>, requestId: string): TiktokCall {
  if (level === 'ad') return post('smart_plus/ad/create/', { advertiser_id: advertiserId, ...withoutAccount(dto) }, false);
  return post(`smart_plus/${level}/create/`, { advertiser_id: advertiserId, ...withoutAccount(dto), request_id: requestId }, true);
}

/** Updates set values, so repeating one is harmless. */
export function smartUpdateCall(level: SmartLevel, advertiserId: string, objectId: string, dto: Record<string, unknown>): TiktokCall {
  return post(`smart_plus/${level}/update/`, { advertiser_id: advertiserId, [ID_KEY[level].one]: objectId, ...withoutAccount(dto) }, true);
}

export function smartStatusCall(level: SmartLevel, advertiserId: string, dto: Pick<SmartStatus, 'ids' | 'status'>): TiktokCall {
  return post(`smart_plus/${level}/status/update/`, { advertiser_id: advertiserId, [ID_KEY[level].many]: [...new Set(dto.ids)], operation_status: dto.status }, true);
}

export function materialStatusCall(advertiserId: string, dto: Pick<MaterialStatus, 'smartPlusAdId' | 'adMaterialIds' | 'status'>): TiktokCall {
  return post(
    'smart_plus/ad/material_status/update/',
    { advertiser_id: advertiserId, smart_plus_ad_id: dto.smartPlusAdId, ad_material_ids: [...new Set(dto.adMaterialIds)], operation_status: dto.status },
    true,
  );
}

/** An appeal is a one-off submission: not retried blindly. */
export function appealCall(advertiserId: string, smartPlusAdId: string, dto: Pick<AdAppeal, 'appealReason' | 'attachmentList'>): TiktokCall {
  return post('smart_plus/ad/appeal/', { advertiser_id: advertiserId, smart_plus_ad_id: smartPlusAdId, appeal_reason: dto.appealReason, attachment_list: dto.attachmentList }, false);
}

function idList(raw: string, path: string, max: number): string[] {
  const list = [...new Set(parseList(raw, path))];
  if (list.length < 1 || list.length > max) throw invalid(path, `give 1–${max} ids`);
  const bad = list.filter((x) => !/^\d{1,24}$/.test(x));
  if (bad.length) throw invalid(path, `not ids: ${bad.join(', ')}`);
  return list;
}

export function adReviewInfoCall(advertiserId: string, q: AdReviewInfo): TiktokCall {
  const extra = q.includeRejectInfo === undefined && q.includeViolationFrame === undefined
    ? undefined
    : { include_reject_info: q.includeRejectInfo, include_violation_frame: q.includeViolationFrame };
  return get('smart_plus/ad/review_info/', {
    advertiser_id: advertiserId,
    smart_plus_ad_ids: idList(q.smartPlusAdIds, 'query.smartPlusAdIds', 100),
    lang: q.lang,
    extra_info_setting: extra ? JSON.parse(JSON.stringify(extra)) : undefined,
  });
}

/** Max ids per call is not in the facts: ASSUMED 100, like smart_plus_ad_ids. */
export function materialReviewInfoCall(advertiserId: string, q: MaterialReviewInfo): TiktokCall {
  return get('smart_plus/material/review_info/', { advertiser_id: advertiserId, ad_material_ids: idList(q.adMaterialIds, 'query.adMaterialIds', 100) });
}
