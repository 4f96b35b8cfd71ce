import type { AccountFacts, ReportSource, SourceRow } from '../../platforms/core/report-source';
import { derived, minorUnits, money } from './money';
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

/** What every row of an account states, from the facts found for it (an unknown currency is ISO 4217's XXX, an unknown zone UTC). */
export function accountContext(platform: string, adAccountId: string, source: Pick<ReportSource, 'restatementDays'>, facts: AccountFacts): AccountContext {
  return {
    platform,
    adAccountId,
    accountName: facts.name ?? null,
    currency: (facts.currency ?? 'XXX').toUpperCase(),
    timezone: facts.timezone ?? 'UTC',
    restatementDays: source.restatementDays,
  };
}

const firstDayNotFinal = (ctx: AccountContext, now: Date) => new Date(finalBefore(ctx.timezone, ctx.restatementDays, now)).toISOString().slice(0, 10);

/**
 * A platform row as a report row: money in the currency's canonical form, the derived metrics,
 * finality (`finalDay`: the account's first day not yet final, YYYY-MM-DD, computed once per
 * account; days compare as their text).
 */
export function buildRow(
  ctx: AccountContext,
  r: SourceRow,
  input: Pick<ReportInput, 'level' | 'granularity' | 'from' | 'to' | 'includeRaw'>,
  now = new Date(),
  finalDay = firstDayNotFinal(ctx, now),
  minor = minorUnits(ctx.currency),
): ReportRow {
  const spend = money(r.spend, ctx.currency, minor);
  const { ctr, cpc, cpm } = derived(spend, r.impressions, r.clicks);
  const parent = { campaignId: r.parent.campaignId ?? null, adsetId: r.parent.adsetId ?? null };
  const conversionValue = r.conversionValue === null ? null : money(r.conversionValue, ctx.currency, minor);
  const daily = input.granularity === 'day';
  // One literal whatever the granularity, so every row has one shape, keys in answer order: a daily
  // row's `from`/`to` and a total's `date` are undefined, which JSON leaves out.
  const row: ReportRow = {
    platform: ctx.platform, adAccountId: ctx.adAccountId, accountName: ctx.accountName, currency: ctx.currency, timezone: ctx.timezone, level: input.level,
    id: r.id, name: r.name, parent,
    date: daily ? (r.date ?? input.from) : undefined, from: daily ? undefined : input.from, to: daily ? undefined : input.to,
    spend, conversionValue, impressions: r.impressions, clicks: r.clicks, conversions: r.conversions, reach: r.reach, ctr, cpc, cpm,
    attribution: r.attribution, finalized: (r.date ?? input.to) < finalDay,
  };
  if (input.includeRaw) row.raw = r.raw;
  return row;
}

export function buildRows(ctx: AccountContext, rows: readonly SourceRow[], input: ReportInput): ReportRow[] {
  const now = new Date();
  const finalDay = firstDayNotFinal(ctx, now);
  const minor = minorUnits(ctx.currency);
  return rows.map((r) => buildRow(ctx, r, input, now, finalDay, minor));
}

const ALL_METRICS = ['spend', 'conversionValue', 'impressions', 'clicks', 'conversions', 'reach', 'ctr', 'cpc', 'cpm'] as const;

/** The row with only the metrics the request asked for (all when it named none). */
export function projectMetrics(row: ReportRow, metrics: readonly string[] | undefined): ReportRow {
  if (!metrics?.length) return row;
  const out = { ...row };
  for (const m of ALL_METRICS) if (!metrics.includes(m)) delete out[m];
  return out;
}
