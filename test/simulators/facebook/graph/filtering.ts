import type { FacebookState } from '../state';
import type { GNode } from '../model/types';
import { errors } from './errors';
import { fieldValue } from './project';
import { json } from './request';

export interface Filter {
  field: string;
  operator: string;
  value: unknown;
}

const OPERATORS = [
  'EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN', 'LESS_THAN_OR_EQUAL',
  'IN_RANGE', 'NOT_IN_RANGE', 'CONTAIN', 'NOT_CONTAIN', 'IN', 'NOT_IN', 'STARTS_WITH', 'ENDS_WITH',
  'ANY', 'ALL', 'AFTER', 'BEFORE', 'ON_OR_AFTER', 'ON_OR_BEFORE', 'NONE', 'TOP',
] as const;

export function parseFiltering(params: Record<string, unknown>): Filter[] {
  const raw = json<unknown>(params, 'filtering');
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw errors.paramInvalid('filtering', 'must be an array');
  return raw.map((f, i) => {
    const o = f as Partial<Filter>;
    if (!o || typeof o.field !== 'string' || typeof o.operator !== 'string') {
      throw errors.paramInvalid(`filtering[${i}]`, 'must be an object with field, operator and value');
    }
    if (!(OPERATORS as readonly string[]).includes(o.operator)) throw errors.paramEnum(`filtering[${i}][operator]`, OPERATORS);
    return { field: o.field, operator: o.operator, value: o.value };
  });
}

/** `campaign.id` on an ad → campaign_id; `ad.effective_status` on an ad → effective_status. */
function resolve(state: FacebookState, node: GNode, field: string): unknown {
  // Meta filters leads by `time_created` (unix seconds); the lead's field is `created_time`.
  if (field === 'time_created' && node.type === 'lead') return node.data.created_time;
  const dot = field.indexOf('.');
  if (dot < 0) return fieldValue(state, node, field);
  const prefix = field.slice(0, dot);
  const rest = field.slice(dot + 1);
  if (prefix === node.type || (prefix === 'adgroup' && node.type === 'ad')) return fieldValue(state, node, rest);
  if (rest === 'id') return node.data[`${prefix}_id`];
  const parent = state.store.get(String(node.data[`${prefix}_id`] ?? ''));
  return parent ? fieldValue(state, parent, rest) : undefined;
}

export function matches(state: FacebookState, node: GNode, filters: Filter[]): boolean {
  for (const f of filters) if (!test(resolve(state, node, f.field), f.operator, f.value)) return false;
  return true;
}

function test(actual: unknown, op: string, expected: unknown): boolean {
  const list = Array.isArray(expected) ? expected.map(String) : [String(expected)];
  const a = actual === undefined || actual === null ? undefined : String(actual);
  const num = (v: unknown) => (typeof v === 'string' && /[T:-]/.test(v) && !Number.isNaN(Date.parse(v)) ? Date.parse(v) / 1000 : Number(v));
  switch (op) {
    case 'EQUAL':
      return a === String(expected);
    case 'NOT_EQUAL':
      return a !== String(expected);
    case 'IN':
    case 'ANY':
      return a !== undefined && list.includes(a);
    case 'NOT_IN':
    case 'NONE':
      return a === undefined || !list.includes(a);
    case 'CONTAIN':
      return a !== undefined && a.toLowerCase().includes(String(expected).toLowerCase());
    case 'NOT_CONTAIN':
      return a === undefined || !a.toLowerCase().includes(String(expected).toLowerCase());
    case 'STARTS_WITH':
      return a !== undefined && a.startsWith(String(expected));
    case 'ENDS_WITH':
      return a !== undefined && a.endsWith(String(expected));
    case 'GREATER_THAN':
    case 'AFTER':
      return num(actual) > num(expected);
    case 'GREATER_THAN_OR_EQUAL':
    case 'ON_OR_AFTER':
      return num(actual) >= num(expected);
    case 'LESS_THAN':
    case 'BEFORE':
      return num(actual) < num(expected);
    case 'LESS_THAN_OR_EQUAL':
    case 'ON_OR_BEFORE':
      return num(actual) <= num(expected);
    case 'IN_RANGE':
      return Array.isArray(expected) && num(actual) >= num(expected[0]) && num(actual) <= num(expected[1]);
    case 'NOT_IN_RANGE':
      return !(Array.isArray(expected) && num(actual) >= num(expected[0]) && num(actual) <= num(expected[1]));
    default:
      return true;
  }
}

/** The name to look up in the list's name index, when the filter pins one exact name. */
export function exactName(filters: Filter[]): string | undefined {
  const f = filters.find((x) => x.field === 'name' && x.operator === 'EQUAL');
  return f ? String(f.value) : undefined;
}
