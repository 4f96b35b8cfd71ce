import { z } from '../../../shared/infra/zod-openapi';
import { conditionFromText, orderFromText } from './condition-text';

/**
 * GET routes carry lists and small objects in the query string. Lists are a comma list, repeated
 * parameters, or a JSON array; objects (where, orderBy) are JSON.
 */
const asList = (v: unknown): unknown => {
  if (v === undefined || v === '') return undefined;
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'string' ? x.split(',') : [x])).map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t.startsWith('[')) {
    try {
      return JSON.parse(t);
    } catch {
      return v;
    }
  }
  return t.split(',').map((x) => x.trim()).filter(Boolean);
};

export const listOf = <T extends z.ZodTypeAny>(item: T, max = 200) => z.preprocess(asList, z.array(item).min(1).max(max));

export const asJson = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};


export const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * Repeated `field op value` strings (what a generated client sends for an array of strings), or
 * the older single JSON array of `{ field, op, value }`.
 */
const asConditions = (v: unknown): unknown => {
  if (v === undefined || v === '') return undefined;
  const items = Array.isArray(v) ? v : [v];
  if (items.length === 1 && typeof items[0] === 'string' && items[0].trim().startsWith('[')) return asJson(items[0]);
  return items.map((x) => (typeof x !== 'string' ? x : x.trim().startsWith('{') ? asJson(x) : (conditionFromText(x) ?? x)));
};
export const conditionsParam = <T extends z.ZodTypeAny>(condition: T, max = 50) => z.preprocess(asConditions, z.array(condition).min(1).max(max));

/** Repeated `metrics.clicks DESC` strings, one `metrics.clicks DESC, campaign.id` list, or JSON `[{"field":"metrics.clicks","dir":"DESC"}]`. */
const OrderItem = z.object({ field: z.string().min(1).max(200), dir: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional() }).strict();
const asOrderBy = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'string' ? (asOrderBy(x) as unknown[]) : [x]));
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t.startsWith('[') || t.startsWith('{')) {
    const parsed = asJson(t);
    return Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' ? [parsed] : parsed;
  }
  return t
    .split(',')
    .filter((part) => part.trim())
    .map(orderFromText);
};
export const orderByParam = z.preprocess(asOrderBy, z.array(OrderItem).min(1).max(20));
