import { z } from '../../../shared/infra/zod-openapi';

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

const asJson = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

export const jsonOf = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(asJson, schema);

export const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** `metrics.clicks DESC, campaign.id` or `[{"field":"metrics.clicks","dir":"DESC"}]`. */
const OrderItem = z.object({ field: z.string().min(1).max(200), dir: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional() }).strict();
const asOrderBy = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t.startsWith('[') || t.startsWith('{')) {
    const parsed = asJson(t);
    return Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' ? [parsed] : parsed;
  }
  return t
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .filter((p) => p[0])
    .map(([field, dir]) => (dir ? { field, dir } : { field }));
};
export const orderByParam = z.preprocess(asOrderBy, z.array(OrderItem).min(1).max(20));
