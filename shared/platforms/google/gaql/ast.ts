import type { DuringLiteral } from './literals';

/** Half-open character range [start, end) in the query text. Absent on nodes built by the builder. */
export interface Span {
  start: number;
  end: number;
}

export interface FieldRef {
  /** Always snake_case with at least one dot: `campaign.id`, `metrics.clicks`, `segments.date`. */
  name: string;
  span?: Span;
}

export interface StringValue {
  kind: 'string';
  /** Decoded text (escapes resolved). */
  value: string;
  span?: Span;
}

export interface NumberValue {
  kind: 'number';
  /** Kept as written so int64 ids survive unchanged. Matches `-?[0-9]+(\.[0-9]+)?`. */
  raw: string;
  span?: Span;
}

/** A bare word value: enum constant (`ENABLED`) or boolean (`TRUE`). Case kept as written. */
export interface LiteralValue {
  kind: 'literal';
  value: string;
  span?: Span;
}

export type ScalarValue = StringValue | NumberValue | LiteralValue;

export interface ListValue {
  kind: 'list';
  items: ScalarValue[];
  span?: Span;
}

/** A predefined date range for DURING, always upper case in the AST. */
export interface DateFunction {
  kind: 'function';
  name: DuringLiteral;
  span?: Span;
}

export type CompareOp = '=' | '!=' | '>' | '>=' | '<' | '<=';
export type TextMatchOp = 'LIKE' | 'NOT LIKE' | 'REGEXP_MATCH' | 'NOT REGEXP_MATCH';
export type ListOp = 'IN' | 'NOT IN' | 'CONTAINS ANY' | 'CONTAINS ALL' | 'CONTAINS NONE';
export type NullOp = 'IS NULL' | 'IS NOT NULL';
export type Operator = CompareOp | TextMatchOp | ListOp | NullOp | 'BETWEEN' | 'DURING';

export interface CompareCondition {
  kind: 'compare';
  field: FieldRef;
  op: CompareOp;
  value: ScalarValue;
  span?: Span;
}

/** LIKE patterns and RE2 expressions are always strings. */
export interface TextMatchCondition {
  kind: 'match';
  field: FieldRef;
  op: TextMatchOp;
  value: StringValue;
  span?: Span;
}

export interface ListCondition {
  kind: 'list';
  field: FieldRef;
  op: ListOp;
  value: ListValue;
  span?: Span;
}

export interface NullCondition {
  kind: 'null';
  field: FieldRef;
  op: NullOp;
  span?: Span;
}

export interface BetweenCondition {
  kind: 'between';
  field: FieldRef;
  op: 'BETWEEN';
  low: ScalarValue;
  high: ScalarValue;
  span?: Span;
}

export interface DuringCondition {
  kind: 'during';
  field: FieldRef;
  op: 'DURING';
  value: DateFunction;
  span?: Span;
}

export type Condition =
  | CompareCondition
  | TextMatchCondition
  | ListCondition
  | NullCondition
  | BetweenCondition
  | DuringCondition;

export interface OrderItem {
  field: FieldRef;
  /** Absent when the query did not say; GAQL then sorts ascending. */
  direction?: 'ASC' | 'DESC';
}

export type ParameterName = 'include_drafts' | 'omit_unselected_resource_names';

export interface Parameter {
  name: ParameterName;
  value: boolean;
  span?: Span;
}

export interface ResourceRef {
  name: string;
  span?: Span;
}

export interface LimitClause {
  value: number;
  span?: Span;
}

export interface GaqlQuery {
  select: FieldRef[];
  from: ResourceRef;
  where: Condition[];
  orderBy: OrderItem[];
  limit?: LimitClause;
  parameters: Parameter[];
}

/** The AST without position information, for comparing structures. */
export function stripSpans<T>(node: T): T {
  if (Array.isArray(node)) return node.map((n) => stripSpans(n)) as T;
  if (node !== null && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, val] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'span' || val === undefined) continue;
      out[key] = stripSpans(val);
    }
    return out as T;
  }
  return node;
}
