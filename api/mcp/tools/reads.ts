import { count, routeReadTool, rows } from '../route-tool';
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
