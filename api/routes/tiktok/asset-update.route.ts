import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { AssetUpdateParams, LEVEL_FIELDS, UpdateAssetDto } from '../../../shared/platforms/tiktok/operations/asset-update.dto';
import { checkBudget, currencyCall, currentObjectCall } from '../../../shared/platforms/tiktok/operations/asset-update';
import { updateAssetOperation } from '../../../shared/platforms/tiktok/operations/asset-update.operation';
import { callTiktok } from '../../../shared/platforms/tiktok/operations/runtime';
import { TiktokAdDto, TiktokAdGroupDto, TiktokCampaignDto } from '../../../shared/platforms/tiktok/operations/objects.dto';
import { writeRoute } from '../guarded-route';
import { TIKTOK_ERRORS } from './schemas';

const NOUN = { campaign: 'campaign', adgroup: 'ad group', ad: 'ad' } as const;

export const updateAssetRoute = writeRoute({
  from: 'body',
  method: 'patch',
  path: '/api/v1/tiktok/assets/{level}/{id}',
  operationId: 'updateTiktokAsset',
  summary: 'Update a TikTok campaign, ad group or ad',
  description:
    'Partial update through TikTok `campaign/update/`, `adgroup/update/` or `ad/update/` (`patch_update`) as a write job. Campaign: name, budget, PO number. ' +
    'Ad group: name, budget, schedule, bid, pacing and targeting. Ad: creative fields. The object must belong to `adAccountId` (404 otherwise). ' +
    "Budgets are checked first (400 naming the field): the budget mode cannot change (an unlimited campaign gets no budget); in USD accounts a campaign needs at least 50 and an ad group 20 a day (20 × scheduled days for a lifetime budget).",
  tags: ['TikTok'],
  auth: 'external',
  params: AssetUpdateParams,
  body: UpdateAssetDto,
  response: {
    schema: z
      .union([TiktokCampaignDto, TiktokAdGroupDto, z.object({ ad_ids: z.array(z.string()), creatives: z.array(TiktokAdDto) })])
      .openapi('TiktokAssetUpdatedDto', { description: "TikTok's answer: the updated campaign or ad group, or `{ ad_ids, creatives }` for an ad" }),
  },
  errors: [...TIKTOK_ERRORS, 409],
  op: updateAssetOperation,
  // The object is read first: it must be the account's, and budgets are checked against it.
  toParams: async ({ caller, account, params, body }) => {
    const { adAccountId: _a, ...fields } = body;
    const other = Object.keys(fields).filter((k) => fields[k as keyof typeof fields] !== undefined && !LEVEL_FIELDS[params.level].includes(k));
    if (other.length) {
      throw new AppError('VALIDATION_FAILED', `Invalid request body: not fields of a ${NOUN[params.level]}`, {
        details: other.map((k) => ({ path: `body.${k}`, message: `not a field of a ${NOUN[params.level]}` })),
      });
    }
    const adv = account.platformAccountId;
    const found = await callTiktok<{ list?: Record<string, unknown>[] }>(caller, currentObjectCall(params.level, adv, params.id), 'read');
    const current = found?.list?.find((o) => String(o[`${params.level}_id`]) === params.id);
    if (!current) throw new AppError('NOT_FOUND', `The ${NOUN[params.level]} ${params.id} was not found in advertiser ${adv}`);
    if (fields.budget !== undefined) {
      const info = await callTiktok<{ list?: { currency?: string }[] }>(caller, currencyCall(adv), 'read');
      checkBudget(params.level, current, fields, info?.list?.[0]?.currency);
    } else checkBudget(params.level, current, fields, undefined);
    const adgroupId = params.level === 'ad' ? String(current.adgroup_id) : undefined;
    return { level: params.level, id: params.id, adgroupId, fields };
  },
  message: ({ params }) => `${NOUN[params.level][0]!.toUpperCase()}${NOUN[params.level].slice(1)} updated`,
});
