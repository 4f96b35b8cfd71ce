import { z } from '../../../shared/infra/zod-openapi';
import { EstimateDto, TargetingOptionDto, graphListOf } from '../../../shared/platforms/facebook/dto/objects.dto';
import { CreateLookalikeAudienceDto, EstimateAudienceDto, TargetingSearchDto } from '../../../shared/platforms/facebook/dto/audience.dto';
import { estimateCall, targetingSearchCall } from '../../../shared/platforms/facebook/operations/audiences';
import { detailCall } from '../../../shared/platforms/facebook/operations/reads';
import { defineRoute, type RouteSpec } from '../route';
import { accountListRoute } from './read-route-factories';
import { READ_ERRORS, TAGS, WRITE_ERRORS, account, guardBody, read, readList, readOwned, submitWrite } from './support';

const savedRoute = accountListRoute({
  path: '/api/v1/facebook/audiences/saved',
  operationId: 'facebookListSavedAudiences',
  summary: 'Saved audiences fetched',
  edge: 'savedAudiences',
});

const customRoute = accountListRoute({
  path: '/api/v1/facebook/audiences/custom',
  operationId: 'facebookListCustomAudiences',
  summary: 'Custom audiences fetched',
  edge: 'customAudiences',
});

const lookalikeRoute = defineRoute({
  method: 'post',
  path: '/api/v1/facebook/audiences/lookalike',
  operationId: 'facebookCreateLookalikeAudience',
  job: 'write',
  summary: 'Lookalike audience created',
  description: 'Write job: `POST /act_{id}/customaudiences` with subtype LOOKALIKE from a source audience of the same account.',
  tags: TAGS,
  auth: 'external',
  body: CreateLookalikeAudienceDto,
  response: { schema: z.object({ id: z.string() }) },
  errors: WRITE_ERRORS,
  before: guardBody(),
  handler: async ({ deps, auth, req, body }) => {
    await readOwned(req, detailCall(body.origin_audience_id, 'customaudience', 'id', ['account_id']), 'Custom audience', body.origin_audience_id);
    return submitWrite(deps, auth, req, 'facebook.create-lookalike', { audience: body }, 'Lookalike audience created');
  },
});

const estimateRoute = defineRoute({
  method: 'post',
  path: '/api/v1/facebook/audiences/estimate',
  operationId: 'facebookEstimateAudience',
  summary: 'Audience size estimated',
  description:
    'Read: `/act_{id}/reachestimate` (`data` is one object with users_lower_bound/users_upper_bound), or `/act_{id}/delivery_estimate` when `optimization_goal` is given.',
  tags: TAGS,
  auth: 'external',
  body: EstimateAudienceDto,
  response: { schema: EstimateDto },
  errors: READ_ERRORS,
  before: guardBody(),
  handler: async ({ req, body }) => ({ data: await read(req, estimateCall(account(req).platformAccountId, body)) }),
});

export const targetingSearchRoute = defineRoute({
  method: 'post',
  path: '/api/v1/facebook/targeting/search',
  operationId: 'facebookTargetingSearch',
  summary: 'Targeting options found',
  description: 'Read: `/search?type=…` for a typed search (interests, locations, …), `/act_{id}/targetingsearch` otherwise.',
  tags: TAGS,
  auth: 'external',
  body: TargetingSearchDto,
  response: { schema: graphListOf(TargetingOptionDto, 'TargetingOption') },
  errors: READ_ERRORS,
  before: guardBody(),
  handler: ({ req, body }) => readList(req, targetingSearchCall(account(req).platformAccountId, body), 'Targeting options found'),
});

export const teamTargetingSearchRoute: RouteSpec = {
  ...targetingSearchRoute,
  path: '/api/v1/{teamId}/facebook/targeting/search',
  operationId: 'teamFacebookTargetingSearch',
  auth: 'team',
  params: z.object({ teamId: z.string().max(128) }),
};

export const audienceRoutes: RouteSpec[] = [savedRoute, customRoute, lookalikeRoute, estimateRoute, targetingSearchRoute, teamTargetingSearchRoute];
