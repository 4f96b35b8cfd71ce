import type { Condition, GaqlQuery, ListValue, ScalarValue } from './ast';
import { quoteString } from './literals';

/**
 * Canonical text: upper-case keywords, single-quoted strings, one space between tokens.
 * printGaql(parseGaql(printGaql(ast))) === printGaql(ast).
 */
export function printGaql(ast: GaqlQuery): string {
  const parts = [`SELECT ${ast.select.map((f) => f.name).join(', ')}`, `FROM ${ast.from.name}`];
  if (ast.where.length > 0) parts.push(`WHERE ${ast.where.map(printCondition).join(' AND ')}`);
  if (ast.orderBy.length > 0) {
    const items = ast.orderBy.map((o) => (o.direction ? `${o.field.name} ${o.direction}` : o.field.name));
    parts.push(`ORDER BY ${items.join(', ')}`);
  }
  if (ast.limit) parts.push(`LIMIT ${ast.limit.value}`);
  if (ast.parameters.length > 0) {
    parts.push(`PARAMETERS ${ast.parameters.map((p) => `${p.name}=${p.value}`).join(', ')}`);
  }
  return parts.join(' ');
}

export function printCondition(cond: Condition): string {
  const f = cond.field.name;
  switch (cond.kind) {
    case 'null':
      return `${f} ${cond.op}`;
    case 'between':
      return `${f} BETWEEN ${printScalar(cond.low)} AND ${printScalar(cond.high)}`;
    case 'during':
      return `${f} DURING ${cond.value.name}`;
    case 'list':
      return `${f} ${cond.op} ${printList(cond.value)}`;
    case 'compare':
    case 'match':
      return `${f} ${cond.op} ${printScalar(cond.value)}`;
  }
}

export function printScalar(value: ScalarValue): string {
  switch (value.kind) {
    case 'string':
      return quoteString(value.value);
    case 'number':
      return value.raw;
    case 'literal':
      return value.value;
  }
}

function printList(list: ListValue): string {
  return `(${list.items.map(printScalar).join(', ')})`;
}
