import { z } from '../../../infra/zod-openapi';
import { objectName } from '../../core/create-lookup';
import { idOf, type UrnKind } from '../ids';

/* Schema pieces shared by the LinkedIn DTOs. Field names inside LinkedIn objects are LinkedIn's own. */

export const adAccountId = z
  .string()
  .min(1)
  .max(64)
  .openapi({ description: 'LinkedIn ad account: the number, or urn:li:sponsoredAccount:<number>', example: '508000001' });

/**
 * LinkedIn's objects carry their ids as JSON numbers, and so do our reads of them: a JSON body takes
 * an id as that number too, beside its text or URN, so a caller can send back what it read. Only
 * whole numbers JSON carries exactly; the handler gets the id as text whichever was sent.
 */
const orNumber = <T extends z.ZodTypeAny>(text: T) => z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER).transform(String), text]);

/** `adAccountId` of a JSON body: as the query's, or the number itself. */
export const bodyAdAccountId = orNumber(adAccountId).openapi({
  description: 'LinkedIn ad account: the number (as text or a JSON number), or urn:li:sponsoredAccount:<number>',
  example: '508000001',
});

/** The main surface's credential alternatives in the query; read by authentication. */
export const credentialQuery = {
  externalUserId: z.string().min(1).optional().openapi({ description: 'With x-api-key: the external user acted for' }),
  token: z.string().min(1).optional().openapi({ description: "The external user's access token (same as the Bearer header)" }),
};

/** LinkedIn publishes no name length for groups and campaigns. ASSUMED 100. */
export const NAME_LIMIT = 100;
export const name = objectName(NAME_LIMIT);

const toEntityId = (kind: UrnKind, what: string) => (v: string, ctx: z.RefinementCtx) => {
  const id = idOf(kind, v);
  if (!id) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be a ${what} id or its URN` });
  return id ?? v;
};

/** An entity id given as the number or its URN (a path parameter: always text); normalized to the number. */
export const entityId = (kind: UrnKind, what: string) =>
  z.string().min(1).max(80).transform(toEntityId(kind, what)).openapi({ description: `${what}: the number or its URN`, example: '600000001' });

/** An entity id of a JSON body: as `entityId`, or the number itself (see `orNumber`). */
export const bodyEntityId = (kind: UrnKind, what: string) =>
  orNumber(z.string().min(1).max(80))
    .transform(toEntityId(kind, what))
    .openapi({ description: `${what}: the number (as text or a JSON number) or its URN`, example: '600000001' });

/** A comma list of values of an enum. */
export function enumList<T extends string>(values: readonly T[], what: string) {
  return z
    .string()
    .min(1)
    .transform((raw, ctx) => {
      const list = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
      const bad = list.filter((v) => !values.includes(v as T));
      if (bad.length || !list.length) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `unknown ${what}: ${bad.join(', ') || '(empty)'}; allowed: ${values.join(', ')}` });
      return list as T[];
    })
    .openapi({ description: `${what}: a comma list of ${values.join(', ')}` });
}

/** A comma list of entity ids (numbers or URNs), at most `max`. */
export function idList(kind: UrnKind, what: string, max: number) {
  return z
    .string()
    .min(1)
    .transform((raw, ctx) => {
      const list = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
      const ids = list.map((v) => idOf(kind, v));
      if (!list.length || ids.some((v) => v === null)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be a comma list of ${what} ids or URNs` });
      if (list.length > max) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `at most ${max} ids` });
      return ids.filter((v): v is string => v !== null);
    })
    .openapi({ description: `${what} ids (numbers or URNs), comma-separated, at most ${max}` });
}

export const pageSize = (max: number) => z.coerce.number().int().min(1).max(max).default(Math.min(100, max)).openapi({ description: `LinkedIn pageSize, 1–${max}` });
export const pageToken = z.string().min(1).max(2000).optional().openapi({ description: 'metadata.nextPageToken of the previous page' });

/**
 * Money as LinkedIn writes it: the amount a decimal string, the currency the account's (LinkedIn
 * refuses another with CURRENCY_MISMATCH). The gateway's own bound keeps a typo from reaching an
 * account that spends money.
 */
export const money = z
  .object({
    amount: z.string().regex(/^(0|[1-9]\d{0,8})(\.\d{1,2})?$/, 'a decimal string, at most 999999999.99'),
    currencyCode: z.string().regex(/^[A-Z]{3}$/, 'ISO 4217'),
  })
  .strict()
  .openapi({ example: { amount: '50.00', currencyCode: 'USD' } });

/** Epoch milliseconds; start inclusive and required, end exclusive and optional. */
export const runSchedule = z
  .object({ start: z.number().int().positive(), end: z.number().int().positive().optional() })
  .strict()
  .refine((s) => s.end === undefined || s.end > s.start, { message: 'end must be after start', path: ['end'] })
  .openapi({ description: 'Epoch milliseconds', example: { start: 1767225600000 } });

export const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const date = z
  .string()
  .regex(DATE, 'must be YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'not a date');
