import { routeReadTool } from '../route-tool';

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const rows = (d: Record<string, unknown>, key: string) => (Array.isArray(d[key]) ? (d[key] as unknown[]).length : 0);
const more = (d: Record<string, unknown>) => (d.nextCursor ? '; more with cursor = nextCursor' : '');

export const getPerformance = routeReadTool({
  name: 'get_performance',
  title: 'Get performance',
  description:
    "One performance report across platforms and the user's accounts (the gateway's unified report): spend, impressions, clicks, conversions and ratios per campaign, ad set or ad, by day or in total, in each account's currency and time zone. " +
    'adAccountIds is a comma list of platform:id (e.g. "facebook:act_1,google:1234567890"); without it every activated account. Money is exact decimal text.',
  operationId: 'readReport',
  summary: (d) => `${count(rows(d, 'rows'), 'row')}, ${count(rows(d, 'errors'), 'account error')}${more(d)}`,
});

export const googleAdsSearch = routeReadTool({
  name: 'google_ads_search',
  title: 'Search Google Ads (GAQL)',
  description:
    'Runs one Google Ads Query Language query (raw `query`, or the structured resource/fields/where form) on one or more of the user\'s Google Ads accounts. The query is parsed and checked before any call to Google: a bad one is INVALID_QUERY with the position of the error.',
  operationId: 'googleGaql',
  summary: (d) => `${count(rows(d, 'data'), 'row')} from ${count(rows(d, 'accountIds'), 'account')}`,
});

export const getJob = routeReadTool({
  name: 'get_job',
  title: 'Get a job',
  description: 'The state and result of a write or import job this user started (a write tool answers with its job id when the job outlasts its wait).',
  operationId: 'getJob',
  annotations: { openWorldHint: false },
  summary: (d) => `Job ${String(d.id)}: ${String(d.state)}`,
});

export const listJobs = routeReadTool({
  name: 'list_jobs',
  title: 'List jobs',
  description: "The user's writes and imports, newest first, filtered by state, type, platform, account or creation time; paged with cursor.",
  operationId: 'listJobs',
  annotations: { openWorldHint: false },
  summary: (d) => `${count(rows(d, 'items'), 'job')}${more(d)}`,
});
