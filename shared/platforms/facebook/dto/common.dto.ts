import { z } from '../../../infra/zod-openapi';
import { FILTER_FIELDS, filteringQuery } from './filtering.dto';

/** `act_123` or `123` (docs/api-conventions.md §3); the guard normalizes it. */
export const AdAccountId = z
  .string()
  .trim()
  .regex(/^(act_)?\d{1,20}$/, 'must be an ad account id: act_123 or 123')
  .openapi({ example: 'act_100000000000001' });

/** A Graph object id (numeric string). */
export const GraphId = z.string().trim().regex(/^\d{1,25}$/, 'must be a numeric Graph id').openapi({ example: '120000000000001' });

/** The credential parameters authenticate reads from the query (docs/api-conventions.md §3); allowed on every strict query. */
export const credentialQuery = {
  token: z.string().optional().openapi({ description: 'Access token as a query parameter (for links); redacted from logs' }),
  externalUserId: z.string().optional().openapi({ description: 'With x-api-key: the external user acted for' }),
};

export const accountQuery = { adAccountId: AdAccountId, ...credentialQuery };

export const AdAccountQuery = z.object(accountQuery).strict();

export const pagingQuery = {
  limit: z.coerce.number().int().min(1).max(500).optional().openapi({ description: 'Page size (Graph default 25)' }),
  after: z.string().max(512).optional().openapi({ description: 'Cursor from paging.cursors.after' }),
  before: z.string().max(512).optional().openapi({ description: 'Cursor from paging.cursors.before' }),
};

export const fieldsQuery = {
  fields: z
    .string()
    .max(2000)
    .optional()
    .openapi({ description: 'Comma-separated Graph fields (nested `creative{id,name}` allowed); unknown names → 400', example: 'id,name,status' }),
};

/** `limit, after, before, fields` on every list (docs/api-conventions.md §6). */
export const ListQuery = z.object({ ...accountQuery, ...pagingQuery, ...fieldsQuery }).strict().openapi('FacebookListQuery');

export const DetailQuery = z.object({ ...accountQuery, ...fieldsQuery }).strict();

/** Ad object lists also filter by effective status (comma list or repeated). */
export const EFFECTIVE_STATUSES = [
  'ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED', 'IN_PROCESS', 'WITH_ISSUES', 'CAMPAIGN_PAUSED', 'ADSET_PAUSED', 'DISAPPROVED',
  'PENDING_REVIEW', 'PREAPPROVED', 'PENDING_BILLING_INFO',
] as const;

export const commaList = <T extends [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.enum(values)).min(1),
  );

/** An ad object list's query: paging, fields, effective statuses and `filtering` on the level's fields. */
export const adObjectListQuery = (level: 'campaign' | 'adset' | 'ad', name: string) =>
  z
    .object({
      ...accountQuery,
      ...pagingQuery,
      ...fieldsQuery,
      effectiveStatus: commaList([...EFFECTIVE_STATUSES] as [string, ...string[]])
        .optional()
        .openapi({ description: 'Comma list of effective statuses, e.g. ACTIVE,PAUSED', type: 'string' }),
      filtering: filteringQuery(FILTER_FIELDS[level]),
    })
    .strict()
    .openapi(name);

export const AdObjectListQuery = adObjectListQuery('ad', 'FacebookAdObjectListQuery');
export const CampaignListQuery = adObjectListQuery('campaign', 'FacebookCampaignListQuery');
export const AdSetListQuery = adObjectListQuery('adset', 'FacebookAdSetListQuery');

export const IdParams = z.object({ id: GraphId });

/**
 * Minor currency units (`"1000"` = 10.00): a positive integer, as number or digit string. Graph types
 * budgets and caps as int64, so a number must be a safe integer and a string at most 18 digits
 * (below 2^63); 1e308 is refused here instead of by Meta.
 */
export const MinorUnits = z
  .union([
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z.string().regex(/^\d{1,18}$/, 'must be 1-18 digits').refine((s) => Number(s) > 0, 'must be positive'),
  ])
  .transform((v) => String(v))
  .openapi({ type: 'string', description: 'Minor currency units, e.g. "1000" = 10.00', example: '1000' });

export const Timestamp = z.string().datetime({ offset: true }).openapi({ example: '2026-12-01T10:00:00+00:00' });
