/** Compiles WHERE conditions into predicates over typed field values. */
import { queryErr } from '../errors';
import { isoToDay } from '../dates';
import type { FieldDef } from './catalog';
import type { Condition, Value } from './parser';

export type Pred = (v: unknown) => boolean;

const NUMERIC = new Set(['INT64', 'INT32', 'DOUBLE']);

function likeToRegex(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) throw queryErr('INVALID_VALUE_WITH_LIKE_OPERATOR', 'Error in query: invalid LIKE pattern.', pattern);
      re += pattern.slice(i + 1, end).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i = end;
    } else if (c === '%') re += '.*';
    else if (c === '_') re += '.';
    else re += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  // LIKE is case-insensitive (docs/platforms/google.md §5 case sensitivity).
  return new RegExp(`^${re}$`, 'is');
}

function toNumber(def: FieldDef, v: Value): number {
  if (v.kind === 'number' || (v.kind === 'string' && /^-?\d+(\.\d+)?$/.test(v.value))) return Number(v.value);
  throw queryErr('BAD_VALUE', `Error in query: invalid value ${v.value} for field ${def.name}.`, v.value);
}

/** Converts a literal to the comparable domain of the field (numbers, day numbers or strings). */
export function literal(def: FieldDef, v: Value): number | string | boolean {
  switch (def.type) {
    case 'INT64':
    case 'INT32':
    case 'DOUBLE':
      return toNumber(def, v);
    case 'DATE': {
      if (v.kind === 'literal') throw queryErr('INVALID_DATE_FORMAT', `Error in query: invalid date ${v.value}.`, v.value);
      const d = isoToDay(v.value);
      if (d === undefined) throw queryErr('INVALID_DATE_FORMAT', `Error in query: invalid date ${v.value}.`, v.value);
      return d;
    }
    case 'BOOLEAN': {
      const s = v.value.toUpperCase();
      if (s !== 'TRUE' && s !== 'FALSE') throw queryErr('BAD_VALUE', `Error in query: invalid boolean ${v.value}.`, v.value);
      return s === 'TRUE';
    }
    case 'ENUM':
      if (v.kind === 'number' || !def.enumValues?.includes(v.value)) {
        throw queryErr('BAD_ENUM_CONSTANT', `Error in query: invalid enum constant ${v.value} for ${def.name}.`, v.value);
      }
      return v.value;
    default:
      if (v.kind === 'number') throw queryErr('BAD_VALUE', `Error in query: expected a string for ${def.name}.`, v.value);
      return v.value;
  }
}

/** Raw stored value → comparable domain. */
export function normalize(def: FieldDef, raw: unknown): unknown {
  if (raw === undefined || raw === null) return undefined;
  if (NUMERIC.has(def.type)) return Number(raw);
  if (def.type === 'DATE' && typeof raw === 'string') return isoToDay(raw);
  return raw;
}

function cmp(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Predicate over a normalized value. DURING is resolved by the caller into BETWEEN. */
export function compile(def: FieldDef, c: Condition): Pred {
  const op = c.op;
  const isList = def.type === 'STRING_LIST';
  const mismatch = () =>
    queryErr('OPERATOR_FIELD_MISMATCH', `Error in query: operator ${op} cannot be used with field ${def.name}.`, def.name);
  if (op === 'IS NULL') return (v) => v === undefined || (isList && (v as unknown[]).length === 0);
  if (op === 'IS NOT NULL') return (v) => !(v === undefined || (isList && (v as unknown[]).length === 0));
  if (op.startsWith('CONTAINS')) {
    if (!isList) throw mismatch();
    const want = c.values.map((v) => v.value);
    if (op === 'CONTAINS ANY') return (v) => want.some((w) => ((v as string[]) ?? []).includes(w));
    if (op === 'CONTAINS ALL') return (v) => want.every((w) => ((v as string[]) ?? []).includes(w));
    return (v) => !want.some((w) => ((v as string[]) ?? []).includes(w));
  }
  if (isList) throw mismatch();
  if (op === 'LIKE' || op === 'NOT LIKE') {
    if (def.type !== 'STRING' && def.type !== 'RESOURCE_NAME') throw mismatch();
    const v0 = c.values[0]!;
    if (v0.kind !== 'string') throw queryErr('INVALID_VALUE_WITH_LIKE_OPERATOR', 'Error in query: LIKE needs a string.', v0.value);
    const re = likeToRegex(v0.value);
    return op === 'LIKE' ? (v) => v !== undefined && re.test(String(v)) : (v) => v === undefined || !re.test(String(v));
  }
  if (op === 'REGEXP_MATCH' || op === 'NOT REGEXP_MATCH') {
    if (def.type !== 'STRING' && def.type !== 'RESOURCE_NAME') throw mismatch();
    let src = c.values[0]!.value;
    let flags = 's';
    if (src.startsWith('(?i)')) {
      src = src.slice(4);
      flags += 'i';
    }
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${src})$`, flags);
    } catch {
      throw queryErr('BAD_VALUE', 'Error in query: invalid regular expression.', c.values[0]!.value);
    }
    return op === 'REGEXP_MATCH' ? (v) => v !== undefined && re.test(String(v)) : (v) => v === undefined || !re.test(String(v));
  }
  if (op === 'IN' || op === 'NOT IN') {
    const set = new Set(c.values.map((v) => literal(def, v)));
    return op === 'IN' ? (v) => set.has(v as never) : (v) => v !== undefined && !set.has(v as never);
  }
  if (op === 'BETWEEN') {
    if (def.type === 'STRING' || def.type === 'ENUM' || def.type === 'BOOLEAN' || def.type === 'RESOURCE_NAME') throw mismatch();
    const lo = literal(def, c.values[0]!);
    const hi = literal(def, c.values[1]!);
    return (v) => v !== undefined && cmp(v, lo) >= 0 && cmp(v, hi) <= 0;
  }
  const lit = literal(def, c.values[0]!);
  if ((def.type === 'BOOLEAN' || def.type === 'ENUM') && op !== '=' && op !== '!=') throw mismatch();
  switch (op) {
    case '=':
      return (v) => v === lit;
    case '!=':
      return (v) => v !== undefined && v !== lit;
    case '>':
      return (v) => v !== undefined && cmp(v, lit) > 0;
    case '>=':
      return (v) => v !== undefined && cmp(v, lit) >= 0;
    case '<':
      return (v) => v !== undefined && cmp(v, lit) < 0;
    case '<=':
      return (v) => v !== undefined && cmp(v, lit) <= 0;
    default:
      throw queryErr('BAD_OPERATOR', `Error in query: bad operator ${op}.`, op);
  }
}

export { cmp };
