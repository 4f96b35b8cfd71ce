import type { SourceRow } from '../../platforms/core/report-source';
import { derived, formatDec, minorUnits, money, parseDec, ZERO } from './money';
import { isDecimal } from '../../platforms/core/decimal';
import { finalBefore } from './report-accounts';
import type { ReportInput, ReportRow } from './report.types';

/** What every row of one account states besides its metrics. */
export interface AccountContext {
  platform: string;
  adAccountId: string;
  accountName: string | null;
  currency: string;
  timezone: string;
  restatementDays: number;
}

/**
 * A platform row as a report row: money in the currency's canonical form, the derived metrics,
 * finality (`finalFrom`: the account's first day not yet final, computed once per account).
 */
export function buildRow(
  ctx: AccountContext,
  r: SourceRow,
  input: Pick<ReportInput, 'level' | 'granularity' | 'from' | 'to' | 'includeRaw'>,
  now = new Date(),
  finalFrom = finalBefore(ctx.timezone, ctx.restatementDays, now),
): ReportRow {
  const spendDec = isDecimal(r.spend) ? parseDec(r.spend) : ZERO;
  const spend = formatDec(spendDec, minorUnits(ctx.currency));
  const lastDay = r.date ?? input.to;
  return {
    platform: ctx.platform,
    adAccountId: ctx.adAccountId,
    accountName: ctx.accountName,
    currency: ctx.currency,
    timezone: ctx.timezone,
    level: input.level,
    id: r.id,
    name: r.name,
    parent: { campaignId: r.parent.campaignId ?? null, adsetId: r.parent.adsetId ?? null },
    ...(input.granularity === 'day' ? { date: r.date ?? input.from } : { from: input.from, to: input.to }),
    spend,
    conversionValue: r.conversionValue === null ? null : money(r.conversionValue, ctx.currency),
    impressions: r.impressions,
    clicks: r.clicks,
    conversions: r.conversions,
    reach: r.reach,
    ...derived(spendDec, r.impressions, r.clicks),
    attribution: r.attribution,
    finalized: Date.parse(`${lastDay}T00:00:00Z`) < finalFrom,
    ...(input.includeRaw ? { raw: r.raw } : {}),
  };
}

export function buildRows(ctx: AccountContext, rows: readonly SourceRow[], input: ReportInput): ReportRow[] {
  const now = new Date();
  const finalFrom = finalBefore(ctx.timezone, ctx.restatementDays, now);
  return rows.map((r) => buildRow(ctx, r, input, now, finalFrom));
}

const ALL_METRICS = ['spend', 'conversionValue', 'impressions', 'clicks', 'conversions', 'reach', 'ctr', 'cpc', 'cpm'] as const;

/** The row with only the metrics the request asked for (all when it named none). */
export function projectMetrics(row: ReportRow, metrics: readonly string[] | undefined): ReportRow {
  if (!metrics?.length) return row;
  const out = { ...row };
  for (const m of ALL_METRICS) if (!metrics.includes(m)) delete out[m];
  return out;
}
