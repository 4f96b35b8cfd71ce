import { z } from '../../../shared/infra/zod-openapi';
import { DURING_LITERALS } from '../../../shared/platforms/google/gaql';
import {
  ASSET_LEVELS,
  ENTITY_STATUSES,
  INSIGHT_LEVELS,
  INSIGHT_METRICS,
  INSIGHT_SEGMENTS,
} from '../../../shared/platforms/google/operations/levels';
import { booleanFlag, conditionsParam, listOf, orderByParam } from './query-parsers';

const AccountId = z.string().min(1).max(40).openapi({ description: 'Google Ads customer id: `1234567890` or `123-456-7890`', example: '1234567890' });
const EntityId = z.string().regex(/^\d{1,19}$/, 'a numeric id');
const DateRange = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(DURING_LITERALS))
  .openapi({ description: 'A GAQL DURING literal (https://developers.google.com/google-ads/api/docs/query/date-ranges)', example: 'LAST_30_DAYS' });
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date written 'YYYY-MM-DD'");

const Scalar = z.union([z.string(), z.number(), z.bigint(), z.boolean()]);
const Condition = z
  .object(
    {
      field: z.string().min(1).max(200),
      op: z.string().min(1).max(20),
      value: z.union([Scalar, z.array(Scalar).max(1000)]).optional(),
    },
    { invalid_type_error: 'expected a condition "field op value", e.g. "campaign.status = ENABLED"' },
  )
  .strict();

/** How the repeated string forms are documented (the parsers also take the older JSON forms). */
const stringList = (description: string, example: string[]) =>
  ({ type: 'array', items: { type: 'string' }, description, example }) as const;

export const GoogleGaqlQueryDto = z
  .object({
    adAccountId: z.string().min(1).max(2000).openapi({
      description: 'One customer id or a comma list. With includeClients=true a manager stands for its enabled client accounts.',
      example: '1000000001,1000000002',
    }),
    includeClients: booleanFlag.openapi({ description: 'Expand managers to their enabled, non-manager client accounts (through customer_client)' }),
    query: z.string().min(1).max(20_000).optional().openapi({ description: 'Raw GAQL. Give this or the structured form.', example: 'SELECT campaign.id, metrics.clicks FROM campaign WHERE segments.date DURING LAST_7_DAYS' }),
    resource: z.string().min(1).max(100).optional().openapi({ description: 'Structured form: FROM resource', example: 'campaign' }),
    fields: listOf(z.string().min(1).max(200)).optional().openapi({ description: 'Structured form: SELECT fields (comma list or JSON array)' }),
    where: conditionsParam(Condition)
      .optional()
      .openapi(
        stringList(
          'Structured form: conditions joined by AND, each `field op value` (repeat the parameter), e.g. `campaign.status = ENABLED`, ' +
            "`campaign.id IN (1, 2)`, `segments.date BETWEEN '2026-01-01' AND '2026-01-31'`, `campaign.end_date IS NULL`. Values are quoted by the " +
            "gateway's builder (quote a value to force a string). The older form, one JSON array of `{ field, op, value }`, still works.",
          ['campaign.status = ENABLED', 'metrics.clicks > 10'],
        ),
      ),
    orderBy: orderByParam
      .optional()
      .openapi(stringList('Structured form: `field [ASC|DESC]` (repeat the parameter, or one comma list); JSON `[{ field, dir }]` also works', ['metrics.clicks DESC'])),
    limit: z.coerce.number().int().min(1).max(1_000_000).optional(),
    dateRange: DateRange.optional(),
    startDate: IsoDate.optional(),
    endDate: IsoDate.optional(),
  })
  .openapi('GoogleGaqlQueryDto');

const FailedAccountDto = z
  .object({
    accountId: z.string(),
    error: z.object({ code: z.string(), message: z.string(), details: z.array(z.record(z.unknown())).optional() }),
  })
  .openapi('GoogleFailedAccountDto');

/*
 * A GoogleAdsRow as Google sends it (https://developers.google.com/google-ads/api/reference/rpc/latest/GoogleAdsRow):
 * one member per resource the query selects from, camelCase names, enums as names, int64 (ids, counts,
 * micros) as strings, doubles as numbers. Only the members a query SELECTs are present.
 */
const int64 = z.string().regex(/^-?\d+$/).openapi({ description: 'int64 as a string', example: '1234' });
const resource = <T extends Record<string, z.ZodTypeAny>>(shape: T) => z.object({ resourceName: z.string(), ...shape }).partial().passthrough();
export const GoogleAdsRowDto = z
  .object({
    customer: resource({ id: int64, descriptiveName: z.string(), currencyCode: z.string(), timeZone: z.string(), manager: z.boolean() }),
    campaign: resource({ id: int64, name: z.string(), status: z.string().openapi({ example: 'ENABLED' }), advertisingChannelType: z.string(), startDate: z.string(), endDate: z.string() }),
    campaignBudget: resource({ id: int64, amountMicros: int64 }),
    adGroup: resource({ id: int64, name: z.string(), status: z.string(), campaign: z.string(), type: z.string() }),
    adGroupAd: resource({ status: z.string(), ad: z.object({ id: int64, name: z.string(), type: z.string(), finalUrls: z.array(z.string()) }).partial().passthrough() }),
    adGroupCriterion: resource({ criterionId: int64, status: z.string(), keyword: z.object({ text: z.string(), matchType: z.string() }).partial().passthrough() }),
    metrics: z
      .object({
        impressions: int64,
        clicks: int64,
        costMicros: int64,
        conversions: z.number(),
        conversionsValue: z.number(),
        ctr: z.number(),
        averageCpc: z.number(),
        averageCpm: z.number(),
      })
      .partial()
      .passthrough(),
    segments: z.object({ date: z.string().openapi({ example: '2026-01-31' }), device: z.string(), adNetworkType: z.string() }).partial().passthrough(),
  })
  .partial()
  .passthrough()
  .openapi('GoogleAdsRow', { additionalProperties: true });

export const GoogleGaqlResultDto = z
  .object({
    data: z.array(z.union([GoogleAdsRowDto, FailedAccountDto])).openapi({
      description:
        'GoogleAdsRow objects of every account, as Google sends them (camelCase nesting, int64 as strings), then one `GoogleFailedAccountDto` ({ accountId, error }) per account that failed while others answered',
    }),
    gaqlQuery: z.string(),
    accountIds: z.array(z.string()).openapi({ description: 'Every account the query ran on, after manager expansion' }),
    currencyCodes: z.record(z.string()).openapi({ example: { '1000000001': 'USD' } }),
    failedAccountIds: z.array(z.string()).optional().openapi({ description: 'Present when some accounts failed' }),
  })
  .openapi('GoogleGaqlResultDto');

export const GoogleAccessibleAccountsQueryDto = z
  .object({ connectionId: z.string().uuid().optional().openapi({ description: "Which of the caller's Google connections (default: the most recent active one)" }) })
  .openapi('GoogleAccessibleAccountsQueryDto');

export const GoogleAccessibleAccountDto = z
  .object({
    resourceName: z.string(),
    id: z.string(),
    descriptiveName: z.string().nullable().optional(),
    currencyCode: z.string().nullable().optional(),
    timeZone: z.string().nullable().optional(),
    manager: z.boolean().optional(),
    testAccount: z.boolean().optional(),
    status: z.string().nullable().optional(),
    error: z.object({ code: z.string(), message: z.string() }).optional().openapi({ description: 'Set when the account could not be read' }),
  })
  .openapi('GoogleAccessibleAccountDto');

export const GoogleAccessibleAccountsDto = z
  .object({ connectionId: z.string().uuid(), resourceNames: z.array(z.string()), accounts: z.array(GoogleAccessibleAccountDto) })
  .openapi('GoogleAccessibleAccountsDto');

export const TeamParams = z.object({ teamId: z.string().min(1).max(200).openapi({ description: "The tenant's id for the external user (team)" }) });

export const GoogleImportQueryDto = z.object({ adAccountId: AccountId }).openapi('GoogleImportAdAccountDto');

export const GoogleInsightsQueryDto = z
  .object({
    adAccountId: AccountId,
    level: z.enum(INSIGHT_LEVELS).default('campaign'),
    metrics: listOf(z.enum(INSIGHT_METRICS), 30).optional().openapi({ description: 'Metric names without `metrics.` (default impressions, clicks, cost_micros, ctr, average_cpc, conversions)' }),
    fields: listOf(z.string().min(1).max(200), 30).optional().openapi({ description: "Extra attribute fields from the level's list" }),
    segments: listOf(z.enum(INSIGHT_SEGMENTS), 5).optional().openapi({ description: 'Break down by segments (without `segments.`), e.g. date,device' }),
    dateRange: DateRange.optional().openapi({ description: 'DURING literal; default LAST_30_DAYS unless startDate+endDate' }),
    startDate: IsoDate.optional(),
    endDate: IsoDate.optional(),
    ids: listOf(EntityId, 500).optional().openapi({ description: 'Only these entities of the level' }),
    statuses: listOf(z.enum(ENTITY_STATUSES), 3).optional(),
    orderBy: orderByParam.optional().openapi(stringList('`field [ASC|DESC]` (repeat the parameter, or one comma list)', ['metrics.clicks DESC'])),
    limit: z.coerce.number().int().min(1).max(1_000_000).optional(),
  })
  .openapi('GoogleInsightsQueryDto');

export const GoogleAssetsQueryDto = z
  .object({
    adAccountId: AccountId,
    level: z.enum(ASSET_LEVELS),
    fields: listOf(z.string().min(1).max(200), 50).optional().openapi({ description: "Fields from the level's list (default: id, name, status, …)" }),
    ids: listOf(EntityId, 500).optional(),
    statuses: listOf(z.enum(ENTITY_STATUSES), 3).optional(),
    limit: z.coerce.number().int().min(1).max(1_000_000).optional(),
    pageToken: z.string().min(1).max(2000).optional().openapi({ description: '`paging.nextPageToken` of the previous page (same other parameters)' }),
  })
  .openapi('GoogleAssetsQueryDto');

/*
 * `GET /api/v1/google/assets` answers the rows of one level, chosen by the request's `level` (the
 * query's FROM resource). Google always returns the FROM resource with its `resourceName` (unless a
 * query asks `omit_unselected_resource_names`, which the gateway never does), so each level's row has
 * that member. No field says the level, so `x-level-schemas` maps the request's `level` to its row.
 */
const FROM_MEMBER = { campaign: 'campaign', ad_group: 'adGroup', ad: 'adGroupAd', keyword: 'adGroupCriterion', asset: 'asset' } as const satisfies Record<(typeof ASSET_LEVELS)[number], string>;
const assetResource = resource({ id: int64, name: z.string(), type: z.string() });
const levelRowName = (level: string) => `Google${level.split('_').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}Row`;
const levelRow = (level: (typeof ASSET_LEVELS)[number]) => {
  const member = FROM_MEMBER[level];
  const resourceOf: z.AnyZodObject = member === 'asset' ? assetResource : GoogleAdsRowDto.shape[member].unwrap();
  return GoogleAdsRowDto.extend({ [member]: resourceOf.required({ resourceName: true }) }).openapi(levelRowName(level), { additionalProperties: true });
};
const ASSET_ROWS = ASSET_LEVELS.map(levelRow);

export const GoogleAssetsPageDto = z
  .object({
    data: z.array(
      z.union([ASSET_ROWS[0]!, ASSET_ROWS[1]!, ...ASSET_ROWS.slice(2)]).openapi({
        description: 'A row of the request’s `level` (`x-level-schemas`), with its FROM resource',
        'x-level-schemas': { parameter: 'level', mapping: Object.fromEntries(ASSET_LEVELS.map((l) => [l, `#/components/schemas/${levelRowName(l)}`])) },
      } as never),
    ),
    paging: z.object({ nextPageToken: z.string().nullable(), totalResultsCount: z.string().nullable() }),
    gaqlQuery: z.string(),
  })
  .openapi('GoogleAssetsPageDto');
