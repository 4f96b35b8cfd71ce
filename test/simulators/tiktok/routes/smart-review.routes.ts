/**
 * Smart+ ad review surface (docs/platforms/tiktok.md §7): material status, appeal, ad review info, material review info.
 */
import type express from 'express';
import { op, type SimDeps } from '../ctx';
import type { Material, SmartAd } from '../state';
import { mustBeLive, mustGet } from '../writes';
import { paramError, TtError, TT_CODES } from '../wire';

export function smartReviewRoutes(r: express.Router, deps: SimDeps): void {
  const s = deps.state;

  r.post('/smart_plus/ad/material_status/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const adId = ctx.p.str('smart_plus_ad_id', true);
    const ad = mustGet(s.spAds, 'spAd', adv.id, adId);
    mustBeLive(ad, 'spAd');
    const ids = ctx.p.strArr('ad_material_ids', true)!;
    if (ids.length < 1 || ids.length > 20) throw paramError('ad_material_ids: Length must be between 1 and 20.');
    const status = ctx.p.enumOf('operation_status', ['ENABLE', 'DISABLE'] as const, true);
    const mats = ids.map((id) => {
      const m = ad.materials.find((x) => x.id === id);
      if (!m) throw new TtError(TT_CODES.NOT_FOUND, `The material ${id} does not exist.`);
      return m;
    });
    mats.forEach((m) => (m.status = status));
    ad.modifiedAt = Date.now();
    return { smart_plus_ad_id: adId, ad_material_ids: ids, operation_status: status };
  }));

  r.post('/smart_plus/ad/appeal/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const ad = mustGet(s.spAds, 'spAd', adv.id, ctx.p.str('smart_plus_ad_id', true));
    const reason = ctx.p.str('appeal_reason');
    if (reason !== undefined && reason.length > 512) throw paramError('appeal_reason: Length must be between 1 and 512.');
    if (ctx.p.has('attachment_list')) ctx.p.arr('attachment_list');
    ad.appealStatus = 'APPEALING';
    return {};
  }));

  r.get('/smart_plus/ad/review_info/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const ids = ctx.p.strArr('smart_plus_ad_ids', true, 100)!;
    ctx.p.str('lang');
    const extra = ctx.p.obj('extra_info_setting') ?? {};
    const withReject = extra.include_reject_info !== false;
    const ads = ids.map((id) => mustGet(s.spAds, 'spAd', adv.id, id));
    return {
      smart_plus_ad_review_infos: ads.map((ad) => adReview(ad, withReject)),
      material_review_infos: ads.flatMap((ad) => ad.materials.map((m) => materialReview(ad, m, withReject))),
    };
  }));

  r.get('/smart_plus/material/review_info/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    // Max ids per call is not in the facts: ASSUMED 100, like smart_plus_ad_ids.
    const ids = ctx.p.strArr('ad_material_ids', true, 100)!;
    const infos = ids.map((id) => {
      const ad = s.materials.get(id);
      if (!ad || ad.advertiserId !== adv.id) throw new TtError(TT_CODES.NOT_FOUND, `The material ${id} does not exist.`);
      return materialReview(ad, ad.materials.find((m) => m.id === id)!, true);
    });
    return { material_review_infos: infos };
  }));
}

const REJECT = {
  reasons: ['The creative contains misleading claims.'],
  suggestion: 'Remove exaggerated claims and resubmit.',
  forbidden_ages: [],
  forbidden_locations: [],
  forbidden_placements: [],
  content_info: null,
  specification: null,
};

function adReview(ad: SmartAd, withReject: boolean): Record<string, unknown> {
  const available = ad.materials.filter((m) => m.review === 'AVAILABLE').length;
  const review = available === ad.materials.length ? 'ALL_AVAILABLE' : available === 0 ? 'UNAVAILABLE' : 'PART_AVAILABLE';
  return {
    smart_plus_ad_id: ad.id,
    review_status: review,
    appeal_status: ad.appealStatus,
    appeal_reject_reasons: [],
    passed_locations: review === 'UNAVAILABLE' ? [] : ['6252001'],
    reject_info: withReject && review !== 'ALL_AVAILABLE' ? [REJECT] : [],
  };
}

function materialReview(ad: SmartAd, m: Material, withReject: boolean): Record<string, unknown> {
  return {
    ad_material_id: m.id,
    smart_plus_ad_id: ad.id,
    review_status: m.review,
    reject_info: withReject && m.review === 'UNAVAILABLE' ? [REJECT] : [],
  };
}
