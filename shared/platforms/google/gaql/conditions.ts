import type {
  CompareOp,
  Condition,
  DateFunction,
  FieldRef,
  ListOp,
  ListValue,
  ScalarValue,
  StringValue,
  TextMatchOp,
} from './ast';
import type { Cursor } from './cursor';
import { DURING_LITERALS, toDuringLiteral } from './literals';

const COMPARE_OPS: ReadonlySet<string> = new Set(['=', '!=', '>', '>=', '<', '<=']);
/** Words that end or structure a query and so can never be a bare value. */
const NOT_A_VALUE: ReadonlySet<string> = new Set(['SELECT', 'FROM', 'WHERE', 'AND', 'ORDER', 'LIMIT', 'PARAMETERS', 'NULL']);

type ParsedOp =
  | { kind: 'compare'; op: CompareOp }
  | { kind: 'match'; op: TextMatchOp }
  | { kind: 'list'; op: ListOp }
  | { kind: 'null'; op: 'IS NULL' | 'IS NOT NULL' }
  | { kind: 'between' }
  | { kind: 'during' };

const OPERATOR_HINT =
  'Expected an operator (=, !=, >, >=, <, <=, IN, NOT IN, LIKE, NOT LIKE, CONTAINS ANY|ALL|NONE, IS [NOT] NULL, DURING, BETWEEN, [NOT] REGEXP_MATCH)';

/** WHERE Condition (AND Condition)* — GAQL has no OR and no grouping. */
export function parseConditions(c: Cursor): Condition[] {
  const out = [parseCondition(c)];
  while (c.acceptKeyword('AND')) out.push(parseCondition(c));
  return out;
}

function parseCondition(c: Cursor): Condition {
  const field = c.field('in WHERE');
  const start = field.span?.start ?? 0;
  const op = parseOperator(c);
  const span = () => ({ start, end: c.lastEnd });
  switch (op.kind) {
    case 'null':
      return { kind: 'null', field, op: op.op, span: span() };
    case 'compare': {
      const value = single(c, parseValue(c), 'EXPECTED_SINGLE_VALUE', `${op.op} takes a single value, not a list`);
      return { kind: 'compare', field, op: op.op, value, span: span() };
    }
    case 'match':
      return { kind: 'match', field, op: op.op, value: matchValue(c, op.op), span: span() };
    case 'list':
      return { kind: 'list', field, op: op.op, value: listValue(c, op.op), span: span() };
    case 'during':
      return { kind: 'during', field, op: 'DURING', value: duringValue(c), span: span() };
    case 'between':
      return parseBetween(c, field, start);
  }
}

function parseOperator(c: Cursor): ParsedOp {
  const tok = c.peek();
  if (tok.type === 'punct' && COMPARE_OPS.has(tok.value)) {
    c.next();
    return { kind: 'compare', op: tok.value as CompareOp };
  }
  if (tok.type !== 'word') return c.failAt(tok, 'BAD_OPERATOR', OPERATOR_HINT);
  const word = tok.value.toUpperCase();
  c.next();
  switch (word) {
    case 'IN':
      return { kind: 'list', op: 'IN' };
    case 'LIKE':
    case 'REGEXP_MATCH':
      return { kind: 'match', op: word };
    case 'DURING':
      return { kind: 'during' };
    case 'BETWEEN':
      return { kind: 'between' };
    case 'IS':
      if (c.acceptKeyword('NULL')) return { kind: 'null', op: 'IS NULL' };
      if (c.acceptKeyword('NOT')) {
        if (c.acceptKeyword('NULL')) return { kind: 'null', op: 'IS NOT NULL' };
      }
      return c.failAt(c.peek(), 'BAD_OPERATOR', 'Expected NULL or NOT NULL after IS');
    case 'NOT': {
      const after = c.atKeyword('IN', 'LIKE', 'REGEXP_MATCH');
      if (!after) return c.failAt(c.peek(), 'BAD_OPERATOR', 'Expected IN, LIKE or REGEXP_MATCH after NOT');
      c.next();
      return after === 'IN' ? { kind: 'list', op: 'NOT IN' } : { kind: 'match', op: `NOT ${after}` as TextMatchOp };
    }
    case 'CONTAINS': {
      const which = c.atKeyword('ANY', 'ALL', 'NONE');
      if (!which) return c.failAt(c.peek(), 'BAD_OPERATOR', 'Expected ANY, ALL or NONE after CONTAINS');
      c.next();
      return { kind: 'list', op: `CONTAINS ${which}` as ListOp };
    }
    default:
      return c.fail('BAD_OPERATOR', `${OPERATOR_HINT}, found ${c.describe(tok)}.`, tok.start);
  }
}

function parseBetween(c: Cursor, field: FieldRef, start: number): Condition {
  const bound = (which: string): ScalarValue => {
    const tok = c.peek();
    if (tok.type === 'eof' || c.atKeyword('AND')) {
      c.fail('EXPECTED_VALUE_WITH_BETWEEN_OPERATOR', `BETWEEN needs a ${which} value, found ${c.describe(tok)}.`, tok.start);
    }
    return single(c, parseValue(c), 'INVALID_VALUE_WITH_BETWEEN_OPERATOR', 'BETWEEN takes two single values, not lists');
  };
  const low = bound('lower');
  if (!c.acceptKeyword('AND')) {
    const tok = c.peek();
    c.fail('EXPECTED_AND', `Expected AND between the two BETWEEN values, found ${c.describe(tok)}.`, tok.start);
  }
  const high = bound('upper');
  return { kind: 'between', field, op: 'BETWEEN', low, high, span: { start, end: c.lastEnd } };
}

function single(
  c: Cursor,
  value: ScalarValue | ListValue,
  code: 'EXPECTED_SINGLE_VALUE' | 'INVALID_VALUE_WITH_BETWEEN_OPERATOR',
  message: string,
): ScalarValue {
  if (value.kind === 'list') return c.fail(code, `${message}.`, value.span?.start ?? 0);
  return value;
}

function matchValue(c: Cursor, op: TextMatchOp): StringValue {
  const tok = c.peek();
  const value = parseValue(c);
  if (value.kind === 'string') return value;
  const like = op === 'LIKE' || op === 'NOT LIKE';
  return c.fail(
    like ? 'INVALID_VALUE_WITH_LIKE_OPERATOR' : 'BAD_VALUE',
    `${op} takes a quoted string, found ${c.describe(tok)}.`,
    tok.start,
  );
}

function listValue(c: Cursor, op: ListOp): ListValue {
  const tok = c.peek();
  if (!c.atPunct('(')) return c.failAt(tok, 'EXPECTED_LIST', `${op} takes a parenthesised list such as ('A', 'B')`);
  return parseValue(c) as ListValue;
}

function duringValue(c: Cursor): DateFunction {
  const tok = c.peek();
  const name = tok.type === 'word' ? toDuringLiteral(tok.value) : undefined;
  if (!name) {
    return c.failAt(tok, 'INVALID_VALUE_WITH_DURING_OPERATOR', `DURING takes one of ${DURING_LITERALS.join(', ')}`);
  }
  c.next();
  return { kind: 'function', name, span: { start: tok.start, end: tok.end } };
}

/** Literal | Number | String | "(" item ("," item)* ")". */
function parseValue(c: Cursor): ScalarValue | ListValue {
  if (!c.atPunct('(')) return parseScalar(c);
  const open = c.next();
  if (c.atPunct(')')) {
    c.fail('PROHIBITED_EMPTY_LIST_IN_CONDITION', 'A list needs at least one value.', open.start);
  }
  const items = [parseScalar(c)];
  for (;;) {
    if (c.atPunct(',')) {
      c.next();
      items.push(parseScalar(c));
      continue;
    }
    if (c.atPunct(')')) break;
    c.failAt(c.peek(), 'UNEXPECTED_INPUT', 'Expected "," or ")" in the list');
  }
  c.next();
  return { kind: 'list', items, span: { start: open.start, end: c.lastEnd } };
}

function parseScalar(c: Cursor): ScalarValue {
  const tok = c.peek();
  const span = { start: tok.start, end: tok.end };
  if (tok.type === 'string') {
    c.next();
    return { kind: 'string', value: tok.value, span };
  }
  if (tok.type === 'number') {
    c.next();
    return { kind: 'number', raw: tok.value, span };
  }
  if (tok.type === 'word') {
    if (tok.value.includes('.')) {
      c.fail('BAD_VALUE', `Expected a value, found the name ${c.describe(tok)}; quote text values.`, tok.start);
    }
    const upper = tok.value.toUpperCase();
    if (upper === 'NULL') c.fail('BAD_VALUE', 'NULL is not a value; use IS NULL or IS NOT NULL.', tok.start);
    if (NOT_A_VALUE.has(upper)) c.fail('BAD_VALUE', `Expected a value, found ${c.describe(tok)}.`, tok.start);
    c.next();
    return { kind: 'literal', value: tok.value, span };
  }
  if (tok.type === 'punct' && tok.value === '(') c.fail('BAD_VALUE', 'Lists cannot be nested.', tok.start);
  return c.failAt(tok, 'BAD_VALUE', 'Expected a value (quoted string, number or enum constant)');
}
