import { z } from '../../../shared/infra/zod-openapi';
import { PLATFORMS } from '../../../shared/platforms';
import { REPORT_LEVELS } from '../../../shared/platforms/core/report-source';
import { REPORT_METRICS } from '../../../shared/domain/reports/report.types';

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a date');

/** The longest range one report covers. */
export const MAX_REPORT_DAYS = 366;
const ACCOUNT_REF = /^([a-z]+):([A-Za-z0-9_-]{1,64})$/;

const AccountIds = z
  .string()
  .min(1)
  .max(20_000)
  .transform((raw, ctx) => {
    const out: Array<{ platform: string; id: string }> = [];
    const seen = new Set<string>();
    for (const part of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
      const m = ACCOUNT_REF.exec(part);
      if (!m || !(PLATFORMS as readonly string[]).includes(m[1]!)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${part.slice(0, 80)}" is not platform:id with a platform of ${PLATFORMS.join(', ')}` });
        return z.NEVER;
      }
      if (!seen.has(part)) out.push({ platform: m[1]!, id: m[2]! });
      seen.add(part);
    }
    if (!out.length) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'name at least one account' });
    return out;
  })
  .openapi({ type: 'string', description: 'Comma list of `platform:id` (e.g. `facebook:act_1,google:123-456-7890`); none: every activated account of the caller', example: 'facebook:act_1,google:1234567890' });

export const ReportQueryDto = z
  .object({
    adAccountIds: AccountIds.optional(),
    from: Day.openapi({ description: "First day, inclusive, in each account's own calendar (its time zone)", example: '2026-11-01' }),
    to: Day.openapi({ description: 'Last day, inclusive', example: '2026-11-07' }),
    level: z.enum(REPORT_LEVELS).default('campaign').openapi({ description: 'Google and TikTok ad groups are `adset`; LinkedIn campaign groups are `campaign` and its campaigns `adset`' }),
    granularity: z.enum(['day', 'total']).default('day'),
    metrics: z
      .string()
      .min(1)
      .transform((raw, ctx) => {
        const list = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
        const bad = list.filter((m) => !(REPORT_METRICS as readonly string[]).includes(m));
        if (bad.length) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `unknown metrics: ${bad.join(', ')} (one of ${REPORT_METRICS.join(', ')})` });
        return list as Array<(typeof REPORT_METRICS)[number]>;
      })
      .optional()
      .openapi({ type: 'string', description: `Comma list, a subset of ${REPORT_METRICS.join(', ')} (default: all)` }),
    include: z.enum(['raw']).optional().openapi({ description: "`raw` adds each row's platform record" }),
    limit: z.coerce.number().int().min(1).max(5000).default(1000),
    cursor: z.string().max(200).optional().openapi({ description: '`nextCursor` of the previous page' }),
    externalUserId: z.string().optional().openapi({ description: 'With x-api-key: the external user acting' }),
    token: z.string().optional().openapi({ description: 'An external user access token (same as the Bearer header)' }),
  })
  .strict()
  .openapi('ReportQueryDto');

export type ReportQuery = z.infer<typeof ReportQueryDto>;

const Money = z.string().regex(/^-?\d+(\.\d+)?$/).openapi({ description: 'Decimal text in the account currency, exact', example: '1234.50' });
const Ratio = z.string().nullable().openapi({ description: 'Decimal text, six decimals; null when the denominator is 0' });

export const AttributionDto = z
  .object({
    clickDays: z.number().int().nullable(),
    viewDays: z.number().int().nullable(),
    source: z.enum(['account_default', 'request']),
  })
  .openapi('ReportAttributionDto');

export const ReportRowDto = z
  .object({
    platform: z.enum(PLATFORMS),
    adAccountId: z.string().openapi({ description: "The platform's account id, normalised (Meta without `act_`, Google without dashes)" }),
    accountName: z.string().nullable(),
    currency: z.string().openapi({ description: 'ISO 4217', example: 'USD' }),
    timezone: z.string().openapi({ description: "IANA zone the row's days are in", example: 'America/Los_Angeles' }),
    level: z.enum(REPORT_LEVELS),
    id: z.string(),
    name: z.string().nullable(),
    parent: z.object({ campaignId: z.string().nullable(), adsetId: z.string().nullable() }),
    date: z.string().optional().openapi({ description: 'The day (granularity=day)' }),
    from: z.string().optional().openapi({ description: 'First day of a total (granularity=total)' }),
    to: z.string().optional().openapi({ description: 'Last day of a total (granularity=total)' }),
    spend: Money.optional(),
    conversionValue: Money.nullable().optional(),
    impressions: z.number().int().optional(),
    clicks: z.number().int().optional(),
    conversions: z.number().nullable().optional().openapi({ description: "Google's may be fractional" }),
    reach: z.number().int().nullable().optional().openapi({ description: 'null where the platform gives none' }),
    ctr: Ratio.optional().openapi({ description: 'clicks / impressions × 100' }),
    cpc: Ratio.optional().openapi({ description: 'spend / clicks' }),
    cpm: Ratio.optional().openapi({ description: 'spend / impressions × 1000' }),
    attribution: AttributionDto,
    finalized: z.boolean().openapi({ description: "false while the day is inside the platform's restatement window" }),
    raw: z.record(z.unknown()).optional().openapi({ description: "With include=raw: the platform's own record" }),
  })
  .strict()
  .openapi('ReportRowDto');

export const ReportTotalDto = z
  .object({
    currency: z.string(),
    spend: Money,
    conversionValue: Money,
    impressions: z.number().int(),
    clicks: z.number().int(),
    conversions: z.number(),
    ctr: Ratio,
    cpc: Ratio,
    cpm: Ratio,
    rows: z.number().int(),
  })
  .openapi('ReportTotalDto');

export const ReportAccountErrorDto = z
  .object({
    platform: z.enum(PLATFORMS),
    adAccountId: z.string(),
    code: z.string(),
    message: z.string(),
    reconsent: z.object({ method: z.literal('POST'), path: z.string(), body: z.unknown().optional() }).optional(),
  })
  .openapi('ReportAccountErrorDto');

export const ReportPageDto = z
  .object({
    rows: z.array(ReportRowDto),
    totals: z.array(ReportTotalDto).openapi({ description: 'One per currency over the whole report (every page), never summed across currencies' }),
    errors: z.array(ReportAccountErrorDto).openapi({ description: 'Accounts whose rows are absent, with the reason' }),
    nextCursor: z.string().nullable(),
  })
  .openapi('ReportPageDto');
