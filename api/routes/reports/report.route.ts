import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { projectMetrics } from '../../../shared/domain/reports/report-rows';
import { prefersAsync, reportSize, submitReportJob } from '../../../shared/domain/reports/report-jobs';
import { defineRoute } from '../route';
import { streamCsv } from './csv';
import { reportService } from './report-service';
import { MAX_REPORT_DAYS, ReportPageDto, ReportQueryDto, type ReportQuery } from './schemas';

const DAY_MS = 86_400_000;

/** Range rules the schema cannot state, answered before any account is guarded. */
function checkRange(q: ReportQuery): void {
  const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1;
  if (days < 1) throw new AppError('VALIDATION_FAILED', 'Invalid request query', { details: [{ path: 'query.to', message: 'must be on or after from' }] });
  if (days > MAX_REPORT_DAYS) throw new AppError('VALIDATION_FAILED', 'Invalid request query', { details: [{ path: 'query.to', message: `a report covers at most ${MAX_REPORT_DAYS} days` }] });
}

export const reportRoute = defineRoute({
  method: 'get',
  path: '/api/v1/reports',
  operationId: 'readReport',
  summary: 'Get a cross-platform performance report',
  message: 'Report fetched',
  description:
    'One performance report across platforms and accounts (docs/reports.md): the same row for Meta, TikTok, Google Ads and LinkedIn, with currency (ISO 4217), time zone (IANA), attribution window and finality stated. ' +
    'Money is exact decimal text in the account currency; ctr = clicks / impressions × 100, cpc = spend / clicks, cpm = spend / impressions × 1000 (six decimals, null on a zero denominator). ' +
    'Totals are per currency. An account the guard refuses refuses the request (404, 403 AD_ACCOUNT_NOT_OWNED); an account whose platform call fails is named in `errors` with the re-consent hint. ' +
    '`Accept: text/csv` streams every row as CSV (RFC 4180, a header line), whatever the size. ' +
    'Size = accounts × days × level weight (account 1, campaign 10, adset 40, ad 200); a JSON report above `REPORT_JOB_SIZE` (default 20000) runs as a job. Query: `ReportQueryDto`.',
  tags: ['Reports'],
  auth: 'external',
  job: 'report',
  answersWithoutJob: true,
  query: ReportQueryDto,
  response: { schema: ReportPageDto, alternatives: { 'text/csv': z.string().openapi({ description: 'Every row of the report (no paging): a header line, then one line per row, RFC 4180 quoting' }) } },
  errors: [403, 404, 502, 504],
  handler: async ({ deps, req, res, auth, query }) => {
    checkRange(query);
    const input = { adAccountIds: query.adAccountIds, from: query.from, to: query.to, level: query.level, granularity: query.granularity, metrics: query.metrics, includeRaw: query.include === 'raw' };
    const reports = reportService(deps);
    const guarded = await reports.guardedAccounts(auth, input.adAccountIds);
    const csv = req.accepts(['application/json', 'text/csv']) === 'text/csv';
    const size = reportSize(guarded.accounts.length, input);
    if (!csv && (prefersAsync(req.headers.prefer) || size > deps.config.REPORT_JOB_SIZE)) return submitReportJob(deps.services.jobs, { auth, req }, guarded, input);
    if (csv) {
      const result = await reports.read(guarded.accounts, guarded.errors, input);
      if (result.errors.length) res.setHeader('Report-Errors', JSON.stringify(result.errors.map((e) => ({ platform: e.platform, adAccountId: e.adAccountId, code: e.code }))));
      await streamCsv(res, result.rows.map((r) => projectMetrics(r, query.metrics)), input.includeRaw);
      return { handled: true };
    }
    const page = await reports.readPage(guarded.accounts, guarded.errors, input, { cursor: query.cursor, limit: query.limit });
    return { data: page, message: 'Report fetched' };
  },
});
