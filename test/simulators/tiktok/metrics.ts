/**
 * Deterministic report metrics (docs/platforms/tiktok.md §5): counts derived from hash(seed, object id, time bucket),
 * ratios recomputed from summed counts, every value a string (money with 2 decimals, ctr 0–100).
 */
import { hash01 } from '../common/hash';

export const COUNT_METRICS = [
  'impressions', 'clicks', 'reach', 'conversion', 'result', 'video_play_actions', 'video_watched_2s', 'video_watched_6s',
  'video_views_p25', 'video_views_p50', 'video_views_p75', 'video_views_p100', 'likes', 'comments', 'shares', 'follows', 'complete_payment',
] as const;
export const MONEY_METRICS = ['spend', 'total_purchase_value'] as const;
export const RATIO_METRICS = ['ctr', 'cpc', 'cpm', 'frequency', 'cost_per_conversion'] as const;
/** Non-numeric "metrics" TikTok lets you request alongside numbers. */
export const ATTRIBUTE_METRICS = ['currency', 'campaign_name', 'campaign_id', 'adgroup_name', 'adgroup_id', 'ad_name', 'ad_text', 'objective_type', 'advertiser_name', 'advertiser_id'] as const;

export const ALL_METRICS = new Set<string>([...COUNT_METRICS, ...MONEY_METRICS, ...RATIO_METRICS, ...ATTRIBUTE_METRICS]);
export const NUMERIC_METRICS = new Set<string>([...COUNT_METRICS, ...MONEY_METRICS, ...RATIO_METRICS]);

export type Counts = Record<(typeof COUNT_METRICS)[number] | (typeof MONEY_METRICS)[number], number>;

export function emptyCounts(): Counts {
  const c = {} as Counts;
  for (const k of COUNT_METRICS) c[k] = 0;
  for (const k of MONEY_METRICS) c[k] = 0;
  return c;
}

/** Raw counts for one object in one bucket (`2025-03-04` or `2025-03-04 13`); `scale` shrinks hours. */
export function bucketCounts(seed: number, objectId: string, bucket: string, scale = 1): Counts {
  const h = (salt: string) => hash01(seed, `${objectId}|${bucket}|${salt}`);
  const impressions = Math.floor((200 + h('i') * 4800) * scale);
  const clicks = Math.floor(impressions * (0.005 + h('c') * 0.03));
  const conversion = Math.floor(clicks * h('v') * 0.15);
  const plays = Math.floor(impressions * 0.6);
  return {
    impressions,
    clicks,
    reach: Math.floor(impressions * 0.8),
    conversion,
    result: conversion,
    video_play_actions: plays,
    video_watched_2s: Math.floor(plays * 0.65),
    video_watched_6s: Math.floor(plays * 0.4),
    video_views_p25: Math.floor(plays * 0.5),
    video_views_p50: Math.floor(plays * 0.3),
    video_views_p75: Math.floor(plays * 0.18),
    video_views_p100: Math.floor(plays * 0.1),
    likes: Math.floor(impressions * 0.01 * h('l')),
    comments: Math.floor(impressions * 0.002 * h('m')),
    shares: Math.floor(impressions * 0.001 * h('s')),
    follows: Math.floor(impressions * 0.001 * h('f')),
    complete_payment: conversion,
    spend: Math.round(impressions * (2 + h('p') * 8) * 0.1) / 100,
    total_purchase_value: Math.round(conversion * (20 + h('t') * 60) * 100) / 100,
  };
}

export function addCounts(into: Counts, c: Counts): void {
  for (const k of Object.keys(into) as Array<keyof Counts>) into[k] += c[k];
}

const fix2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '0.00');

export function metricValue(c: Counts, name: string): string {
  switch (name) {
    case 'spend':
    case 'total_purchase_value': return fix2(c[name]);
    case 'ctr': return c.impressions ? fix2((c.clicks / c.impressions) * 100) : '0.00';
    case 'cpc': return c.clicks ? fix2(c.spend / c.clicks) : '0.00';
    case 'cpm': return c.impressions ? fix2((c.spend / c.impressions) * 1000) : '0.00';
    case 'frequency': return c.reach ? fix2(c.impressions / c.reach) : '0.00';
    case 'cost_per_conversion': return c.conversion ? fix2(c.spend / c.conversion) : '0.00';
    default: return String(c[name as keyof Counts] ?? '-');
  }
}
