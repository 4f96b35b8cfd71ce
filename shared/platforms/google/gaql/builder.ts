import type { Condition, GaqlQuery, Operator, OrderItem, Parameter, ParameterName, ScalarValue, Span } from './ast';
import { GaqlError, type GaqlErrorCode } from './errors';
import {
  FIELD_NAME_RE,
  NUMBER_RE,
  RESOURCE_NAME_RE,
  compareDates,
  formatNumber,
  hasNewline,
  parseDateLiteral,
  toDuringLiteral,
} from './literals';
import { parseSyntax } from './parser';
import { printGaql } from './printer';
import { findSemanticProblem, type GaqlOptions } from './validate';

export type BuilderScalar = string | number | bigint | boolean;

export interface BuilderCondition {
  field: string;
  /** Any GAQL operator, case-insensitive: '=', 'not in', 'CONTAINS ANY', 'IS NULL', 'BETWEEN', 'DURING', … */
  op: string;
  /** Scalar for comparisons, array for IN/CONTAINS, [low, high] for BETWEEN, a DURING literal, none for IS NULL. */
  value?: BuilderScalar | readonly BuilderScalar[];
}

export interface StructuredGaql {
  resource: string;
  fields: readonly string[];
  where?: readonly BuilderCondition[];
  orderBy?: readonly { field: string; dir?: string }[];
  limit?: number;
  /** A DURING literal such as LAST_30_DAYS, applied to segments.date. */
  dateRange?: string;
  /** With endDate: segments.date BETWEEN startDate AND endDate ('YYYY-MM-DD'). */
  startDate?: string;
  endDate?: string;
  parameters?: Partial<Record<ParameterName, boolean>>;
}

const OPERATORS: ReadonlySet<string> = new Set<Operator>([
  '=', '!=', '>', '>=', '<', '<=', 'LIKE', 'NOT LIKE', 'REGEXP_MATCH', 'NOT REGEXP_MATCH',
  'IN', 'NOT IN', 'CONTAINS ANY', 'CONTAINS ALL', 'CONTAINS NONE', 'IS NULL', 'IS NOT NULL', 'BETWEEN', 'DURING',
]);
const PARAMETER_ORDER: readonly ParameterName[] = ['include_drafts', 'omit_unselected_resource_names'];

function fail(code: GaqlErrorCode, path: string, message: string): never {
  throw new GaqlError({ code, message, position: 0, path });
}

/**
 * Structured form → GAQL text. Every name is checked against the lexer's rules and every value is
 * quoted/escaped, then the text is parsed back with the full validator, so what comes out always
 * parses. Throws GaqlError with `path` pointing into the input.
 */
export function buildGaql(input: StructuredGaql, options: GaqlOptions = {}): string {
  const text = printGaql(structuredToAst(input));
  let parsed: GaqlQuery;
  try {
    parsed = parseSyntax(text);
  } catch (err) {
    // Every name and value was checked above, so this is a bug in the builder, not bad input.
    throw new Error(`GAQL builder produced text it cannot parse (${(err as Error).message}): ${text}`);
  }
  const problem = findSemanticProblem(parsed, options);
  if (problem) throw new GaqlError({ ...problem, path: pathAt(parsed, input, problem.position), gaql: text }, text);
  return text;
}

/** The AST (without spans) the builder emits for `input`; parseGaql(buildGaql(input)) equals it. */
export function structuredToAst(input: StructuredGaql): GaqlQuery {
  if (input === null || typeof input !== 'object') fail('BAD_VALUE', '', 'Expected a structured query object.');
  const { resource } = input;
  if (typeof resource !== 'string' || !RESOURCE_NAME_RE.test(resource) || resource === 'metrics' || resource === 'segments') {
    fail('BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', 'resource', 'resource must be a lower snake_case resource name such as campaign.');
  }
  if (!Array.isArray(input.fields) || input.fields.length === 0) fail('BAD_FIELD_NAME', 'fields', 'Select at least one field.');
  const ast: GaqlQuery = {
    select: input.fields.map((f, i) => ({ name: fieldName(f, `fields[${i}]`) })),
    from: { name: resource },
    where: (input.where ?? []).map((c, i) => condition(c, `where[${i}]`)),
    orderBy: (input.orderBy ?? []).map((o, i) => orderItem(o, `orderBy[${i}]`)),
    parameters: parameters(input.parameters),
  };
  const dateCondition = dateRangeCondition(input);
  if (dateCondition) ast.where.push(dateCondition);
  if (input.limit !== undefined) ast.limit = { value: limitValue(input.limit) };
  return ast;
}

function fieldName(name: unknown, path: string): string {
  if (typeof name !== 'string' || !FIELD_NAME_RE.test(name)) {
    fail('BAD_FIELD_NAME', path, 'Field names look like resource.field, metrics.name or segments.name (lower snake_case).');
  }
  return name;
}

function condition(c: BuilderCondition, path: string): Condition {
  if (c === null || typeof c !== 'object') fail('BAD_VALUE', path, 'Each condition is { field, op, value }.');
  const field = { name: fieldName(c.field, `${path}.field`) };
  const op = typeof c.op === 'string' ? c.op.trim().replace(/\s+/g, ' ').toUpperCase() : '';
  if (!OPERATORS.has(op)) fail('BAD_OPERATOR', `${path}.op`, `Unknown operator ${JSON.stringify(c.op)}.`);
  const vpath = `${path}.value`;
  const { value } = c;
  switch (op) {
    case 'IS NULL':
    case 'IS NOT NULL':
      if (value !== undefined) fail('BAD_VALUE', vpath, `${op} takes no value.`);
      return { kind: 'null', field, op };
    case 'DURING': {
      const name = typeof value === 'string' ? toDuringLiteral(value) : undefined;
      if (!name) fail('INVALID_VALUE_WITH_DURING_OPERATOR', vpath, 'DURING takes a predefined range such as LAST_30_DAYS.');
      return { kind: 'during', field, op, value: { kind: 'function', name } };
    }
    case 'BETWEEN':
      if (!Array.isArray(value) || value.length !== 2) {
        fail('INVALID_VALUE_WITH_BETWEEN_OPERATOR', vpath, 'BETWEEN takes [low, high].');
      }
      return { kind: 'between', field, op, low: scalar(value[0], `${vpath}[0]`), high: scalar(value[1], `${vpath}[1]`) };
    case 'IN':
    case 'NOT IN':
    case 'CONTAINS ANY':
    case 'CONTAINS ALL':
    case 'CONTAINS NONE':
      if (!Array.isArray(value)) fail('EXPECTED_LIST', vpath, `${op} takes an array of values.`);
      if (value.length === 0) fail('PROHIBITED_EMPTY_LIST_IN_CONDITION', vpath, `${op} needs at least one value.`);
      return { kind: 'list', field, op, value: { kind: 'list', items: value.map((v, i) => scalar(v, `${vpath}[${i}]`)) } };
    case 'LIKE':
    case 'NOT LIKE':
    case 'REGEXP_MATCH':
    case 'NOT REGEXP_MATCH': {
      if (typeof value !== 'string') {
        const code = op.endsWith('LIKE') ? 'INVALID_VALUE_WITH_LIKE_OPERATOR' : 'BAD_VALUE';
        fail(code, vpath, `${op} takes a string.`);
      }
      return { kind: 'match', field, op, value: scalar(value, vpath) as { kind: 'string'; value: string } };
    }
    default:
      if (Array.isArray(value)) fail('EXPECTED_SINGLE_VALUE', vpath, `${op} takes a single value.`);
      return { kind: 'compare', field, op: op as '=', value: scalar(value, vpath) };
  }
}

function scalar(value: unknown, path: string): ScalarValue {
  switch (typeof value) {
    case 'string':
      if (hasNewline(value)) fail('PROHIBITED_NEWLINE_IN_STRING', path, 'GAQL strings cannot contain line breaks.');
      return { kind: 'string', value };
    case 'boolean':
      return { kind: 'literal', value: value ? 'TRUE' : 'FALSE' };
    case 'bigint':
      return { kind: 'number', raw: value.toString() };
    case 'number': {
      const raw = formatNumber(value);
      if (raw === undefined || !NUMBER_RE.test(raw)) fail('BAD_NUMBER', path, `${value} is not a finite number.`);
      return { kind: 'number', raw };
    }
    default:
      return fail('BAD_VALUE', path, 'Values are strings, numbers, bigints or booleans.');
  }
}

function orderItem(o: { field: string; dir?: string }, path: string): OrderItem {
  if (o === null || typeof o !== 'object') fail('BAD_VALUE', path, 'Each orderBy item is { field, dir? }.');
  const field = { name: fieldName(o.field, `${path}.field`) };
  if (o.dir === undefined) return { field };
  const dir = typeof o.dir === 'string' ? o.dir.toUpperCase() : '';
  if (dir !== 'ASC' && dir !== 'DESC') fail('BAD_VALUE', `${path}.dir`, 'dir is ASC or DESC.');
  return { field, direction: dir };
}

function limitValue(limit: unknown): number {
  if (limit === 0) fail('LIMIT_VALUE_TOO_LOW', 'limit', 'limit must be at least 1.');
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
    fail('BAD_LIMIT_VALUE', 'limit', 'limit must be a positive whole number.');
  }
  return limit;
}

function parameters(params: StructuredGaql['parameters']): Parameter[] {
  if (params === undefined) return [];
  if (params === null || typeof params !== 'object') fail('BAD_VALUE', 'parameters', 'parameters is an object.');
  for (const [name, value] of Object.entries(params)) {
    if (!PARAMETER_ORDER.includes(name as ParameterName)) fail('BAD_PARAMETER_NAME', `parameters.${name}`, `Unknown parameter ${name}.`);
    if (value !== undefined && typeof value !== 'boolean') fail('BAD_PARAMETER_VALUE', `parameters.${name}`, `${name} is true or false.`);
  }
  const out: Parameter[] = [];
  for (const name of PARAMETER_ORDER) {
    const value = params[name];
    if (value !== undefined) out.push({ name, value });
  }
  return out;
}

function dateRangeCondition(input: StructuredGaql): Condition | undefined {
  const { dateRange, startDate, endDate } = input;
  const field = { name: 'segments.date' };
  if (dateRange !== undefined) {
    if (startDate !== undefined || endDate !== undefined) fail('BAD_VALUE', 'dateRange', 'Give dateRange or startDate+endDate, not both.');
    const name = typeof dateRange === 'string' ? toDuringLiteral(dateRange) : undefined;
    if (!name) fail('INVALID_VALUE_WITH_DURING_OPERATOR', 'dateRange', 'dateRange is a predefined range such as LAST_30_DAYS.');
    return { kind: 'during', field, op: 'DURING', value: { kind: 'function', name } };
  }
  if (startDate === undefined && endDate === undefined) return undefined;
  if (startDate === undefined) fail('EXPECTED_VALUE_WITH_BETWEEN_OPERATOR', 'startDate', 'endDate needs a startDate.');
  if (endDate === undefined) fail('EXPECTED_VALUE_WITH_BETWEEN_OPERATOR', 'endDate', 'startDate needs an endDate.');
  const start = typeof startDate === 'string' ? parseDateLiteral(startDate) : undefined;
  if (!start) fail('INVALID_DATE_FORMAT', 'startDate', "startDate is a date written 'YYYY-MM-DD'.");
  const end = typeof endDate === 'string' ? parseDateLiteral(endDate) : undefined;
  if (!end) fail('INVALID_DATE_FORMAT', 'endDate', "endDate is a date written 'YYYY-MM-DD'.");
  if (compareDates(start, end) > 0) fail('DATE_RANGE_TOO_NARROW', 'startDate', 'startDate is after endDate.');
  return { kind: 'between', field, op: 'BETWEEN', low: { kind: 'string', value: startDate }, high: { kind: 'string', value: endDate } };
}

/** Maps a position in the generated text back to the input member it came from. */
function pathAt(ast: GaqlQuery, input: StructuredGaql, position: number): string {
  const inside = (span?: Span) => span !== undefined && position >= span.start && position < span.end;
  const i = ast.select.findIndex((f) => inside(f.span));
  if (i >= 0) return `fields[${i}]`;
  if (inside(ast.from.span)) return 'resource';
  const w = ast.where.findIndex((c) => inside(c.span));
  if (w >= 0) {
    if (w < (input.where?.length ?? 0)) return `where[${w}]`;
    return input.dateRange !== undefined ? 'dateRange' : 'startDate';
  }
  const o = ast.orderBy.findIndex((item) => inside(item.field.span));
  return o >= 0 ? `orderBy[${o}]` : '';
}
