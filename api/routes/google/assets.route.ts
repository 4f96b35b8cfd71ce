import { ASSET_LEVEL_DEFS } from '../../../shared/platforms/google/operations/levels';
import { assetsQuery } from '../../../shared/platforms/google/operations/assets';
import { guardedRoute } from '../guarded-route';
import { GoogleAssetsPageDto, GoogleAssetsQueryDto } from './schemas';
import { checkLevelFields } from './validation';
import { googleAds } from './google-ads';

export const googleAssetsRoute = guardedRoute({
  platform: 'google',
  from: 'query',
  method: 'get',
  path: '/api/v1/google/assets',
  operationId: 'googleAssets',
  summary: 'List Google Ads campaigns, ad groups or ads',
  message: 'Assets fetched',
  description:
    'Entities of one level (campaign, ad_group, ad, keyword, asset) as Google returns them, through a paged GAQL search ordered by id. Google pages are fixed at 10,000 rows; pass `paging.nextPageToken` back as `pageToken` with the same other parameters for the next page. `totalResultsCount` is given on the first page.',
  tags: ['Google'],
  auth: 'external',
  query: GoogleAssetsQueryDto,
  response: { schema: GoogleAssetsPageDto },
  errors: [400, 403, 404, 429, 502, 504],
  // The fields and the query they build are checked before the guard: a bad one is a 400 whichever account it names.
  check: ({ query }) => {
    checkLevelFields(ASSET_LEVEL_DEFS[query.level], query.level, query.fields);
    assetsQuery(query);
  },
  handler: async ({ deps, caller, query }) => {
    const { query: gaql } = assetsQuery(query);
    const page = await googleAds(deps).assets(caller, gaql, query.pageToken);
    return { data: { ...page, gaqlQuery: gaql } };
  },
});
