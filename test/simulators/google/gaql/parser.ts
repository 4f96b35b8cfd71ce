/** GAQL parser for the subset the simulator evaluates (docs/platforms/google.md §5 grammar). */
import { queryErr } from '../errors';
import { tokenize, type Tok } from './lexer';

export interface Value {
  kind: 'number' | 'string' | 'literal';
  value: string;
}

export interface Condition {
  field: string;
  op: string;
  values: Value[];
}

export interface Query {
  select: string[];
  from: string;
  where: Condition[];
  orderBy: Array<{ field: string; desc: boolean }>;
  limit?: number;
  params: Record<string, string>;
}

const KEYWORDS = new Set(['SELECT', 'FROM', 'WHERE', 'AND', 'ORDER', 'BY', 'ASC', 'DESC', 'LIMIT', 'PARAMETERS']);
const FIELD_RE = /^[a-z][a-zA-Z0-9._]*$/;
const RESOURCE_RE = /^[a-z][a-zA-Z0-9_]*$/;

class Parser {
  private i = 0;
  constructor(private readonly toks: Tok[]) {}

  peek(): Tok | undefined {
    return this.toks[this.i];
  }
  next(): Tok | undefined {
    return this.toks[this.i++];
  }
  isKw(kw: string, t = this.peek()): boolean {
    return !!t && t.kind === 'ident' && t.text.toUpperCase() === kw;
  }
  eatKw(kw: string): boolean {
    if (!this.isKw(kw)) return false;
    this.i++;
    return true;
  }
  need(what: string): Tok {
    const t = this.next();
    if (!t) throw queryErr('UNEXPECTED_END_OF_QUERY', `Error in query: unexpected end of query, expected ${what}.`);
    return t;
  }
  unexpected(t: Tok): never {
    throw queryErr('UNEXPECTED_INPUT', `Error in query: unexpected input ${t.text}.`, t.text);
  }

  fieldName(): string {
    const t = this.need('a field name');
    if (t.kind !== 'ident' || KEYWORDS.has(t.text.toUpperCase())) this.unexpected(t);
    if (!FIELD_RE.test(t.text)) throw queryErr('UNRECOGNIZED_FIELD', `Unrecognized field in the query: '${t.text}'.`, t.text);
    return t.text;
  }

  value(): Value {
    const t = this.need('a value');
    if (t.kind === 'number') return { kind: 'number', value: t.text };
    if (t.kind === 'string') return { kind: 'string', value: t.value };
    if (t.kind === 'ident' && /^[A-Za-z0-9_]+$/.test(t.text)) return { kind: 'literal', value: t.text };
    throw queryErr('BAD_VALUE', `Error in query: invalid value ${t.text}.`, t.text);
  }

  list(): Value[] {
    const open = this.peek();
    if (!open || open.text !== '(') throw queryErr('EXPECTED_LIST', 'Error in query: expected a list of values.', open?.text);
    this.i++;
    if (this.peek()?.text === ')') throw queryErr('PROHIBITED_EMPTY_LIST_IN_CONDITION', 'Error in query: empty list in condition.');
    const vals = [this.value()];
    while (this.peek()?.text === ',') {
      this.i++;
      vals.push(this.value());
    }
    const close = this.need("')'");
    if (close.text !== ')') this.unexpected(close);
    return vals;
  }

  condition(): Condition {
    const field = this.fieldName();
    const t = this.need('an operator');
    const up = t.text.toUpperCase();
    if (t.kind === 'op') {
      if (this.peek()?.text === '(') throw queryErr('EXPECTED_SINGLE_VALUE', 'Error in query: expected a single value.');
      return { field, op: t.text, values: [this.value()] };
    }
    if (t.kind !== 'ident') throw queryErr('BAD_OPERATOR', `Error in query: bad operator ${t.text}.`, t.text);
    switch (up) {
      case 'IN':
        return { field, op: 'IN', values: this.list() };
      case 'LIKE':
      case 'REGEXP_MATCH':
        return { field, op: up, values: [this.value()] };
      case 'DURING':
        return { field, op: 'DURING', values: [this.value()] };
      case 'BETWEEN': {
        const lo = this.value();
        if (!this.eatKw('AND')) throw queryErr('EXPECTED_AND', 'Error in query: expected AND in BETWEEN.');
        return { field, op: 'BETWEEN', values: [lo, this.value()] };
      }
      case 'IS': {
        const not = this.eatKw('NOT');
        if (!this.eatKw('NULL')) throw queryErr('BAD_OPERATOR', 'Error in query: expected NULL after IS.');
        return { field, op: not ? 'IS NOT NULL' : 'IS NULL', values: [] };
      }
      case 'NOT': {
        const nt = this.need('an operator');
        const n = nt.text.toUpperCase();
        if (n === 'IN') return { field, op: 'NOT IN', values: this.list() };
        if (n === 'LIKE' || n === 'REGEXP_MATCH') return { field, op: `NOT ${n}`, values: [this.value()] };
        throw queryErr('BAD_OPERATOR', `Error in query: bad operator NOT ${nt.text}.`, nt.text);
      }
      case 'CONTAINS': {
        const q = this.need('ANY, ALL or NONE').text.toUpperCase();
        if (q !== 'ANY' && q !== 'ALL' && q !== 'NONE') throw queryErr('BAD_OPERATOR', `Error in query: bad operator CONTAINS ${q}.`, q);
        return { field, op: `CONTAINS ${q}`, values: this.list() };
      }
      default:
        throw queryErr('BAD_OPERATOR', `Error in query: bad operator ${t.text}.`, t.text);
    }
  }

  parse(): Query {
    const first = this.peek();
    if (!first) throw queryErr('EXPECTED_SELECT', 'Error in query: expected SELECT.');
    if (!this.eatKw('SELECT')) throw queryErr('EXPECTED_SELECT', 'Error in query: expected SELECT.', first.text);
    const select = [this.fieldName()];
    while (this.peek()?.text === ',') {
      this.i++;
      select.push(this.fieldName());
    }
    if (!this.eatKw('FROM')) {
      const t = this.peek();
      throw queryErr('EXPECTED_FROM', 'Error in query: expected FROM.', t?.text);
    }
    const rt = this.need('a resource name');
    if (rt.kind !== 'ident' || !RESOURCE_RE.test(rt.text)) {
      throw queryErr('BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', `Error in query: invalid resource ${rt.text} in FROM clause.`, rt.text);
    }
    const q: Query = { select, from: rt.text, where: [], orderBy: [], params: {} };
    if (this.eatKw('WHERE')) {
      q.where.push(this.condition());
      while (this.eatKw('AND')) q.where.push(this.condition());
    }
    if (this.eatKw('ORDER')) {
      if (!this.eatKw('BY')) throw queryErr('EXPECTED_BY', 'Error in query: expected BY after ORDER.');
      do {
        const field = this.fieldName();
        let desc = false;
        if (this.eatKw('DESC')) desc = true;
        else this.eatKw('ASC');
        q.orderBy.push({ field, desc });
      } while (this.peek()?.text === ',' && this.next());
    }
    if (this.eatKw('LIMIT')) {
      const t = this.need('a limit');
      if (t.kind !== 'number' || !/^-?\d+$/.test(t.text)) throw queryErr('BAD_LIMIT_VALUE', 'Error in query: bad LIMIT value.', t.text);
      const n = Number(t.text);
      if (n <= 0) throw queryErr('LIMIT_VALUE_TOO_LOW', 'Error in query: LIMIT value is too low.', t.text);
      q.limit = n;
    }
    if (this.eatKw('PARAMETERS')) {
      do {
        const name = this.need('a parameter name');
        const eq = this.need("'='");
        if (eq.text !== '=') this.unexpected(eq);
        const v = this.need('a parameter value');
        q.params[name.text] = v.value;
      } while (this.peek()?.text === ',' && this.next());
    }
    const rest = this.peek();
    if (rest) this.unexpected(rest);
    return q;
  }
}

export function parseGaql(query: string): Query {
  return new Parser(tokenize(query)).parse();
}
