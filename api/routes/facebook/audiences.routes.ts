import { z } from '../../../shared/infra/zod-openapi';
import { EstimateDto, TargetingOptionDto, graphListOf } from '../../../shared/platforms/facebook/dto/objects.dto';
import { CreateLookalikeAudienceDto, EstimateAudienceDto, TargetingSearchDto } from '../../../shared/platforms/facebook/dto/audience.dto';
import { estimateCall, targetingSearchCall } from '../../../shared/platforms/facebook/operations/audiences';
import { detailCall } from '../../../shared/platforms/facebook/operations/reads';
import { createLookalike } from '../../../shared/platforms/facebook/operations/write-operations';
import type { RouteSpec } from '../route';
import { guardedRoute, writeRoute } from '../guarded-route';
import { read, readList, readOwned } from './graph-reads';
import { accountListRoute } from './read-route-factories';
import { META_WRITE, READ_ERRORS, TAGS } from './schemas';

const savedRoute = accountListRoute({
  path: '/api/v1/facebook/audiences/saved',
  operationId: 'facebookListSavedAudiences',
  summary: 'List saved audiences',
  message: 'Saved audiences fetched',
  edge: 'savedAudiences',
});

const customRoute = accountListRoute({
  path: '/api/v1/facebook/audiences/custom',
  operationId: 'facebookListCustomAudiences',
  summary: 'List custom audiences',
  message: 'Custom audiences fetched',
  edge: 'customAudiences',
});

const lookalikeRoute = writeRoute({
  ...META_WRITE,
  method: 'post',
  path: '/api/v1/facebook/audiences/lookalike',
  operationId: 'facebookCreateLookalikeAudience',
  summary: 'Create a lookalike audience',
  message: 'Lookalike audience created',
  description: 'Write job: `POST /act_{id}/customaudiences` with subtype LOOKALIKE from a source audience of the same account.',
  body: CreateLookalikeAudienceDto,
  response: { schema: z.object({ id: z.string() }) },
  op: createLookalike,
  // The source audience must be the account's.
  toParams: async (ctx) => {
    await readOwned(ctx, detailCall(ctx.body.origin_audience_id, 'customaudience', 'id', ['account_id']), 'Custom audience', ctx.body.origin_audience_id);
    return { audience: ctx.body };
  },
});

const estimateRoute = guardedRoute({
  platform: 'facebook',
  from: 'body',
  method: 'post',
  path: '/api/v1/facebook/audiences/estimate',
  operationId: 'facebookEstimateAudience',
  summary: "Estimate an audience's size",
  message: 'Audience size estimated',
  description:
    'Read: `/act_{id}/reachestimate` (`data` is one object with users_lower_bound/users_upper_bound), or `/act_{id}/delivery_estimate` when `optimization_goal` is given.',
  tags: TAGS,
  auth: 'external',
  body: EstimateAudienceDto,
  response: { schema: EstimateDto },
  errors: READ_ERRORS,
  handler: async (ctx) => ({ data: await read(ctx, estimateCall(ctx.account.platformAccountId, ctx.body)) }),
});

export const targetingSearchRoute = guardedRoute({
  platform: 'facebook',
  from: 'body',
  method: 'post',
  path: '/api/v1/facebook/targeting/search',
  operationId: 'facebookTargetingSearch',
  summary: 'Search targeting options',
  message: 'Targeting options found',
  description: 'Read: `/search?type=…` for a typed search (interests, locations, …), `/act_{id}/targetingsearch` otherwise.',
  tags: TAGS,
  auth: 'external',
  body: TargetingSearchDto,
  response: { schema: graphListOf(TargetingOptionDto, 'TargetingOption') },
  errors: READ_ERRORS,
  handler: (ctx) => readList(ctx, targetingSearchCall(ctx.account.platformAccountId, ctx.body), 'Targeting options found'),
});

export const teamTargetingSearchRoute: RouteSpec = {
  ...targetingSearchRoute,
  path: '/api/v1/{teamId}/facebook/targeting/search',
  operationId: 'teamFacebookTargetingSearch',
  summary: 'Search targeting options for a team',
  auth: 'team',
  params: z.object({ teamId: z.string().max(128) }),
};

export const audienceRoutes: RouteSpec[] = [savedRoute, customRoute, lookalikeRoute, estimateRoute, targetingSearchRoute, teamTargetingSearchRoute];
