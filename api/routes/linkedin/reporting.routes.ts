import { guardedRoute } from '../guarded-route';
import { readAnalytics } from '../../../shared/platforms/linkedin/operations/analytics';
import { callLinkedin } from '../../../shared/platforms/linkedin/operations/call';
import { creativesCall } from '../../../shared/platforms/linkedin/operations/reads';
import { ReadAnalyticsDto, ReadCreativesDto } from '../../../shared/platforms/linkedin/operations/read.dto';
import { LinkedinAnalyticsDto, LinkedinCreativePageDto } from '../../../shared/platforms/linkedin/operations/records.dto';
import { LINKEDIN_ERRORS, TAGS } from './schemas';

export const readCreativesRoute = guardedRoute({
  platform: 'linkedin',
  from: 'query',
  method: 'get',
  path: '/api/v1/linkedin/creatives',
  operationId: 'readLinkedinCreatives',
  summary: 'List LinkedIn creatives',
  message: 'Creatives fetched',
  description: "LinkedIn `creatives?q=criteria` of the ad account, optionally of some campaigns or intended statuses; LinkedIn's records and cursor paging. Query: `ReadLinkedinCreativesDto`.",
  tags: TAGS,
  auth: 'external',
  query: ReadCreativesDto,
  response: { schema: LinkedinCreativePageDto },
  errors: LINKEDIN_ERRORS,
  handler: async ({ caller, account, query }) => ({ data: await callLinkedin(caller, creativesCall(account.platformAccountId, query), 'read') }),
});

export const readAnalyticsRoute = guardedRoute({
  platform: 'linkedin',
  from: 'query',
  method: 'get',
  path: '/api/v1/linkedin/analytics',
  operationId: 'readLinkedinAnalytics',
  summary: 'Get LinkedIn analytics',
  message: 'Analytics fetched',
  description:
    'LinkedIn `adAnalytics?q=analytics` for the ad account (always a facet), optionally narrowed to campaign groups, campaigns or creatives, which must belong to the account (404 otherwise). Dates are UTC and inclusive; at most 20 `fields`; LinkedIn does not page and caps an answer at 15,000 rows. Needs the `r_ads_reporting` scope. Query: `ReadLinkedinAnalyticsDto`.',
  tags: TAGS,
  auth: 'external',
  query: ReadAnalyticsDto,
  response: { schema: LinkedinAnalyticsDto },
  errors: LINKEDIN_ERRORS,
  handler: async ({ caller, account, query }) => ({ data: await readAnalytics((call) => callLinkedin(caller, call, 'read'), account.platformAccountId, query) }),
});
