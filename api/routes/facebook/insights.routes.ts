import { AppError } from '../../../shared/errors/app-error';
import { InsightsQueryObject, insightsRangeIssues, type InsightsQuery } from '../../../shared/platforms/facebook/dto/insights.dto';
import { InsightsListDto } from '../../../shared/platforms/facebook/dto/objects.dto';
import { get, toGatewayList, type GraphList } from '../../../shared/platforms/facebook/operations/graph-call';
import { isTooMuchData, reportRunRowsCall, syncInsightsCall, wantsAsync } from '../../../shared/platforms/facebook/operations/insights';
import { defineRoute, type HandlerContext, type RouteResult, type RouteSpec } from '../route';
import { READ_ERRORS, TAGS, account, guardQuery, read, readOwned, submitWrite, withoutCredentials } from './support';

const MESSAGE = 'Insights fetched';

async function insights({ deps, auth, req, query }: HandlerContext<undefined, typeof InsightsQueryObject, undefined>): Promise<RouteResult> {
  const q: InsightsQuery = query;
  const issues = insightsRangeIssues(q);
  if (issues.length) {
    throw new AppError('VALIDATION_FAILED', 'Invalid request query', { details: issues.map((i) => ({ path: `query.${i.path}`, message: i.message })) });
  }
  if (q.reportRunId) {
    await readOwned(req, get(q.reportRunId, { fields: 'account_id' }), 'Report run', q.reportRunId);
    const rows = await read<GraphList>(req, reportRunRowsCall(q.reportRunId, q));
    return { data: { ...toGatewayList(rows), reportRunId: q.reportRunId }, message: MESSAGE };
  }
  if (q.objectId) await readOwned(req, get(q.objectId, { fields: 'account_id' }), 'Object', q.objectId);
  const acct = account(req).platformAccountId;
  if (!wantsAsync(q, deps.config.FACEBOOK_INSIGHTS_SYNC_MAX_DAYS)) {
    try {
      return { data: toGatewayList(await read<GraphList>(req, syncInsightsCall(acct, q))), message: MESSAGE };
    } catch (err) {
      // Too big for a synchronous answer: the same request runs as an async report.
      if (!isTooMuchData(err)) throw err;
      req.ctx.log.info({ adAccountId: acct }, 'insights too large for a sync call; switching to an async report run');
    }
  }
  const { after: _a, before: _b, reportRunId: _r, async: _x, ...rest } = withoutCredentials(q);
  return submitWrite(deps, auth, req, 'facebook.insights-report', { query: rest }, MESSAGE);
}

const spec = {
  method: 'get' as const,
  summary: MESSAGE,
  description:
    'Meta insights (`/{act|campaign|adset|ad}/insights`) with level, fields, datePreset or since+until, timeIncrement, breakdowns, actionBreakdowns and filtering. ' +
    "Small ranges answer synchronously; ranges over FACEBOOK_INSIGHTS_SYNC_MAX_DAYS (or Meta's \"reduce the amount of data\") run as an async report run inside a job: " +
    'the same `{ data, paging }` shape plus `reportRunId` (200), or 202 with the poll URL. Page on with `reportRunId` and `after`.',
  tags: TAGS,
  auth: 'external' as const,
  job: 'write' as const,
  query: InsightsQueryObject,
  response: { schema: InsightsListDto },
  errors: READ_ERRORS,
};

export const insightsRoute = defineRoute({ ...spec, path: '/api/v1/facebook/insights', operationId: 'facebookInsights', before: guardQuery(), handler: insights });

export const connectionInsightsRoute = defineRoute({
  ...spec,
  path: '/api/v1/connections/facebook/insights',
  operationId: 'connectionsFacebookInsights',
  tags: ['Connections', ...TAGS],
  before: guardQuery(),
  handler: insights,
});

export const insightsRoutes: RouteSpec[] = [insightsRoute, connectionInsightsRoute];
