import { z } from '../../../shared/infra/zod-openapi';
import { IdParams } from '../../../shared/platforms/facebook/dto/common.dto';
import { CreateCampaignDto, CreateSocialCampaignDto, OBJECTIVES, objectiveSegment, type ObjectiveSegment } from '../../../shared/platforms/facebook/dto/campaign.dto';
import { CreateAdCloneDto, CreateSocialAds } from '../../../shared/platforms/facebook/dto/ad.dto';
import { detailCall } from '../../../shared/platforms/facebook/operations/reads';
import { cloneAd, createAd, createCampaign } from '../../../shared/platforms/facebook/operations/write-operations';
import type { RouteSpec } from '../route';
import { writeRoute } from '../guarded-route';
import { withArticle } from '../summary-text';
import { notInAccount, readOwned } from './graph-reads';
import { META_WRITE } from './schemas';

const CreatedDto = z.object({ id: z.string() }).openapi('FacebookCreatedDto');

/**
 * The URL form with the objective in the path (the README's examples use it), beside the body form.
 * Documented as one literal path per objective: a templated `{objective}` would collide with `/campaigns/{id}` in the document.
 */
const createCampaignByPathRoutes = (Object.keys(OBJECTIVES) as ObjectiveSegment[]).map((objective) =>
  writeRoute({
    ...META_WRITE,
    method: 'post',
    path: `/api/v1/facebook/campaigns/${objective}`,
    operationId: `facebookCreate${objective.charAt(0).toUpperCase()}${objective.slice(1)}Campaign`,
    summary: `Create ${withArticle(objective)} campaign (${OBJECTIVES[objective]})`,
    message: 'Campaign created',
    description:
      `Write job: \`POST /act_{id}/campaigns\` with objective ${OBJECTIVES[objective]}, the same request as \`POST /api/v1/facebook/campaigns\` ` +
      `with \`objective: ${OBJECTIVES[objective]}\` (also for \`Idempotency-Key\`). Starts PAUSED unless \`status\` says otherwise; budgets in minor units.`,
    body: CreateSocialCampaignDto,
    response: { schema: CreatedDto },
    op: createCampaign,
    toParams: ({ body }) => ({ objective, campaign: body }),
  }),
);

const createCampaignRoute = writeRoute({
  ...META_WRITE,
  method: 'post',
  path: '/api/v1/facebook/campaigns',
  operationId: 'facebookCreateCampaign',
  summary: 'Create a campaign',
  message: 'Campaign created',
  description:
    'Write job: `POST /act_{id}/campaigns` with Meta’s `objective` (OUTCOME_LEADS/AWARENESS/TRAFFIC/ENGAGEMENT/SALES) in the body. ' +
    'Starts PAUSED unless `status` says otherwise; budgets in minor units. The older form `POST /api/v1/facebook/campaigns/{lead|awareness|traffic|engagement|sales}` ' +
    '(objective in the path, same body without it) still works and is the same request for `Idempotency-Key`.',
  body: CreateCampaignDto,
  response: { schema: CreatedDto },
  op: createCampaign,
  toParams: ({ body }) => {
    const { objective, ...campaign } = body;
    return { objective: objectiveSegment(objective), campaign };
  },
});

const createAdRoute = writeRoute({
  ...META_WRITE,
  method: 'post',
  path: '/api/v1/facebook/ads',
  operationId: 'facebookCreateAd',
  summary: 'Create an ad',
  message: 'Ad created',
  description:
    'Write job: creates the creative first when it is given inline (`object_story_spec` or `object_story_id`), then `POST /act_{id}/ads`. The ad set (and creative) must belong to the account.',
  body: CreateSocialAds,
  response: { schema: z.object({ id: z.string(), creative_id: z.string() }).openapi('FacebookAdCreatedDto') },
  op: createAd,
  // The ad set (and an existing creative) must be the account's.
  toParams: async (ctx) => {
    const { body } = ctx;
    await readOwned(ctx, detailCall(body.adset_id, 'adset', 'id', ['account_id']), 'Ad set', body.adset_id);
    if (body.creative.creative_id) {
      await readOwned(ctx, detailCall(body.creative.creative_id, 'adcreative', 'id', ['account_id']), 'Creative', body.creative.creative_id);
    }
    return { ad: body };
  },
});

const cloneAdRoute = writeRoute({
  ...META_WRITE,
  method: 'post',
  path: '/api/v1/facebook/ads/{id}/clone',
  operationId: 'facebookCloneAd',
  summary: 'Copy an ad',
  message: 'Ad copied',
  description: 'Write job: `POST /{ad_id}/copies` → `{ copied_ad_id }`. Copies start PAUSED unless `status_option` says otherwise.',
  params: IdParams,
  body: CreateAdCloneDto,
  response: { schema: z.object({ copied_ad_id: z.string() }).openapi('FacebookAdCopiedDto') },
  op: cloneAd,
  // The source ad (and a target ad set) must be the account's; the copy is looked up by the source's name after a crash.
  toParams: async (ctx) => {
    const { params, body } = ctx;
    const source = await readOwned(ctx, detailCall(params.id, 'ad', 'id,name', ['account_id']), 'Ad', params.id);
    if (body.adset_id) await readOwned(ctx, detailCall(body.adset_id, 'adset', 'id', ['account_id']), 'Ad set', body.adset_id);
    if (typeof source.name !== 'string') throw notInAccount(ctx, 'Ad', params.id);
    return { adId: params.id, sourceName: source.name, clone: body };
  },
});

export const createRoutes: RouteSpec[] = [createCampaignRoute, ...createCampaignByPathRoutes, createAdRoute, cloneAdRoute];
