import { z } from '../../../shared/infra/zod-openapi';
import { CAMPAIGN_STATUSES, unitsToMicros } from '../../../shared/platforms/google/operations/campaign-writes';
import { campaignBudget, campaignStatus } from '../../../shared/platforms/google/operations/write-operations';
import { writeRoute } from '../guarded-route';
import { booleanFlag } from './query-parsers';

const AccountId = z.string().min(1).max(40).openapi({ description: 'Google Ads customer id: `1234567890` or `123-456-7890`', example: '1000000001' });

const CampaignParams = z.object({
  campaignId: z.string().regex(/^\d{1,19}$/, 'a numeric campaign id').openapi({ description: 'Google Ads campaign id', example: '100000001' }),
});

const WriteQuery = z
  .object({
    validateOnly: booleanFlag.openapi({
      description: 'Google checks the change (`validateOnly`) without applying it; the answer has `validateOnly: true` and no results',
    }),
    token: z.string().min(1).optional().openapi({ description: "The external user's access token (same as the Bearer header)" }),
    externalUserId: z.string().min(1).optional().openapi({ description: 'With x-api-key: the external user acted for' }),
  })
  .strict();

export const GoogleCampaignStatusDto = z
  .object({ adAccountId: AccountId, status: z.enum(CAMPAIGN_STATUSES).openapi({ description: 'REMOVED is final: a removed campaign cannot be changed again' }) })
  .strict()
  .openapi('GoogleCampaignStatusDto');

/** Positive micros as an int64 string (or a safe integer), within int64. */
const Micros = z
  .union([z.string(), z.number().int().safe()])
  .transform((v) => String(v))
  .pipe(z.string().regex(/^[1-9]\d{0,17}$/, 'a positive whole number of micros (1,000,000 = one currency unit), at most 18 digits'))
  .openapi({ type: 'string', description: 'The amount in micros of the account currency (int64 as a string): "12500000" is 12.50', example: '12500000' });

/** Positive currency units with at most 6 decimals (a decimal string, or a JSON number). */
const Units = z
  .union([z.string(), z.number().finite()])
  .transform((v) => String(v))
  .pipe(
    z
      .string()
      .regex(/^\d{1,12}(\.\d{1,6})?$/, 'a positive decimal amount in the account currency with at most 6 decimals, e.g. "12.50"')
      .refine((s) => /[1-9]/.test(s), 'must be greater than 0'),
  )
  .openapi({ type: 'string', description: 'The amount in units of the account currency, e.g. "12.50"; converted to micros exactly', example: '12.50' });

export const GoogleCampaignBudgetDto = z
  .object({ adAccountId: AccountId, amountMicros: Micros.optional(), amount: Units.optional() })
  .strict()
  .superRefine((b, ctx) => {
    if ((b.amountMicros === undefined) === (b.amount === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['amountMicros'], message: 'give exactly one of amountMicros (micros) or amount (currency units)' });
    }
  })
  .openapi('GoogleCampaignBudgetDto', {
    description: 'The new daily amount of the campaign budget, in exactly one form: `amountMicros` (int64 string, micros) or `amount` (currency units).',
  });

const MutateResult = z.object({ resourceName: z.string() }).passthrough();

export const GoogleCampaignStatusResultDto = z
  .object({
    validateOnly: z.boolean(),
    results: z.array(MutateResult).openapi({ description: "Google's MutateCampaignResult list: `resourceName`, and the updated `campaign` (MUTABLE_RESOURCE) for ENABLED/PAUSED" }),
  })
  .openapi('GoogleCampaignStatusResultDto');

export const GoogleCampaignBudgetResultDto = z
  .object({
    validateOnly: z.boolean(),
    campaignBudget: z.string().openapi({ description: 'Resource name of the budget the campaign uses', example: 'customers/1000000001/campaignBudgets/5000001' }),
    previousAmountMicros: z.string().nullable().openapi({ description: 'The amount before the change, as read just before it' }),
    results: z.array(MutateResult).openapi({ description: "Google's MutateCampaignBudgetResult list with the updated `campaignBudget`" }),
  })
  .openapi('GoogleCampaignBudgetResultDto');

const ERRORS = [403, 404, 409, 422, 429, 502, 504];
const JOB_TEXT =
  'Runs as a job (200 with the result, or 202 with the job to poll); `Idempotency-Key` makes it safe to retry. The ad account in the body is guarded like every account route. ' +
  'One operation is sent with `partialFailure: true`; its GoogleAdsFailure errors come back in `error.details` (`code` like `campaignError.CANNOT_MODIFY_REMOVED_CAMPAIGN`, `operationIndex`, `field`, `trigger`): 422, or 404 when Google cannot find the resource.';

export const googleCampaignStatusRoute = writeRoute({
  from: 'body',
  method: 'post',
  path: '/api/v1/google/campaigns/{campaignId}/status',
  operationId: 'googleSetCampaignStatus',
  summary: "Change a Google Ads campaign's status",
  message: 'Campaign status updated',
  description: `Sets the campaign to ENABLED or PAUSED (\`campaigns:mutate\` update of \`status\`) or removes it (REMOVED, Google's remove operation). Setting a status is idempotent: removing a removed campaign answers as the first removal; any other change to a removed campaign is 422. ${JOB_TEXT}`,
  tags: ['Google'],
  auth: 'external',
  params: CampaignParams,
  query: WriteQuery,
  body: GoogleCampaignStatusDto,
  response: { schema: GoogleCampaignStatusResultDto },
  errors: ERRORS,
  op: campaignStatus,
  toParams: ({ params, query, body }) => ({ campaignId: params.campaignId, status: body.status, validateOnly: query.validateOnly ?? false }),
});

export const googleCampaignBudgetRoute = writeRoute({
  from: 'body',
  method: 'patch',
  path: '/api/v1/google/campaigns/{campaignId}/budget',
  operationId: 'googleSetCampaignBudget',
  summary: "Change a Google Ads campaign's budget",
  message: 'Campaign budget updated',
  description: `Sets the amount of the budget the campaign uses (\`campaignBudgets:mutate\` update of \`amount_micros\`); a budget shared with other campaigns changes for them too. Give \`amountMicros\` or \`amount\` (currency units), not both. Google checks the amount against the currency (a multiple of its smallest unit, at least its minimum CPC). Reads back through \`GET /api/v1/google/gaql\` (\`campaign_budget.amount_micros\`). ${JOB_TEXT}`,
  tags: ['Google'],
  auth: 'external',
  params: CampaignParams,
  query: WriteQuery,
  body: GoogleCampaignBudgetDto,
  response: { schema: GoogleCampaignBudgetResultDto },
  errors: ERRORS,
  op: campaignBudget,
  toParams: ({ params, query, body }) => ({ campaignId: params.campaignId, amountMicros: body.amountMicros ?? unitsToMicros(body.amount!), validateOnly: query.validateOnly ?? false }),
});
