import { AppError, isAppError } from '../../../errors/app-error';
import { createOnce, type WireHooks } from '../../core/create-once';
import { defineWriteOperation } from '../../core/write-operation';
import type { TiktokCall } from './call';
import { AD_NAME_MAX, findAdsNamed, REGULAR_ADS } from './ad-lookup';
import { CreateAssetsDto, type CreateAssets } from './assets.dto';
import { createAdGroupCall, createAdsCall, createCampaignCall } from './assets-write';
import { callTiktok } from './runtime';
import { tiktokSpend } from './spend';

type Rec = Record<string, unknown>;
interface AdsResult {
  ad_ids: string[];
  creatives?: Rec[];
}
type Step = 'campaign' | 'adgroup' | 'ad';

export interface CreatedIds {
  campaign_id?: string;
  adgroup_id?: string;
  ad_ids?: string[];
}

/**
 * POST /tiktok/assets as one job: campaign → ad group → ads, each under its just-created parent.
 * Each step is checkpointed. Campaign and ad group creates carry a stable request_id (TikTok dedupes
 * it); ads have no such key, so a retry looks them up first (by name, ad group and created time). A failure part-way names what was
 * created (error.details) so nothing is orphaned silently.
 */
export const createAssetsOperation = defineWriteOperation<CreateAssets>({
  name: 'tiktok.assets.create',
  platform: 'tiktok',
  kind: 'create',
  exactlyOnce: { idempotencyKey: 'request_id (campaign, ad group)', lookup: 'the ad names and create_time in the ad group' },
  params: CreateAssetsDto,
  spend: (p) => tiktokSpend('create', p as unknown as Record<string, unknown>),
  run: async (ctx, p) => {
    const account = ctx.account;
    const adv = account.platformAccountId;
    const call = <T>(c: TiktokCall, kind: 'read' | 'write' = 'write', wire?: WireHooks) => callTiktok<T>(ctx.caller, c, kind, wire);
    const created: CreatedIds = {};
    const result: Rec = {};
    let step: Step = 'campaign';
    try {
      if (p.campaign) {
        const dto = p.campaign;
        const c = await createOnce<Rec>(ctx, 'campaign', { create: (rid, wire) => call<Rec>(createCampaignCall(adv, dto, rid), 'write', wire) });
        created.campaign_id = String(c.campaign_id);
        result.campaign = c;
        await ctx.progress({ step, created });
      }
      if (p.adGroup) {
        step = 'adgroup';
        const dto = p.adGroup;
        const campaignId = created.campaign_id ?? dto.campaignId!;
        const { campaignId: _given, ...rest } = dto;
        const g = await createOnce<Rec>(ctx, 'adgroup', { create: (rid, wire) => call<Rec>(createAdGroupCall(adv, rest, campaignId, rid), 'write', wire) });
        created.adgroup_id = String(g.adgroup_id);
        result.adgroup = g;
        await ctx.progress({ step, created });
      }
      if (p.ad) {
        step = 'ad';
        const dto = p.ad;
        const adgroupId = created.adgroup_id ?? dto.adgroupId!;
        const names = dto.creatives.map((c) => c.adName);
        const a = await createOnce<AdsResult>(ctx, 'ad', {
          create: (_rid, wire, sent) => {
            const named = { ...dto, creatives: dto.creatives.map((c, i) => ({ ...c, adName: sent[i] ?? c.adName })) };
            return call<AdsResult>(createAdsCall(adv, named, adgroupId), 'write', wire);
          },
          lookup: {
            names,
            maxName: AD_NAME_MAX,
            fields: () => ({ adOf: adgroupId }),
            find: (sent) => findAdsNamed(call, REGULAR_ADS, adv, adgroupId, sent),
            idsOf: (r) => r.ad_ids.map(String),
            resultOf: (found) => ({ ad_ids: found.map((c) => c.id), creatives: found.map((c) => c.data ?? {}) }),
          },
        });
        created.ad_ids = a.ad_ids.map(String);
        result.ad = a;
        await ctx.progress({ step, created });
      }
    } catch (err) {
      throw partFailure(err, step, created);
    }
    return { ...created, ...result };
  },
});

/** Keeps the failing call's code (so retries and rate-limit delays still apply) and names what exists. */
function partFailure(err: unknown, step: Step, created: CreatedIds): unknown {
  if (!isAppError(err)) return err;
  const made = Object.keys(created).length
    ? ` Already created: ${[created.campaign_id && `campaign ${created.campaign_id}`, created.adgroup_id && `ad group ${created.adgroup_id}`].filter(Boolean).join(', ')}.`
    : '';
  return new AppError(err.code, `The ${step} step failed: ${err.message.replace(/\.$/, '')}.${made}`, {
    details: [...err.details, { failedStep: step, created }],
    retryAfter: err.retryAfter,
  });
}
