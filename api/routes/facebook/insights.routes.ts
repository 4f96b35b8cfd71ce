import { AppError } from '../../../shared/errors/app-error';
import { InsightsQueryObject, insightsRangeIssues, type InsightsQuery } from '../../../shared/platforms/facebook/dto/insights.dto';
import { facebookConfig } from '../../../shared/platforms/facebook/config';
import { InsightsListDto } from '../../../shared/platforms/facebook/dto/objects.dto';
import { get, toGatewayList, type GraphList } from '../../../shared/platforms/facebook/operations/graph-call';
import { isTooMuchData, reportRunRowsCall, syncInsightsCall, wantsAsync } from '../../../shared/platforms/facebook/operations/insights';
import { insightsReport } from '../../../shared/platforms/facebook/operations/write-operations';
import type { RouteResult, RouteSpec } from '../route';
import { DryRunQuery, guardedRoute, submitWrite, type GuardedContext } from '../guarded-route';
import { read, readOwned } from './graph-reads';
import { READ_ERRORS, TAGS } from './schemas';

const MESSAGE = 'Insights fetched';

/** A range that runs as a report is a write job like any other, so it takes `dryRun` too (a direct read changes nothing either way). */
const InsightsRouteQuery = InsightsQueryObject.extend(DryRunQuery.shape);

/** Query values that are credentials, never part of a job payload. */
function withoutCredentials<T extends Record<string, unknown>>(q: T): Omit<T, 'token' | 'externalUserId'> {
  const { token: _t, externalUserId: _e, ...rest } = q;
  return rest;
}

/** A read, answered directly, or (too big for that) an async report run as a write job. */
async function insights(ctx: GuardedContext<undefined, typeof InsightsRouteQuery, undefined>): Promise<RouteResult> {
  const { deps, req, query } = ctx;
  const q: InsightsQuery = query;
  const issues = insightsRangeIssues(q);
  if (issues.length) {
    throw new AppError('VALIDATION_FAILED', 'Invalid request query', { details: issues.map((i) => ({ path: `query.${i.path}`, message: i.message })) });
  }
  if (q.reportRunId) {
    await readOwned(ctx, get(q.reportRunId, { fields: 'account_id' }), 'Report run', q.reportRunId);
    const rows = await read<GraphList>(ctx, reportRunRowsCall(q.reportRunId, q));
    return { data: { ...toGatewayList(rows), reportRunId: q.reportRunId }, message: MESSAGE };
  }
  if (q.objectId) await readOwned(ctx, get(q.objectId, { fields: 'account_id' }), 'Object', q.objectId);
  const acct = ctx.account.platformAccountId;
  if (!wantsAsync(q, facebookConfig(deps.config).FACEBOOK_INSIGHTS_SYNC_MAX_DAYS)) {
    try {
      return { data: toGatewayList(await read<GraphList>(ctx, syncInsightsCall(acct, q))), message: MESSAGE };
    } catch (err) {
      // Too big for a synchronous answer: the same request runs as an async report.
      if (!isTooMuchData(err)) throw err;
      req.ctx.log.info({ adAccountId: acct }, 'insights too large for a sync call; switching to an async report run');
    }
  }
  const { after: _a, before: _b, reportRunId: _r, async: _x, dryRun: _d, ...rest } = withoutCredentials(query);
  return submitWrite(ctx, insightsReport, { query: rest }, MESSAGE);
}

const spec = {
  platform: 'facebook' as const,
  from: 'query' as const,
  method: 'get' as const,
  summary: 'Get Meta insights',
  message: MESSAGE,
  description:
    'Meta insights (`/{act|campaign|adset|ad}/insights`) with level, fields, datePreset or since+until, timeIncrement, breakdowns, actionBreakdowns and filtering. ' +
    "Small ranges answer synchronously; ranges over FACEBOOK_INSIGHTS_SYNC_MAX_DAYS (or Meta's \"reduce the amount of data\") run as an async report run inside a job: " +
    'the same `{ data, paging }` shape plus `reportRunId` (200), or 202 with the poll URL. Page on with `reportRunId` and `after`.',
  tags: TAGS,
  auth: 'external' as const,
  job: 'write' as const,
  // Small ranges are read directly and answer 200 without a job.
  answersWithoutJob: true,
  query: InsightsRouteQuery,
  response: { schema: InsightsListDto },
  errors: READ_ERRORS,
};

export const insightsRoute = guardedRoute({ ...spec, path: '/api/v1/facebook/insights', operationId: 'facebookInsights', handler: insights });

export const connectionInsightsRoute = guardedRoute({
  ...spec,
  path: '/api/v1/connections/facebook/insights',
  operationId: 'connectionsFacebookInsights',
  summary: 'Get Meta insights (connection surface)',
  tags: ['Connections', ...TAGS],
  handler: insights,
});

export const insightsRoutes: RouteSpec[] = [insightsRoute, connectionInsightsRoute];
