import type { FieldRef, GaqlQuery, LimitClause, OrderItem, Parameter, ParameterName, ResourceRef } from './ast';
import { parseConditions } from './conditions';
import { Cursor } from './cursor';
import { RESOURCE_NAME_RE } from './literals';

const PARAMETER_NAMES: ReadonlySet<string> = new Set<ParameterName>(['include_drafts', 'omit_unselected_resource_names']);
const CLAUSE_KEYWORDS: ReadonlySet<string> = new Set(['SELECT', 'FROM', 'WHERE', 'ORDER', 'LIMIT', 'PARAMETERS']);
const CLAUSE_ORDER = 'clauses go SELECT, FROM, WHERE, ORDER BY, LIMIT, PARAMETERS, each at most once';

/**
 * Syntax only (plus the checks that need nothing but one token, e.g. LIMIT and PARAMETERS values):
 * SELECT … FROM … [WHERE …] [ORDER BY …] [LIMIT n] [PARAMETERS …]. Throws GaqlError.
 */
export function parseSyntax(text: string): GaqlQuery {
  const c = new Cursor(text);
  if (!c.acceptKeyword('SELECT')) {
    const tok = c.peek();
    c.fail('EXPECTED_SELECT', `A query starts with SELECT, found ${c.describe(tok)}.`, tok.start);
  }
  const select = fieldList(c, 'after SELECT');
  if (!c.acceptKeyword('FROM')) {
    const tok = c.peek();
    c.fail('EXPECTED_FROM', `Expected FROM and a resource after the SELECT list, found ${c.describe(tok)}.`, tok.start);
  }
  const query: GaqlQuery = { select, from: resource(c), where: [], orderBy: [], parameters: [] };
  if (c.atPunct(',')) c.fail('UNEXPECTED_INPUT', 'FROM takes exactly one resource.', c.peek().start);
  if (c.acceptKeyword('WHERE')) query.where = parseConditions(c);
  if (c.acceptKeyword('ORDER')) query.orderBy = orderBy(c);
  if (c.acceptKeyword('LIMIT')) query.limit = limit(c);
  if (c.acceptKeyword('PARAMETERS')) query.parameters = parameters(c);
  expectEnd(c);
  return query;
}

function fieldList(c: Cursor, context: string): FieldRef[] {
  const fields = [c.field(context)];
  while (c.atPunct(',')) {
    c.next();
    fields.push(c.field(context));
  }
  return fields;
}

function resource(c: Cursor): ResourceRef {
  const tok = c.peek();
  const expected = 'Expected a resource name after FROM (e.g. campaign)';
  if (tok.type !== 'word') return c.failAt(tok, 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', expected);
  if (tok.value === 'metrics' || tok.value === 'segments') {
    c.fail('PROHIBITED_RESOURCE_TYPE_IN_FROM_CLAUSE', `${tok.value} cannot be queried FROM; select ${tok.value}.* fields from a resource.`, tok.start);
  }
  if (!RESOURCE_NAME_RE.test(tok.value)) {
    c.fail('BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', `${expected}; resource names are lower snake_case, found ${c.describe(tok)}.`, tok.start);
  }
  c.next();
  return { name: tok.value, span: { start: tok.start, end: tok.end } };
}

function orderBy(c: Cursor): OrderItem[] {
  if (!c.acceptKeyword('BY')) {
    const tok = c.peek();
    c.fail('EXPECTED_BY', `Expected BY after ORDER, found ${c.describe(tok)}.`, tok.start);
  }
  const items: OrderItem[] = [];
  do {
    const field = c.field('in ORDER BY');
    const dir = c.atKeyword('ASC', 'DESC');
    if (dir) c.next();
    items.push(dir ? { field, direction: dir as 'ASC' | 'DESC' } : { field });
  } while (c.atPunct(',') && c.next());
  return items;
}

function limit(c: Cursor): LimitClause {
  const tok = c.peek();
  const message = 'LIMIT takes a positive whole number';
  if (tok.type !== 'number') return c.failAt(tok, 'BAD_LIMIT_VALUE', message);
  if (/^0+$/.test(tok.value)) c.fail('LIMIT_VALUE_TOO_LOW', `${message}, found ${tok.value}.`, tok.start);
  const value = Number(tok.value);
  if (!/^[1-9][0-9]*$/.test(tok.value) || !Number.isSafeInteger(value)) {
    c.fail('BAD_LIMIT_VALUE', `${message}, found ${c.describe(tok)}.`, tok.start);
  }
  c.next();
  return { value, span: { start: tok.start, end: tok.end } };
}

function parameters(c: Cursor): Parameter[] {
  const out: Parameter[] = [];
  do {
    const nameTok = c.peek();
    const known = [...PARAMETER_NAMES].join(', ');
    if (nameTok.type !== 'word') c.failAt(nameTok, 'BAD_PARAMETER_NAME', `Expected a parameter name (${known})`);
    if (!PARAMETER_NAMES.has(nameTok.value)) {
      c.fail('BAD_PARAMETER_NAME', `Unknown parameter ${c.describe(nameTok)}; known: ${known}.`, nameTok.start);
    }
    if (out.some((p) => p.name === nameTok.value)) {
      c.fail('BAD_PARAMETER_NAME', `Parameter ${nameTok.value} is given twice.`, nameTok.start);
    }
    c.next();
    if (!c.atPunct('=')) c.failAt(c.peek(), 'UNEXPECTED_INPUT', `Expected "=" after ${nameTok.value}`);
    c.next();
    const valueTok = c.peek();
    const lower = valueTok.type === 'word' ? valueTok.value.toLowerCase() : '';
    if (lower !== 'true' && lower !== 'false') {
      c.failAt(valueTok, 'BAD_PARAMETER_VALUE', `${nameTok.value} takes true or false`);
    }
    c.next();
    out.push({ name: nameTok.value as ParameterName, value: lower === 'true', span: { start: nameTok.start, end: valueTok.end } });
  } while (c.atPunct(',') && c.next());
  return out;
}

function expectEnd(c: Cursor): void {
  const tok = c.peek();
  if (tok.type === 'eof') return;
  const upper = tok.type === 'word' ? tok.value.toUpperCase() : '';
  let hint = '';
  if (upper === 'OR') hint = ': GAQL has no OR, conditions can only be joined with AND';
  else if (CLAUSE_KEYWORDS.has(upper)) hint = `: ${CLAUSE_ORDER}`;
  c.fail('UNEXPECTED_INPUT', `Unexpected ${c.describe(tok)}${hint}.`, tok.start);
}
