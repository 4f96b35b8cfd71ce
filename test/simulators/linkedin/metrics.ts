/**
 * Deterministic delivery per creative and UTC day, so a report over any range is the sum of its
 * days and identical on every run. Only seeded creatives of the small accounts deliver; creatives
 * made through the API (and the benchmark account) have no activity. Counts are integers, money
 * metrics decimal strings (docs/platforms/linkedin.md, "Reporting").
 */
import { hash01 } from '../common/hash';

export const COUNT_METRICS = [
  'impressions', 'clicks', 'landingPageClicks', 'totalEngagements', 'likes', 'comments', 'shares', 'follows',
  'externalWebsiteConversions', 'externalWebsitePostClickConversions', 'externalWebsitePostViewConversions',
  'oneClickLeads', 'oneClickLeadFormOpens', 'videoViews', 'videoStarts', 'videoCompletions', 'sends', 'opens',
] as const;
export const MONEY_METRICS = ['costInLocalCurrency', 'costInUsd', 'conversionValueInLocalCurrency'] as const;
export const METRICS: readonly string[] = [...COUNT_METRICS, ...MONEY_METRICS];

export type DayMetrics = Record<string, number>;

/** USD per unit of the account currency (fixed: the simulator has no FX feed). */
const USD_RATE: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27, JPY: 0.0067 };

export function dayMetrics(seed: number, creativeId: number, day: string, currency: string): DayMetrics {
  const h = (k: string) => hash01(seed, `${creativeId}|${day}|${k}`);
  const impressions = 200 + Math.floor(h('i') * 4800);
  const clicks = Math.floor(impressions * (0.005 + h('c') * 0.03));
  const cost = Math.round(impressions * (0.004 + h('$') * 0.01) * 100) / 100;
  const conversions = Math.floor(clicks * 0.05 * h('v'));
  return {
    impressions,
    clicks,
    landingPageClicks: Math.floor(clicks * 0.8),
    totalEngagements: clicks + Math.floor(impressions * 0.01 * h('e')),
    likes: Math.floor(impressions * 0.004 * h('l')),
    comments: Math.floor(impressions * 0.0005 * h('m')),
    shares: Math.floor(impressions * 0.0003 * h('s')),
    follows: Math.floor(impressions * 0.0002 * h('f')),
    externalWebsiteConversions: conversions,
    externalWebsitePostClickConversions: conversions,
    externalWebsitePostViewConversions: 0,
    oneClickLeads: 0,
    oneClickLeadFormOpens: 0,
    videoViews: 0,
    videoStarts: 0,
    videoCompletions: 0,
    sends: 0,
    opens: 0,
    costInLocalCurrency: cost,
    costInUsd: Math.round(cost * (USD_RATE[currency] ?? 1) * 1000) / 1000,
    conversionValueInLocalCurrency: Math.round(conversions * 40 * 100) / 100,
  };
}

export function addInto(sum: DayMetrics, d: DayMetrics): void {
  for (const [k, v] of Object.entries(d)) sum[k] = (sum[k] ?? 0) + v;
}

/** A metric as LinkedIn sends it: money as a decimal string, counts as integers. */
export function wireValue(metric: string, v: number): number | string {
  return (MONEY_METRICS as readonly string[]).includes(metric) ? String(Math.round(v * 1000) / 1000) : v;
}
