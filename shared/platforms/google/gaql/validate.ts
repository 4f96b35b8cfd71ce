import type { Condition, FieldRef, GaqlQuery, ScalarValue } from './ast';
import { GaqlError, type GaqlErrorInit } from './errors';
import {
  CORE_DATE_SEGMENTS,
  DATE_VALUED_SEGMENTS,
  compareDates,
  parseDateLiteral,
  weekday,
  type CalendarDate,
} from './literals';
import { parseSyntax } from './parser';

export interface GaqlOptions {
  /**
   * Resource names the caller knows to exist (e.g. from GoogleAdsFieldService). When given, FROM and
   * the first part of every non-metrics/segments field must be one of them. Without it only the
   * name syntax is checked, so a new API version's resources are never rejected by a stale list.
   */
  resources?: Iterable<string>;
}

export type GaqlValidation = { ok: true; ast: GaqlQuery } | { ok: false; error: GaqlError };

/** Parses and checks a GAQL query; throws GaqlError on the first problem. */
export function parseGaql(query: string, options: GaqlOptions = {}): GaqlQuery {
  if (typeof query !== 'string') {
    throw new GaqlError({ code: 'EXPECTED_SELECT', message: 'The query must be a string.', position: 0 });
  }
  const ast = parseSyntax(query);
  const problem = findSemanticProblem(ast, options);
  if (problem) throw new GaqlError(problem, query);
  return ast;
}

export function validateGaql(query: string, options: GaqlOptions = {}): GaqlValidation {
  try {
    return { ok: true, ast: parseGaql(query, options) };
  } catch (err) {
    if (err instanceof GaqlError) return { ok: false, error: err };
    throw err;
  }
}

const at = (node: { span?: { start: number } } | undefined): number => node?.span?.start ?? 0;
const isMetric = (f: FieldRef) => f.name.startsWith('metrics.');
const isSegment = (f: FieldRef) => f.name.startsWith('segments.');

/**
 * Per-node checks run in text order so the reported problem is the first one a reader meets; the
 * date-range requirement needs the whole WHERE clause, so it comes last.
 */
export function findSemanticProblem(ast: GaqlQuery, options: GaqlOptions = {}): GaqlErrorInit | undefined {
  const known = options.resources ? new Set(options.resources) : undefined;
  const unknownField = (f: FieldRef): GaqlErrorInit | undefined => {
    if (!known || isMetric(f) || isSegment(f)) return undefined;
    const prefix = f.name.slice(0, f.name.indexOf('.'));
    if (known.has(prefix)) return undefined;
    return { code: 'UNRECOGNIZED_FIELD', message: `Unrecognized field ${f.name}: ${prefix} is not a known resource.`, position: at(f) };
  };
  for (const f of ast.select) {
    const p = unknownField(f);
    if (p) return p;
  }
  if (known && !known.has(ast.from.name)) {
    return { code: 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', message: `Unknown resource ${ast.from.name} in FROM.`, position: at(ast.from) };
  }
  const selected = new Set(ast.select.map((f) => f.name));
  for (const cond of ast.where) {
    const p = unknownField(cond.field) ?? checkCondition(cond, selected);
    if (p) return p;
  }
  for (const item of ast.orderBy) {
    const p = unknownField(item.field);
    if (p) return p;
  }
  return checkDateRange(ast);
}

function checkCondition(cond: Condition, selected: ReadonlySet<string>): GaqlErrorInit | undefined {
  const { field } = cond;
  const mismatch = (why: string): GaqlErrorInit => ({
    code: 'OPERATOR_FIELD_MISMATCH',
    message: `${cond.op} cannot be used on ${field.name}: ${why}.`,
    position: at(field),
  });
  if (isMetric(field) && (cond.kind === 'match' || (cond.kind === 'list' && cond.op.startsWith('CONTAINS')))) {
    return mismatch('metrics are numbers');
  }
  if (cond.kind === 'during' && (isMetric(field) || (isSegment(field) && !DATE_VALUED_SEGMENTS.has(field.name)))) {
    return mismatch('DURING needs a date field');
  }
  if (isSegment(field) && !CORE_DATE_SEGMENTS.has(field.name) && !selected.has(field.name)) {
    return {
      code: 'EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE',
      message: `${field.name} is filtered on, so it must also be in SELECT (only core date segments are exempt).`,
      position: at(field),
    };
  }
  if (DATE_VALUED_SEGMENTS.has(field.name)) return checkDateValues(cond);
  return undefined;
}

function checkDateValues(cond: Condition): GaqlErrorInit | undefined {
  let values: ScalarValue[] = [];
  if (cond.kind === 'compare') values = [cond.value];
  else if (cond.kind === 'between') values = [cond.low, cond.high];
  else if (cond.kind === 'list' && (cond.op === 'IN' || cond.op === 'NOT IN')) values = cond.value.items;
  const dates: CalendarDate[] = [];
  for (const v of values) {
    const date = v.kind === 'string' ? parseDateLiteral(v.value) : undefined;
    if (!date) {
      return {
        code: 'INVALID_DATE_FORMAT',
        message: `${cond.field.name} is compared with dates written 'YYYY-MM-DD' or 'YYYYMMDD' (quoted, real calendar days).`,
        position: at(v),
      };
    }
    const misaligned = misalignment(cond.field.name, date);
    if (misaligned) {
      return { code: 'MISALIGNED_DATE_FOR_FILTER', message: `${cond.field.name} filters must use ${misaligned}.`, position: at(v) };
    }
    dates.push(date);
  }
  if (cond.kind === 'between' && compareDates(dates[0] as CalendarDate, dates[1] as CalendarDate) > 0) {
    return { code: 'DATE_RANGE_TOO_NARROW', message: 'The BETWEEN start date is after its end date.', position: at(cond.low) };
  }
  return undefined;
}

function misalignment(field: string, d: CalendarDate): string | undefined {
  if (field === 'segments.week' && weekday(d) !== 1) return 'a Monday (the first day of the week)';
  if (field === 'segments.month' && d.day !== 1) return 'the first day of a month';
  if (field === 'segments.quarter' && (d.day !== 1 || (d.month - 1) % 3 !== 0)) return 'the first day of a quarter';
  return undefined;
}

/** Selecting a core date segment needs a finite range on core date segments in WHERE. */
function checkDateRange(ast: GaqlQuery): GaqlErrorInit | undefined {
  const dateField = ast.select.find((f) => CORE_DATE_SEGMENTS.has(f.name));
  if (!dateField) return undefined;
  let lower = false;
  let upper = false;
  for (const cond of ast.where) {
    if (!CORE_DATE_SEGMENTS.has(cond.field.name)) continue;
    if (cond.kind === 'during' || cond.kind === 'between') return undefined;
    if (cond.kind === 'list' && cond.op === 'IN') return undefined;
    if (cond.kind !== 'compare') continue;
    if (cond.op === '=') return undefined;
    if (cond.op === '>' || cond.op === '>=') lower = true;
    if (cond.op === '<' || cond.op === '<=') upper = true;
  }
  if (lower && upper) return undefined;
  return {
    code: 'EXPECTED_FILTERS_ON_DATE_RANGE',
    message: `${dateField.name} is selected, so WHERE needs a finite date range (DURING, BETWEEN, or both >= and <= on a date segment).`,
    position: at(dateField),
  };
}
