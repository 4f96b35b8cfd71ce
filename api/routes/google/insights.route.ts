import { INSIGHT_LEVEL_DEFS } from '../../../shared/platforms/google/operations/levels';
import { insightsQuery } from '../../../shared/platforms/google/operations/insights';
import { guardedRoute } from '../guarded-route';
import { GoogleGaqlResultDto, GoogleInsightsQueryDto } from './schemas';
import { checkLevelFields } from './validation';
import { googleAds } from './google-ads';

export const googleInsightsRoute = guardedRoute({
  platform: 'google',
  from: 'query',
  method: 'get',
  path: '/api/v1/google/insights',
  operationId: 'googleInsights',
  summary: 'Get Google Ads insights',
  message: 'Insights fetched',
  description:
    'Metrics per entity of a level (account, campaign, ad_group, ad, keyword) over a date range (a DURING literal, or startDate+endDate; default LAST_30_DAYS), optionally broken down by segments. Built as GAQL (returned in `gaqlQuery`) and run with searchStream; same answer shape as `/google/gaql`.',
  tags: ['Google'],
  auth: 'external',
  query: GoogleInsightsQueryDto,
  response: { schema: GoogleGaqlResultDto },
  errors: [400, 403, 404, 429, 502, 504],
  // The fields and the query they build are checked before the guard: a bad one is a 400 whichever account it names.
  check: ({ query }) => {
    checkLevelFields(INSIGHT_LEVEL_DEFS[query.level], query.level, query.fields);
    insightsQuery(query);
  },
  handler: async ({ deps, caller, query }) => ({ data: await googleAds(deps).runGaql([caller], insightsQuery(query).query) }),
});
