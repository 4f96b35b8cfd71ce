/** Checks a parsed query against the catalog (docs/platforms/google.md §5 structural rules) and compiles it. */
import { queryErr } from '../errors';
import {
  DAY_OF_WEEK,
  DURING_FUNCTIONS,
  dayToIso,
  duringRange,
  monthStart,
  quarterStart,
  weekStart,
  weekdayIndex,
  yearOf,
} from '../dates';
import { DEVICES, HISTORY_DAYS } from '../metrics';
import type { Customer } from '../state';
import { CORE_DATE_SEGMENTS, fieldFor, RESOURCES, type FieldDef, type ResourceDef } from './catalog';
import type { Condition, Query } from './parser';
import { compile, literal, normalize, type Pred } from './predicates';

export interface Plan {
  query: Query;
  resource: ResourceDef;
  select: FieldDef[];
  attrPreds: Array<{ def: FieldDef; pred: Pred }>;
  metricPreds: Array<{ name: string; pred: Pred }>;
  /** Days (ascending) that satisfy the core-date conditions, within the metrics history. */
  days: number[];
  dayOfWeekPred?: Pred;
  devicePred?: Pred;
  needMetrics: boolean;
  /** Segment fields selected (non-empty → rows are split by them). */
  segments: string[];
  orderBy: Array<{ def: FieldDef; desc: boolean }>;
  omitResourceNames: boolean;
}

export function segmentValue(name: string, day: number, device?: number): unknown {
  switch (name) {
    case 'segments.date':
      return day;
    case 'segments.week':
      return weekStart(day);
    case 'segments.month':
      return monthStart(day);
    case 'segments.quarter':
      return quarterStart(day);
    case 'segments.year':
      return yearOf(day);
    case 'segments.day_of_week':
      return DAY_OF_WEEK[weekdayIndex(day)];
    case 'segments.device':
      return device === undefined ? undefined : DEVICES[device];
    default:
      return undefined;
  }
}

const ALIGN: Record<string, (d: number) => number> = {
  'segments.week': weekStart,
  'segments.month': monthStart,
  'segments.quarter': quarterStart,
};

export function planQuery(query: Query, version: number, customer: Customer, today: number): Plan {
  const resource = RESOURCES[query.from];
  if (!resource) {
    throw queryErr('BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', `Error in query: invalid resource ${query.from} in FROM clause.`, query.from);
  }
  const lookup = (name: string, clause: 'SELECT' | 'WHERE' | 'ORDER_BY'): FieldDef => {
    const def = fieldFor(name, version);
    if (!def) throw queryErr('UNRECOGNIZED_FIELD', `Unrecognized field in the query: '${name}'.`, name);
    if (def.resource === 'metrics') {
      if (!resource.metrics) {
        throw queryErr('PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE', `Cannot select or filter on the following metrics: '${name}' (could not support requested resources: '${query.from.toUpperCase()}').`, name);
      }
      if (customer.manager) throw queryErr('REQUESTED_METRICS_FOR_MANAGER', 'Metrics cannot be requested for a manager account. To retrieve metrics, issue separate requests against each client account under the manager account.', name);
    } else if (def.resource === 'segments') {
      if (!resource.metrics) {
        throw queryErr('PROHIBITED_SEGMENT_IN_SELECT_OR_WHERE_CLAUSE', `Cannot select or filter on the following segments: '${name}' (could not support requested resources: '${query.from.toUpperCase()}').`, name);
      }
    } else if (def.resource !== resource.name && !resource.attributed.includes(def.resource)) {
      const code = clause === 'ORDER_BY' ? 'PROHIBITED_FIELD_IN_ORDER_BY_CLAUSE' : `PROHIBITED_RESOURCE_TYPE_IN_${clause}_CLAUSE`;
      throw queryErr(code, `Error in query: resource ${def.resource} cannot be used with FROM ${query.from}.`, name);
    }
    return def;
  };

  const select = query.select.map((n) => lookup(n, 'SELECT'));
  const selected = new Set(query.select);
  const plan: Plan = {
    query,
    resource,
    select,
    attrPreds: [],
    metricPreds: [],
    days: [],
    needMetrics: select.some((d) => d.resource === 'metrics'),
    segments: query.select.filter((n) => n.startsWith('segments.')),
    orderBy: [],
    omitResourceNames: String(query.params.omit_unselected_resource_names ?? '').toLowerCase() === 'true',
  };
  for (const [k, v] of Object.entries(query.params)) {
    if (k !== 'include_drafts' && k !== 'omit_unselected_resource_names') {
      throw queryErr('BAD_PARAMETER_NAME', `Error in query: unknown parameter ${k}.`, k);
    }
    if (!/^(true|false)$/i.test(v)) throw queryErr('BAD_PARAMETER_VALUE', `Error in query: bad value for parameter ${k}.`, v);
  }

  const datePreds: Array<{ name: string; pred: Pred }> = [];
  let lower = false;
  let upper = false;
  for (const c of query.where) {
    const def = lookup(c.field, 'WHERE');
    if (def.resource === 'segments' && !CORE_DATE_SEGMENTS.has(def.name) && !selected.has(def.name)) {
      throw queryErr('EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE', `The following field must be present in SELECT clause: '${def.name}'.`, def.name);
    }
    if (c.op === 'DURING') {
      if (def.type !== 'DATE' || def.resource !== 'segments') {
        throw queryErr('OPERATOR_FIELD_MISMATCH', `Error in query: operator DURING cannot be used with field ${def.name}.`, def.name);
      }
      const fn = c.values[0]!;
      const range = fn.kind === 'literal' ? duringRange(fn.value, today) : undefined;
      if (!range || !(DURING_FUNCTIONS as readonly string[]).includes(fn.value)) {
        throw queryErr('INVALID_VALUE_WITH_DURING_OPERATOR', `Error in query: invalid value ${fn.value} for DURING.`, fn.value);
      }
      lower = upper = true;
      datePreds.push({ name: 'segments.date', pred: (d) => (d as number) >= range[0] && (d as number) <= range[1] });
      continue;
    }
    const pred = compile(def, c);
    if (CORE_DATE_SEGMENTS.has(def.name)) {
      checkDateCondition(def, c);
      if (['=', 'IN', 'BETWEEN'].includes(c.op)) lower = upper = true;
      if (c.op === '>' || c.op === '>=') lower = true;
      if (c.op === '<' || c.op === '<=') upper = true;
      datePreds.push({ name: def.name, pred });
    } else if (def.name === 'segments.day_of_week') plan.dayOfWeekPred = pred;
    else if (def.name === 'segments.device') plan.devicePred = pred;
    else if (def.resource === 'metrics') {
      plan.needMetrics = true;
      plan.metricPreds.push({ name: def.name.slice(8), pred });
    } else plan.attrPreds.push({ def, pred: (v) => pred(normalize(def, v)) });
  }
  if (plan.segments.some((s) => CORE_DATE_SEGMENTS.has(s)) && !(lower && upper)) {
    throw queryErr('EXPECTED_FILTERS_ON_DATE_RANGE', 'Error in query: a finite date range is required when selecting a date segment (e.g. segments.date DURING LAST_30_DAYS).');
  }
  for (const o of query.orderBy) {
    const def = lookup(o.field, 'ORDER_BY');
    if (def.type === 'STRING_LIST') throw queryErr('PROHIBITED_FIELD_IN_ORDER_BY_CLAUSE', `Error in query: cannot order by ${def.name}.`, def.name);
    if (def.resource === 'segments' && !selected.has(def.name)) {
      throw queryErr('EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE', `The following field must be present in SELECT clause: '${def.name}'.`, def.name);
    }
    if (def.resource === 'metrics') plan.needMetrics = true;
    plan.orderBy.push({ def, desc: o.desc });
  }
  if (plan.segments.length > 0) plan.needMetrics = true;
  if (plan.needMetrics) {
    for (let d = today - HISTORY_DAYS + 1; d <= today; d++) {
      if (datePreds.every((p) => p.pred(segmentValue(p.name, d)))) plan.days.push(d);
    }
  }
  return plan;
}

function checkDateCondition(def: FieldDef, c: Condition): void {
  const align = ALIGN[def.name];
  if (c.op === 'BETWEEN') {
    const [lo, hi] = [literal(def, c.values[0]!), literal(def, c.values[1]!)] as number[];
    if (lo! > hi!) throw queryErr('DATE_RANGE_TOO_NARROW', 'Error in query: the start date is after the end date.', dayToIso(lo!));
  }
  if (!align) return;
  for (const v of c.values) {
    const d = literal(def, v) as number;
    if (align(d) !== d) throw queryErr('MISALIGNED_DATE_FOR_FILTER', `Error in query: ${v.value} is not the first day of a period for ${def.name}.`, v.value);
  }
}
