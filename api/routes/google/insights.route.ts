import { INSIGHT_LEVEL_DEFS } from '../../../shared/platforms/google/operations/levels';
import { insightsQuery } from '../../../shared/platforms/google/operations/insights';
import { defineRoute } from '../route';
import { guardedCallers } from './targets';
import { GoogleGaqlResultDto, GoogleInsightsQueryDto } from './schemas';
import { checkLevelFields } from './validation';

export const googleInsightsRoute = defineRoute({
  method: 'get',
  path: '/api/v1/google/insights',
  operationId: 'googleInsights',
  summary: 'Insights fetched',
  description:
    'Metrics per entity of a level (account, campaign, ad_group, ad, keyword) over a date range (a DURING literal, or startDate+endDate; default LAST_30_DAYS), optionally broken down by segments. Built as GAQL (returned in `gaqlQuery`) and run with searchStream; same answer shape as `/google/gaql`.',
  tags: ['Google'],
  auth: 'external',
  query: GoogleInsightsQueryDto,
  response: { schema: GoogleGaqlResultDto },
  errors: [400, 403, 404, 429, 502, 504],
  handler: async ({ deps, auth, query }) => {
    checkLevelFields(INSIGHT_LEVEL_DEFS[query.level], query.level, query.fields);
    const { query: gaql } = insightsQuery(query);
    return { data: await deps.services.google.runGaql(await guardedCallers(deps, auth, [query.adAccountId], 'googleInsights'), gaql) };
  },
});
