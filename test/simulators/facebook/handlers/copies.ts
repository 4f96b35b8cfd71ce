import type { Ctx } from '../graph/context';
import { bool, oneOf, str } from '../graph/request';
import { addAccountObject, fbTime } from '../model/ad-objects';
import type { GNode } from '../model/types';
import { STATUS_OPTIONS, jsonObject, sameAccount } from './ad-validate';

interface CopyOpts {
  statusOption: (typeof STATUS_OPTIONS)[number];
  suffix: string;
  prefix: string;
}

type Copied = { ad_object_type: 'campaign' | 'ad_set' | 'ad'; source_id: string; copied_id: string };

function copyOpts(ctx: Ctx): CopyOpts {
  const p = ctx.req.params;
  const rename = jsonObject(p, 'rename_options', false) ?? {};
  return {
    // ASSUMED defaults: copies start PAUSED and get a " - Copy" suffix
    statusOption: oneOf(p, 'status_option', STATUS_OPTIONS) ?? 'PAUSED',
    suffix: rename.rename_suffix !== undefined ? String(rename.rename_suffix) : ' - Copy',
    prefix: rename.rename_prefix !== undefined ? String(rename.rename_prefix) : '',
  };
}

function clone(ctx: Ctx, src: GNode, o: CopyOpts, patch: Record<string, unknown>, rename: boolean): GNode {
  const { id: _id, created_time: _c, updated_time: _u, _effective: _e, ...rest } = src.data;
  const now = fbTime(Date.now());
  const data: Record<string, unknown> = {
    ...structuredClone(rest),
    ...patch,
    name: rename ? `${o.prefix}${String(src.data.name)}${o.suffix}` : src.data.name,
    status: o.statusOption === 'INHERITED_FROM_SOURCE' ? src.data.status : o.statusOption,
    created_time: now,
    updated_time: now,
    [`source_${src.type === 'adset' ? 'adset' : src.type}_id`]: src.id,
  };
  return addAccountObject(ctx.state, src.type, src.acct!, data);
}

function copyAds(ctx: Ctx, adset: GNode, target: GNode, o: CopyOpts, out: Copied[]): void {
  for (const ad of [...ctx.state.store.list(`${adset.id}/ads`).items]) {
    if (ad.data.status === 'DELETED') continue;
    const copy = clone(ctx, ad, o, { adset_id: target.id, campaign_id: target.data.campaign_id }, false);
    out.push({ ad_object_type: 'ad', source_id: ad.id, copied_id: copy.id });
  }
}

function copyAdSet(ctx: Ctx, adset: GNode, campaignId: string, deep: boolean, o: CopyOpts, out: Copied[], rename: boolean): GNode {
  const copy = clone(ctx, adset, o, { campaign_id: campaignId }, rename);
  out.push({ ad_object_type: 'ad_set', source_id: adset.id, copied_id: copy.id });
  if (deep) copyAds(ctx, adset, copy, o, out);
  return copy;
}

/** `POST /{ad_id}/copies` → `{copied_ad_id}`. */
export function copyAd(ctx: Ctx, ad: GNode): unknown {
  const target = str(ctx.req.params, 'adset_id');
  const adset = target ? sameAccount(ctx, ad.acct!, target, 'adset', 'adset_id') : ctx.state.store.get(String(ad.data.adset_id))!;
  const copy = clone(ctx, ad, copyOpts(ctx), { adset_id: adset.id, campaign_id: adset.data.campaign_id }, true);
  return { copied_ad_id: copy.id };
}

/** `POST /{adset_id}/copies` → `{copied_adset_id, ad_object_ids}`. */
export function copyAdSetRoute(ctx: Ctx, adset: GNode): unknown {
  const target = str(ctx.req.params, 'campaign_id');
  const campaignId = target ? sameAccount(ctx, adset.acct!, target, 'campaign', 'campaign_id').id : String(adset.data.campaign_id);
  const out: Copied[] = [];
  const copy = copyAdSet(ctx, adset, campaignId, bool(ctx.req.params, 'deep_copy') ?? false, copyOpts(ctx), out, true);
  return { copied_adset_id: copy.id, ad_object_ids: out };
}

/** `POST /{campaign_id}/copies` → `{copied_campaign_id, ad_object_ids}`. */
export function copyCampaign(ctx: Ctx, campaign: GNode): unknown {
  const o = copyOpts(ctx);
  const deep = bool(ctx.req.params, 'deep_copy') ?? false;
  const copy = clone(ctx, campaign, o, {}, true);
  const out: Copied[] = [{ ad_object_type: 'campaign', source_id: campaign.id, copied_id: copy.id }];
  if (deep) {
    for (const adset of [...ctx.state.store.list(`${campaign.id}/adsets`).items]) {
      if (adset.data.status !== 'DELETED') copyAdSet(ctx, adset, copy.id, true, o, out, false);
    }
  }
  return { copied_campaign_id: copy.id, ad_object_ids: out };
}
