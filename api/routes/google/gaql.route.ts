import { checkedGaql } from '../../../shared/platforms/google/operations/gaql-input';
import { defineRoute } from '../route';
import { guardedCallers } from './targets';
import { GoogleGaqlQueryDto, GoogleGaqlResultDto } from './schemas';
import { accountIdList, checkGaqlForm } from './validation';
import { googleAds } from './google-ads';

export const googleGaqlRoute = defineRoute({
  method: 'get',
  path: '/api/v1/google/gaql',
  operationId: 'googleGaql',
  summary: 'Run a GAQL query',
  message: 'GAQL query executed',
  description: [
    'Runs one GAQL query (raw `query`, or the structured form built and quoted by the gateway) on one or more accounts through',
    '`googleAds:searchStream`. The query is parsed and checked first: a bad query is 400 `INVALID_QUERY` with the code and',
    'character position in `error.details`, before any platform call. Every listed account must pass the ownership guard.',
    'When some accounts fail and others answer, the answer is 200: `data` holds the rows, then one',
    '`{ accountId, error: { code, message, details } }` per failed account, and `failedAccountIds` lists them. When every',
    'account fails, the first failure is the answer (e.g. 403, 429 with Retry-After, 502).',
  ].join(' '),
  tags: ['Google'],
  auth: 'external',
  query: GoogleGaqlQueryDto,
  response: { schema: GoogleGaqlResultDto },
  errors: [400, 403, 404, 429, 502, 504],
  handler: async ({ deps, auth, query }) => {
    checkGaqlForm(query);
    const { query: gaql } = checkedGaql(query);
    const google = googleAds(deps);
    const ids = accountIdList(query.adAccountId, google.maxAccounts);
    const { targets, known } = await google.expandTargets(await guardedCallers(deps, auth, ids, 'googleAds'), query.includeClients ?? false);
    return { data: await google.runGaql(targets, gaql, known) };
  },
});
