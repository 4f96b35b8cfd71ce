import { AppError } from '../../../errors/app-error';
import { createOnce } from '../../core/create-once';
import type { WriteContext } from '../../core/write-operation';
import type { InsightsQuery } from '../dto/insights.dto';
import { facebookConfig } from '../config';
import type { GraphCaller } from './caller';
import { toGatewayList, type GraphList } from './graph-call';
import { reportRunRowsCall, reportRunStatusCall, runState, startReportRunCall, type ReportRun } from './insights';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Meta's async insights (docs/platforms/facebook.md §3): start a report run (once, even across job retries), poll it
 * until it completes, then read the first page of rows. The answer has the sync shape plus
 * `reportRunId`, which pages on through `GET /insights?reportRunId=…&after=…`.
 */
export async function runInsightsReport(ctx: WriteContext, graph: GraphCaller, q: InsightsQuery) {
  const cfg = facebookConfig(ctx.config);
  const pollMs = cfg.FACEBOOK_INSIGHTS_POLL_MS;
  const deadline = Date.now() + cfg.FACEBOOK_INSIGHTS_TIMEOUT_MS;
  const { runId } = await createOnce<{ runId: string }>(ctx, 'report-run', {
    create: async (_rid, wire) => {
      const r = await graph.call<{ report_run_id?: string }>(startReportRunCall(ctx.account.platformAccountId, q), { wire });
      if (!r?.report_run_id) throw new AppError('PLATFORM_UNAVAILABLE', 'Meta did not return a report run id');
      return { runId: String(r.report_run_id) };
    },
  });
  for (;;) {
    const run = await graph.call<ReportRun>(reportRunStatusCall(runId), { kind: 'read' });
    const state = runState(run);
    await ctx.progress({ reportRunId: runId, status: run.async_status, percent: run.async_percent_completion ?? 0 });
    if (state === 'completed') break;
    if (state === 'failed') {
      // A failed run never completes: the job's retry (if any) starts a fresh run instead of re-polling this one.
      await ctx.checkpoint.set('report-run', { state: 'failed', runId });
      throw new AppError('PLATFORM_UNAVAILABLE', run.error_user_msg ?? run.error_message ?? 'Meta could not complete the insights report', {
        details: [{ platform: 'facebook', code: run.error_code, subcode: run.error_subcode, message: run.error_message, reportRunId: runId }],
      });
    }
    if (Date.now() > deadline) throw new AppError('PLATFORM_TIMEOUT', `The insights report ${runId} did not finish in time`);
    await sleep(pollMs);
  }
  const rows = await graph.call<GraphList>(reportRunRowsCall(runId, { limit: q.limit }), { kind: 'read' });
  return { ...toGatewayList(rows), reportRunId: runId };
}
