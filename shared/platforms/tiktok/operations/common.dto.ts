import { z } from '../../../infra/zod-openapi';

/** Schema pieces shared by the TikTok DTOs. */

export const adAccountId = z.string().min(1).max(64).openapi({ description: 'TikTok advertiser id', example: '7000000000000000011' });

/** The main surface's credential alternatives in the query (docs/api-conventions.md §3); read by authentication. */
export const credentialQuery = {
  externalUserId: z.string().min(1).optional().openapi({ description: 'With x-api-key: the external user acted for' }),
  token: z.string().min(1).optional().openapi({ description: "The external user's access token (same as the Bearer header)" }),
};

export const page = z.coerce.number().int().min(1).default(1).openapi({ description: 'Page number, from 1' });
export const pageSize = (max: number, dflt = 10) =>
  z.coerce.number().int().min(1).max(max).default(dflt).openapi({ description: `Page size, 1–${max}` });

export const listParam = (what: string) => z.string().min(1).openapi({ description: `${what}: a comma list or a JSON array` });
export const jsonObjectParam = (what: string) => z.string().min(1).openapi({ description: `${what}: a JSON object` });

export const id = z.string().regex(/^\d{1,24}$/, 'must be a TikTok id (digits)');
export const ids = (max: number) => z.array(id).min(1).max(max);

export const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const date = z.string().regex(DATE, 'must be YYYY-MM-DD');
export const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must be "YYYY-MM-DD HH:MM:SS" (UTC)');

export const operationStatus = z.enum(['ENABLE', 'DISABLE', 'DELETE']);

/** Ad groups (plain and Smart+) scheduled SCHEDULE_START_END need an end time. */
export const scheduleEndRule = (v: { scheduleType: string; scheduleEndTime?: string }, ctx: z.RefinementCtx) => {
  if (v.scheduleType === 'SCHEDULE_START_END' && !v.scheduleEndTime) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['scheduleEndTime'], message: 'required with SCHEDULE_START_END' });
  }
};

/**
 * The most any TikTok money field (budget, bid) may hold, in the account currency. TikTok types these
 * as plain numbers without a published maximum, so this is the gateway's own guard: it keeps a typo
 * or 1e308 from ever reaching an account that spends money.
 */
export const TIKTOK_MONEY_MAX = 100_000_000;

/** A budget or bid in the account currency: finite, not negative, at most TIKTOK_MONEY_MAX. */
export const money = z.number().finite().nonnegative().max(TIKTOK_MONEY_MAX).openapi({ description: `Account currency, 0 – ${TIKTOK_MONEY_MAX}` });
