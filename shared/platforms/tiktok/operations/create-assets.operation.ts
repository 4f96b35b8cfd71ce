import { AppError, isAppError } from '../../../errors/app-error';
import { createOnce } from '../../../domain/jobs/create-once';
import { defineWriteOperation } from '../../../domain/jobs/write-operation.types';
import { get, type TiktokCall } from './call';
import { CreateAssetsDto, type CreateAssets } from './assets.dto';
import { createAdGroupCall, createAdsCall, createCampaignCall } from './assets-write';
import { callFromJob } from './runtime';

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
 * Each step is checkpointed and carries a stable request_id, so a retry after a crash or a lost
 * answer reuses what exists instead of creating it twice. A failure part-way names what was
 * created (error.details) so nothing is orphaned silently.
 */
export const createAssetsOperation = defineWriteOperation<CreateAssets>({
  name: 'tiktok.assets.create',
  platform: 'tiktok',
  params: CreateAssetsDto,
  run: async (ctx, p) => {
    const account = ctx.account;
    const adv = account.platformAccountId;
    const call = <T>(c: TiktokCall, kind: 'read' | 'write' = 'write') => callFromJob<T>(ctx.platform, c, kind);
    const created: CreatedIds = {};
    const result: Rec = {};
    let step: Step = 'campaign';
    try {
      if (p.campaign) {
        const dto = p.campaign;
        const c = await createOnce<Rec>(ctx, 'campaign', { create: (rid) => call<Rec>(createCampaignCall(adv, dto, rid)) });
        created.campaign_id = String(c.campaign_id);
        result.campaign = c;
        await ctx.progress({ step, created });
      }
      if (p.adGroup) {
        step = 'adgroup';
        const dto = p.adGroup;
        const campaignId = created.campaign_id ?? dto.campaignId!;
        const { campaignId: _given, ...rest } = dto;
        const g = await createOnce<Rec>(ctx, 'adgroup', { create: (rid) => call<Rec>(createAdGroupCall(adv, rest, campaignId, rid)) });
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
          create: (rid) => call<AdsResult>(createAdsCall(adv, dto, adgroupId, rid)),
          // Only an ad group made by this job is known to hold no ads of the same names.
          find: created.adgroup_id ? () => findAds(call, adv, adgroupId, names) : undefined,
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

/** Ads an interrupted attempt created under the ad group, if every name is there. */
async function findAds(
  call: <T>(c: TiktokCall, kind?: 'read' | 'write') => Promise<T>,
  adv: string,
  adgroupId: string,
  names: string[],
): Promise<AdsResult | undefined> {
  const page = await call<{ list?: Rec[] }>(
    get('ad/get/', { advertiser_id: adv, filtering: { adgroup_ids: [adgroupId] }, page_size: 100 }),
    'read',
  );
  const byName = new Map((page.list ?? []).map((r) => [String(r.ad_name), r]));
  const found = names.map((n) => byName.get(n));
  if (found.some((r) => !r)) return undefined;
  return { ad_ids: found.map((r) => String(r!.ad_id)), creatives: found as Rec[] };
}

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
