import { z } from 'zod';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import { REPORT_LEVELS, type ReportLevel } from '../../platforms/core/report-source';
import type { GuardedAccount } from '../ad-accounts/guard.service';
import type { JobsService, SubmitCaller, SubmitResult } from '../jobs/jobs.service';
import { ImportedEntityWriter } from '../jobs/entity-writer';
import { REPORT_ROWS } from '../jobs/job-entities';
import { JobSql } from '../jobs/job-sql';
import { projectMetrics } from './report-rows';
import type { ReportService } from './report.service';
import { REPORT_METRICS, type CurrencyTotal, type ReportAccountError, type ReportInput, type ReportRow } from './report.types';

/**
 * Roughly how many rows one account-day yields at each level, relative to the account level: what
 * makes a report big besides its accounts and days (docs/reports.md, "Big reports are jobs").
 */
export const LEVEL_WEIGHT: Record<ReportLevel, number> = { account: 1, campaign: 10, adset: 40, ad: 200 };

const DAY_MS = 86_400_000;

/** accounts × days × level weight. */
export function reportSize(accounts: number, input: Pick<ReportInput, 'from' | 'to' | 'level'>): number {
  const days = Math.round((Date.parse(input.to) - Date.parse(input.from)) / DAY_MS) + 1;
  return accounts * days * LEVEL_WEIGHT[input.level];
}

/** `Prefer: respond-async` (RFC 7240), as the jobs service reads it. */
export const prefersAsync = (prefer: string | string[] | undefined): boolean =>
  /(^|[\s,;])respond-async([\s,;]|$)/i.test(Array.isArray(prefer) ? prefer.join(',') : (prefer ?? ''));

const Account = z.object({
  id: z.string(),
  tenantId: z.string(),
  platform: z.string(),
  platformAccountId: z.string(),
  connectionId: z.string(),
  ownerId: z.string(),
  loginCustomerId: z.string().optional(),
  grantedScopes: z.array(z.string()),
});

/** What a report job's row holds: the query and the accounts the guard let through (ids only, never a token). */
const ReportJobParams = z.object({
  input: z.object({
    from: z.string(),
    to: z.string(),
    level: z.enum(REPORT_LEVELS),
    granularity: z.enum(['day', 'total']),
    metrics: z.array(z.enum(REPORT_METRICS)).optional(),
    includeRaw: z.boolean().optional(),
  }),
  accounts: z.array(Account),
  errors: z.array(
    z.object({
      platform: z.string(),
      adAccountId: z.string(),
      code: z.string(),
      message: z.string(),
      reconsent: z.object({ method: z.literal('POST'), path: z.string(), body: z.unknown().optional() }).optional(),
    }),
  ),
});
type ReportJobParams = z.infer<typeof ReportJobParams>;

/** A report job's progress, as `GET /api/v1/jobs/{jobId}` shows it. */
export interface ReportProgress {
  accounts: number;
  accountsRead: number;
  rows: number;
  rowsStored: number;
}

/** A report job's result; its rows are the job's entities. */
export interface ReportJobResult {
  rows: number;
  totals: CurrencyTotal[];
  errors: ReportAccountError[];
  entitiesUrl: string;
}

/**
 * Starts the report as a job answered 202 at once: the caller polls the job and pages its rows. The
 * job is named after the platforms it reads (it has no single account).
 */
export function submitReportJob(
  jobs: JobsService,
  caller: SubmitCaller,
  guarded: { accounts: GuardedAccount[]; errors: ReportAccountError[] },
  input: ReportInput,
): Promise<SubmitResult> {
  const { adAccountIds: _named, ...query } = input;
  const params: ReportJobParams = { input: query, accounts: guarded.accounts, errors: guarded.errors };
  const platforms = [...new Set(guarded.accounts.map((a) => a.platform))].sort();
  return jobs.submit(caller, { type: 'report', platform: platforms.join(',') || 'none', params, preferAsync: true, message: 'Report fetched' });
}

/** Rows are written this many per statement (one jsonb array each). */
const STORE_CHUNK = 1000;

/** Each row's entity id: its natural key, made unique should a platform ever send the same row twice. */
function rowKeys(rows: readonly ReportRow[]): string[] {
  const seen = new Set<string>();
  return rows.map((r, i) => {
    const k = `${r.platform}:${r.adAccountId}:${r.id}:${r.date ?? 'total'}`;
    const key = seen.has(k) ? `${k}#${i}` : k;
    seen.add(key);
    return key;
  });
}

/**
 * Runs a report job in a worker: the same reads as the synchronous report (ReportService.read), then
 * the rows, each as the synchronous answer shows it, stored in report order as the job's entities.
 */
export class ReportJobRunner {
  constructor(private readonly deps: { orm: MikroORM; reports: ReportService }) {}

  async run(job: { id: string; tenantId: string; params?: Record<string, unknown> }, progress: (p: ReportProgress) => Promise<void>): Promise<ReportJobResult> {
    const parsed = ReportJobParams.safeParse(job.params ?? {});
    if (!parsed.success) throw new AppError('INTERNAL', 'The report job holds a query this version cannot read');
    const { input, accounts, errors } = parsed.data;
    const state: ReportProgress = { accounts: accounts.length, accountsRead: 0, rows: 0, rowsStored: 0 };
    const reporter = serialized(progress);
    reporter.push({ ...state });
    const result = await this.deps.reports.read(accounts, errors, input, (read, rows) => reporter.push({ ...state, accountsRead: read, rows }));
    await reporter.settled();
    Object.assign(state, { accountsRead: accounts.length, rows: result.rows.length });
    await this.store(job, result.rows, input.metrics, async (stored) => progress({ ...state, rowsStored: stored }));
    return { rows: result.rows.length, totals: result.totals, errors: result.errors, entitiesUrl: `/api/v1/jobs/${job.id}/entities` };
  }

  /** Replaces whatever an earlier attempt of the job stored, so the rows are this run's, in order. */
  private async store(job: { id: string; tenantId: string }, rows: readonly ReportRow[], metrics: ReportInput['metrics'], onStored: (n: number) => Promise<void>): Promise<void> {
    const scope = { tenantId: job.tenantId, platform: REPORT_ROWS.platform, adAccountId: job.id, jobId: job.id };
    await new JobSql(this.deps.orm).run('delete from imported_entities where tenant_id = ? and platform = ? and ad_account_id = ?', [scope.tenantId, scope.platform, scope.adAccountId]);
    const writer = new ImportedEntityWriter(this.deps.orm, scope);
    const keys = rowKeys(rows);
    for (let i = 0; i < rows.length; i += STORE_CHUNK) {
      const chunk = rows.slice(i, i + STORE_CHUNK).map((r, k) => ({ id: keys[i + k]!, data: projectMetrics(r, metrics) }));
      await writer.upsert(REPORT_ROWS.level, chunk);
      await onStored(i + chunk.length);
    }
    if (!rows.length) await onStored(0);
  }
}

/**
 * Progress reports sent one after another as accounts finish (they finish concurrently); a report
 * that fails is kept and rethrown by `settled`, so a refused claim stops the job there.
 */
function serialized(send: (p: ReportProgress) => Promise<void>) {
  let chain = Promise.resolve();
  let failed: unknown;
  return {
    push(p: ReportProgress): void {
      chain = chain.then(() => (failed === undefined ? send(p) : undefined)).catch((e: unknown) => {
        failed ??= e;
      });
    },
    async settled(): Promise<void> {
      await chain;
      if (failed !== undefined) throw failed;
    },
  };
}
