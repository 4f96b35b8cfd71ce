/**
 * Deterministic daily metrics computed on demand from (seed, entity, day): nothing is stored,
 * so a 100k-entity account costs no memory for its history.
 */
import { weekdayIndex } from './dates';

/** ASSUMED (sim choice): metrics exist for the last HISTORY_DAYS days only. */
export const HISTORY_DAYS = 120;

export const DEVICES = ['MOBILE', 'DESKTOP', 'TABLET'] as const;

/** Counters kept as integers (conversions in hundredths) so sums never drift. */
export interface MetricAcc {
  impressions: number;
  clicks: number;
  costMicros: number;
  conv100: number;
  value100: number;
  allConv100: number;
  viewThrough: number;
}

export const zeroAcc = (): MetricAcc => ({
  impressions: 0,
  clicks: 0,
  costMicros: 0,
  conv100: 0,
  value100: 0,
  allConv100: 0,
  viewThrough: 0,
});

export function addAcc(a: MetricAcc, b: MetricAcc): void {
  a.impressions += b.impressions;
  a.clicks += b.clicks;
  a.costMicros += b.costMicros;
  a.conv100 += b.conv100;
  a.value100 += b.value100;
  a.allConv100 += b.allConv100;
  a.viewThrough += b.viewThrough;
}

export const isZero = (a: MetricAcc) =>
  a.impressions === 0 && a.clicks === 0 && a.costMicros === 0 && a.conv100 === 0;

function mix(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35) ^ Math.imul(c, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

/** Stable numeric key for an entity id string. */
export function entityKey(seed: number, id: string): number {
  let h = seed | 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Adds one entity-day (optionally one device's share) to `out`. `scale` ≈ daily impressions. */
export function addDay(out: MetricAcc, key: number, day: number, scale: number, device?: number): void {
  const r1 = mix(key, day, 1);
  if (r1 < 0.08) return; // some idle days
  const weekend = weekdayIndex(day) >= 5;
  let impressions = Math.floor(scale * (0.4 + r1) * (weekend ? 0.7 : 1));
  const ctr = 0.01 + mix(key, day, 2) * 0.07;
  let clicks = Math.floor(impressions * ctr);
  const cpcMicros = Math.round((0.2 + mix(key, day, 3) * 2.8) * 100) * 10_000;
  const convRate = 0.02 + mix(key, day, 4) * 0.08;
  let conv100 = Math.floor(clicks * convRate * 100);
  let viewThrough = Math.floor(mix(key, day, 5) * 3);
  if (device !== undefined) {
    const m = 0.45 + mix(key, day, 6) * 0.2;
    const d = (1 - m) * 0.8;
    const share = (n: number) => {
      const mob = Math.floor(n * m);
      const desk = Math.floor(n * d);
      return device === 0 ? mob : device === 1 ? desk : n - mob - desk;
    };
    impressions = share(impressions);
    clicks = share(clicks);
    conv100 = share(conv100);
    viewThrough = share(viewThrough);
  }
  out.impressions += impressions;
  out.clicks += clicks;
  out.costMicros += clicks * cpcMicros;
  out.conv100 += conv100;
  out.value100 += conv100 * (20 + Math.floor(mix(key, day, 7) * 80));
  out.allConv100 += conv100 + Math.floor(clicks * 2);
  out.viewThrough += viewThrough;
}

const div = (a: number, b: number) => (b === 0 ? 0 : a / b);

/** Value of a metrics.* field (snake name) from an accumulator; int64 ones are numbers here. */
export function metricValue(name: string, a: MetricAcc): number {
  const conv = a.conv100 / 100;
  switch (name) {
    case 'impressions':
      return a.impressions;
    case 'clicks':
    case 'interactions':
      return a.clicks;
    case 'cost_micros':
      return a.costMicros;
    case 'conversions':
      return conv;
    case 'conversions_value':
      return a.value100 / 100;
    case 'all_conversions':
      return a.allConv100 / 100;
    case 'view_through_conversions':
      return a.viewThrough;
    case 'ctr':
    case 'interaction_rate':
      return div(a.clicks, a.impressions);
    case 'average_cpc':
    case 'average_cost':
      return div(a.costMicros, a.clicks);
    case 'average_cpm':
      return div(a.costMicros, a.impressions) * 1000;
    case 'cost_per_conversion':
      return div(a.costMicros, conv);
    case 'value_per_conversion':
      return div(a.value100 / 100, conv);
    case 'conversions_from_interactions_rate':
      return div(conv, a.clicks);
    default:
      return 0;
  }
}

export const INT64_METRICS = new Set(['impressions', 'clicks', 'interactions', 'cost_micros', 'view_through_conversions']);
export const METRIC_NAMES = [
  'impressions',
  'clicks',
  'interactions',
  'cost_micros',
  'conversions',
  'conversions_value',
  'all_conversions',
  'view_through_conversions',
  'ctr',
  'interaction_rate',
  'average_cpc',
  'average_cost',
  'average_cpm',
  'cost_per_conversion',
  'value_per_conversion',
  'conversions_from_interactions_rate',
];
