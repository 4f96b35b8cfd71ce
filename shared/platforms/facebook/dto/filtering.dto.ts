import { z } from '../../../infra/zod-openapi';

/** The operators of Meta's Filter object (`{field, operator, value}`). */
export const FILTER_OPERATORS = [
  'EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN', 'LESS_THAN_OR_EQUAL', 'IN_RANGE', 'NOT_IN_RANGE',
  'CONTAIN', 'NOT_CONTAIN', 'IN', 'NOT_IN', 'STARTS_WITH', 'ENDS_WITH', 'ANY', 'ALL', 'AFTER', 'BEFORE', 'ON_OR_AFTER',
  'ON_OR_BEFORE', 'NONE', 'TOP',
] as const;

const LIST_OPERATORS = new Set(['IN', 'NOT_IN', 'ANY', 'ALL', 'NONE']);
const RANGE_OPERATORS = new Set(['IN_RANGE', 'NOT_IN_RANGE']);

const OBJECT_FIELDS = ['id', 'name', 'status', 'effective_status', 'created_time', 'updated_time'];
const prefixed = (prefix: string, fields: string[]) => fields.map((f) => `${prefix}.${f}`);
const CAMPAIGN_FIELDS = [...OBJECT_FIELDS, 'objective'];
const PARENT_CAMPAIGN = prefixed('campaign', ['id', 'name', 'effective_status', 'objective']);
const PARENT_ADSET = prefixed('adset', ['id', 'name', 'effective_status']);

/**
 * The fields the gateway lets a `filtering` name, per list: the object's own (bare or prefixed with
 * its type, as Meta's examples write them) and its parents'. Insights filter on the objects and a
 * few delivery metrics.
 */
export const FILTER_FIELDS = {
  campaign: [...CAMPAIGN_FIELDS, ...prefixed('campaign', CAMPAIGN_FIELDS)],
  adset: [...OBJECT_FIELDS, ...prefixed('adset', OBJECT_FIELDS), ...PARENT_CAMPAIGN],
  ad: [...OBJECT_FIELDS, ...prefixed('ad', OBJECT_FIELDS), ...PARENT_ADSET, ...PARENT_CAMPAIGN],
  insights: [
    ...PARENT_CAMPAIGN, ...PARENT_ADSET, ...prefixed('ad', ['id', 'name', 'effective_status']),
    'action_type', 'impressions', 'clicks', 'spend', 'reach', 'frequency', 'ctr', 'cpc', 'cpm',
  ],
} as const;

const Scalar = z.union([z.string().max(1000), z.number(), z.boolean()]);

/**
 * `filtering` as JSON text in the query: `[{"field":"effective_status","operator":"IN","value":["ACTIVE"]}]`.
 * Fields and operators are checked against allow-lists, and the value's shape against the operator,
 * so a bad filter answers 400 naming it instead of reaching Meta.
 */
export function filteringParam(fields: readonly string[]) {
  const Filter = z.object({ field: z.string(), operator: z.string(), value: z.unknown() }).strict();
  return z.preprocess(
    (v, ctx) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {field, operator, value}' });
        return z.NEVER;
      }
    },
    z
      .array(Filter)
      .min(1)
      .max(25)
      .superRefine((list, ctx) => {
        list.forEach((f, i) => {
          if (!fields.includes(f.field)) {
            ctx.addIssue({ code: 'custom', path: [i, 'field'], message: `"${f.field}" cannot be filtered on; allowed: ${fields.join(', ')}` });
          }
          if (!(FILTER_OPERATORS as readonly string[]).includes(f.operator)) {
            ctx.addIssue({ code: 'custom', path: [i, 'operator'], message: `"${f.operator}" is not a filter operator; allowed: ${FILTER_OPERATORS.join(', ')}` });
            return;
          }
          const value = LIST_OPERATORS.has(f.operator)
            ? z.array(Scalar).min(1).max(100)
            : RANGE_OPERATORS.has(f.operator)
              ? z.tuple([Scalar, Scalar])
              : Scalar;
          if (!value.safeParse(f.value).success) {
            const shape = LIST_OPERATORS.has(f.operator) ? 'a list of 1–100 values' : RANGE_OPERATORS.has(f.operator) ? 'a [low, high] pair' : 'one value';
            ctx.addIssue({ code: 'custom', path: [i, 'value'], message: `${f.operator} takes ${shape}` });
          }
        });
      }),
  );
}


export const filteringQuery = (fields: readonly string[]) =>
  filteringParam(fields)
    .optional()
    .openapi({ type: 'string', description: `JSON array of {field, operator, value}. Fields: ${fields.join(', ')}. Operators: ${FILTER_OPERATORS.join(', ')}.` });
