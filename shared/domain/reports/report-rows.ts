import type { SourceRow } from '../../platforms/core/report-source';
import { derivedOf, minorUnits, money } from './money';
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
  minor = minorUnits(ctx.currency),
): ReportRow {
  const spend = money(r.spend, ctx.currency, minor);
  const { ctr, cpc, cpm } = derivedOf(spend, r.impressions, r.clicks);
  const parent = { campaignId: r.parent.campaignId ?? null, adsetId: r.parent.adsetId ?? null };
  const conversionValue = r.conversionValue === null ? null : money(r.conversionValue, ctx.currency, minor);
  // One literal per granularity (not spreads): the row is built in one allocation, keys in answer order.
  const row: ReportRow =
    input.granularity === 'day'
      ? {
          platform: ctx.platform, adAccountId: ctx.adAccountId, accountName: ctx.accountName, currency: ctx.currency, timezone: ctx.timezone, level: input.level,
          id: r.id, name: r.name, parent, date: r.date ?? input.from,
          spend, conversionValue, impressions: r.impressions, clicks: r.clicks, conversions: r.conversions, reach: r.reach, ctr, cpc, cpm,
          attribution: r.attribution, finalized: Date.parse(`${r.date ?? input.to}T00:00:00Z`) < finalFrom,
        }
      : {
          platform: ctx.platform, adAccountId: ctx.adAccountId, accountName: ctx.accountName, currency: ctx.currency, timezone: ctx.timezone, level: input.level,
          id: r.id, name: r.name, parent, from: input.from, to: input.to,
          spend, conversionValue, impressions: r.impressions, clicks: r.clicks, conversions: r.conversions, reach: r.reach, ctr, cpc, cpm,
          attribution: r.attribution, finalized: Date.parse(`${r.date ?? input.to}T00:00:00Z`) < finalFrom,
        };
  if (input.includeRaw) row.raw = r.raw;
  return row;
}

export function buildRows(ctx: AccountContext, rows: readonly SourceRow[], input: ReportInput): ReportRow[] {
  const now = new Date();
  const finalFrom = finalBefore(ctx.timezone, ctx.restatementDays, now);
  const minor = minorUnits(ctx.currency);
  return rows.map((r) => buildRow(ctx, r, input, now, finalFrom, minor));
}

const ALL_METRICS = ['spend', 'conversionValue', 'impressions', 'clicks', 'conversions', 'reach', 'ctr', 'cpc', 'cpm'] as const;

/** The row with only the metrics the request asked for (all when it named none). */
export function projectMetrics(row: ReportRow, metrics: readonly string[] | undefined): ReportRow {
  if (!metrics?.length) return row;
  const out = { ...row };
  for (const m of ALL_METRICS) if (!metrics.includes(m)) delete out[m];
  return out;
}
