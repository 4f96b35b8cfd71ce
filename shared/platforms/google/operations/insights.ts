/** `GET /google/insights`: metrics by level over a date range, as GAQL (docs/platforms/google.md §5, §6). */
import type { BuilderCondition, StructuredGaql } from '../gaql';
import { DEFAULT_INSIGHT_METRICS, INSIGHT_LEVEL_DEFS, type InsightLevel } from './levels';
import { buildChecked, type CheckedGaql } from './gaql-input';

export interface InsightsInput {
  level: InsightLevel;
  /** Metric names without the `metrics.` prefix. */
  metrics?: string[];
  /** Attribute fields of the level (allow-listed), added to the level's identifying fields. */
  fields?: string[];
  /** Segment names without the `segments.` prefix. */
  segments?: string[];
  dateRange?: string;
  startDate?: string;
  endDate?: string;
  ids?: string[];
  statuses?: string[];
  orderBy?: Array<{ field: string; dir?: string }>;
  limit?: number;
}

/** Without a range, insights cover the last 30 days (excluding today), like most ads consoles. */
export const DEFAULT_INSIGHTS_RANGE = 'LAST_30_DAYS';

export function insightsQuery(input: InsightsInput): CheckedGaql {
  const def = INSIGHT_LEVEL_DEFS[input.level];
  const attributes = [...def.defaultFields, ...(input.fields ?? [])];
  const segments = (input.segments ?? []).map((s) => `segments.${s}`);
  const metrics = (input.metrics?.length ? input.metrics : DEFAULT_INSIGHT_METRICS).map((m) => `metrics.${m}`);
  const where: BuilderCondition[] = [...(def.fixedWhere ?? [])];
  if (input.ids?.length) where.push({ field: def.idField, op: 'IN', value: input.ids.map((id) => BigInt(id)) });
  if (input.statuses?.length && def.statusField) where.push({ field: def.statusField, op: 'IN', value: input.statuses });
  const s: StructuredGaql = {
    resource: def.resource,
    fields: [...new Set([...attributes, ...segments, ...metrics])],
    where,
  };
  if (input.startDate !== undefined || input.endDate !== undefined) {
    s.startDate = input.startDate;
    s.endDate = input.endDate;
  } else s.dateRange = input.dateRange ?? DEFAULT_INSIGHTS_RANGE;
  if (input.orderBy?.length) s.orderBy = input.orderBy;
  if (input.limit !== undefined) s.limit = input.limit;
  return buildChecked(s);
}
