import { guardedRoute, writeRoute } from '../guarded-route';
import { campaignsCall } from '../../../shared/platforms/linkedin/operations/reads';
import { ReadCampaignsDto } from '../../../shared/platforms/linkedin/operations/read.dto';
import { CampaignBudgetDto, CreateCampaignDto, StatusChangeDto } from '../../../shared/platforms/linkedin/operations/write.dto';
import { LinkedinBudgetResultDto, LinkedinCampaignPageDto, LinkedinCreatedDto, LinkedinStatusResultDto } from '../../../shared/platforms/linkedin/operations/records.dto';
import { callLinkedin } from '../../../shared/platforms/linkedin/operations/call';
import { campaignBudget, campaignStatus, createCampaign } from '../../../shared/platforms/linkedin/operations/write-operations';
import { CampaignIdParams, LINKEDIN_ERRORS, TAGS } from './schemas';

export const readCampaignsRoute = guardedRoute({
  platform: 'linkedin',
  from: 'query',
  method: 'get',
  path: '/api/v1/linkedin/campaigns',
  operationId: 'readLinkedinCampaigns',
  summary: 'List LinkedIn campaigns',
  message: 'Campaigns fetched',
  description:
    "LinkedIn `adCampaigns?q=search` of the ad account, filtered by status, ids, campaign groups, type or exact name; LinkedIn's records and cursor paging (`pageSize`/`pageToken` in, `metadata.nextPageToken` out). Query: `ReadLinkedinCampaignsDto`.",
  tags: TAGS,
  auth: 'external',
  query: ReadCampaignsDto,
  response: { schema: LinkedinCampaignPageDto },
  errors: LINKEDIN_ERRORS,
  handler: async ({ caller, account, query }) => ({ data: await callLinkedin(caller, campaignsCall(account.platformAccountId, query), 'read') }),
});

export const createCampaignRoute = writeRoute({
  from: 'body',
  method: 'post',
  path: '/api/v1/linkedin/campaigns',
  operationId: 'createLinkedinCampaign',
  summary: 'Create a LinkedIn campaign',
  message: 'Campaign created',
  description:
    "Creates a LinkedIn campaign in a campaign group of the same account (DRAFT unless `status` says otherwise) as a write job. Money is LinkedIn's `{amount, currencyCode}` in the account currency. Like groups, the campaign is named with a job tag and looked up before any retry creates: one campaign per job.",
  tags: TAGS,
  auth: 'external',
  body: CreateCampaignDto,
  response: { schema: LinkedinCreatedDto },
  errors: [...LINKEDIN_ERRORS, 409],
  op: createCampaign,
  toParams: ({ body }) => ({ dto: body }),
});

export const campaignStatusRoute = writeRoute({
  from: 'body',
  method: 'post',
  path: '/api/v1/linkedin/campaigns/{id}/status',
  operationId: 'updateLinkedinCampaignStatus',
  summary: "Change a LinkedIn campaign's status",
  message: 'Campaign status updated',
  description: 'Sets the status of a campaign (LinkedIn PARTIAL_UPDATE) as a write job.',
  tags: TAGS,
  auth: 'external',
  params: CampaignIdParams,
  body: StatusChangeDto,
  response: { schema: LinkedinStatusResultDto },
  errors: [...LINKEDIN_ERRORS, 409],
  op: campaignStatus,
  toParams: ({ params, body }) => ({ id: params.id, dto: body }),
});

export const campaignBudgetRoute = writeRoute({
  from: 'body',
  method: 'patch',
  path: '/api/v1/linkedin/campaigns/{id}/budget',
  operationId: 'updateLinkedinCampaignBudget',
  summary: "Change a LinkedIn campaign's budgets",
  message: 'Campaign budget updated',
  description: "Sets the campaign's `dailyBudget`, `totalBudget` or both (LinkedIn PARTIAL_UPDATE) as a write job, in the account currency (LinkedIn refuses another with CURRENCY_MISMATCH). The tenant's budget guardrails compare them with the current amounts, read from the campaign first.",
  tags: TAGS,
  auth: 'external',
  params: CampaignIdParams,
  body: CampaignBudgetDto,
  response: { schema: LinkedinBudgetResultDto },
  errors: [...LINKEDIN_ERRORS, 409],
  op: campaignBudget,
  toParams: ({ params, body }) => ({ id: params.id, dto: body }),
});
