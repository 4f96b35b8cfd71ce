import { z } from '../../../shared/infra/zod-openapi';
import { IdParams } from '../../../shared/platforms/facebook/dto/common.dto';
import { CreateCampaignDto, CreateSocialCampaignDto, ObjectiveParams, objectiveSegment } from '../../../shared/platforms/facebook/dto/campaign.dto';
import { CreateAdCloneDto, CreateSocialAds } from '../../../shared/platforms/facebook/dto/ad.dto';
import { detailCall } from '../../../shared/platforms/facebook/operations/reads';
import { defineRoute, type RouteSpec } from '../route';
import { TAGS, WRITE_ERRORS, guardBody, notInAccount, readOwned, submitWrite } from './support';

const CreatedDto = z.object({ id: z.string() }).openapi('FacebookCreatedDto');

/** The older URL form, kept working; left out of the document because `{objective}` collides with `/campaigns/{id}`. */
const createCampaignByPathRoute = defineRoute({
  method: 'post',
  path: '/api/v1/facebook/campaigns/{objective}',
  operationId: 'facebookCreateCampaignByObjectivePath',
  hidden: true,
  job: 'write',
  summary: 'Campaign created',
  description:
    'Write job: `POST /act_{id}/campaigns` with objective OUTCOME_LEADS/AWARENESS/TRAFFIC/ENGAGEMENT/SALES. Starts PAUSED unless `status` says otherwise; budgets in minor units.',
  tags: TAGS,
  auth: 'external',
  params: ObjectiveParams,
  body: CreateSocialCampaignDto,
  response: { schema: CreatedDto },
  errors: WRITE_ERRORS,
  before: guardBody(),
  handler: ({ deps, auth, req, params, body }) =>
    submitWrite(deps, auth, req, 'facebook.create-campaign', { objective: params.objective, campaign: body }, 'Campaign created'),
});

const createCampaignRoute = defineRoute({
  method: 'post',
  path: '/api/v1/facebook/campaigns',
  operationId: 'facebookCreateCampaign',
  summary: 'Campaign created',
  description:
    'Write job: `POST /act_{id}/campaigns` with Meta’s `objective` (OUTCOME_LEADS/AWARENESS/TRAFFIC/ENGAGEMENT/SALES) in the body. ' +
    'Starts PAUSED unless `status` says otherwise; budgets in minor units. The older form `POST /api/v1/facebook/campaigns/{lead|awareness|traffic|engagement|sales}` ' +
    '(objective in the path, same body without it) still works and is the same request for `Idempotency-Key`.',
  tags: TAGS,
  auth: 'external',
  job: 'write',
  body: CreateCampaignDto,
  response: { schema: CreatedDto },
  errors: WRITE_ERRORS,
  before: guardBody(),
  handler: ({ deps, auth, req, body }) => {
    const { objective, ...campaign } = body;
    return submitWrite(deps, auth, req, 'facebook.create-campaign', { objective: objectiveSegment(objective), campaign }, 'Campaign created');
  },
});

const createAdRoute = defineRoute({
  method: 'post',
  path: '/api/v1/facebook/ads',
  operationId: 'facebookCreateAd',
  job: 'write',
  summary: 'Ad created',
  description:
    'Write job: creates the creative first when it is given inline (`object_story_spec` or `object_story_id`), then `POST /act_{id}/ads`. The ad set (and creative) must belong to the account.',
  tags: TAGS,
  auth: 'external',
  body: CreateSocialAds,
  response: { schema: z.object({ id: z.string(), creative_id: z.string() }).openapi('FacebookAdCreatedDto') },
  errors: WRITE_ERRORS,
  before: guardBody(),
  handler: async ({ deps, auth, req, body }) => {
    await readOwned(req, detailCall(body.adset_id, 'adset', 'id', ['account_id']), 'Ad set', body.adset_id);
    if (body.creative.creative_id) {
      await readOwned(req, detailCall(body.creative.creative_id, 'adcreative', 'id', ['account_id']), 'Creative', body.creative.creative_id);
    }
    return submitWrite(deps, auth, req, 'facebook.create-ad', { ad: body }, 'Ad created');
  },
});

const cloneAdRoute = defineRoute({
  method: 'post',
  path: '/api/v1/facebook/ads/{id}/clone',
  operationId: 'facebookCloneAd',
  job: 'write',
  summary: 'Ad copied',
  description: 'Write job: `POST /{ad_id}/copies` → `{ copied_ad_id }`. Copies start PAUSED unless `status_option` says otherwise.',
  tags: TAGS,
  auth: 'external',
  params: IdParams,
  body: CreateAdCloneDto,
  response: { schema: z.object({ copied_ad_id: z.string() }).openapi('FacebookAdCopiedDto') },
  errors: WRITE_ERRORS,
  before: guardBody(),
  handler: async ({ deps, auth, req, params, body }) => {
    const source = await readOwned(req, detailCall(params.id, 'ad', 'id,name', ['account_id']), 'Ad', params.id);
    if (body.adset_id) await readOwned(req, detailCall(body.adset_id, 'adset', 'id', ['account_id']), 'Ad set', body.adset_id);
    if (typeof source.name !== 'string') throw notInAccount('Ad', params.id, req);
    return submitWrite(deps, auth, req, 'facebook.clone-ad', { adId: params.id, sourceName: source.name, clone: body }, 'Ad copied');
  },
});

export const createRoutes: RouteSpec[] = [createCampaignRoute, createCampaignByPathRoute, createAdRoute, cloneAdRoute];
