import { guardedRoute, writeRoute } from '../guarded-route';
import { campaignGroupsCall } from '../../../shared/platforms/linkedin/operations/reads';
import { ReadCampaignGroupsDto } from '../../../shared/platforms/linkedin/operations/read.dto';
import { CreateCampaignGroupDto, GroupBudgetDto, StatusChangeDto } from '../../../shared/platforms/linkedin/operations/write.dto';
import { LinkedinBudgetResultDto, LinkedinCampaignGroupPageDto, LinkedinCreatedDto, LinkedinStatusResultDto } from '../../../shared/platforms/linkedin/operations/records.dto';
import { callLinkedin } from '../../../shared/platforms/linkedin/operations/call';
import { campaignGroupBudget, campaignGroupStatus, createCampaignGroup } from '../../../shared/platforms/linkedin/operations/write-operations';
import { GroupIdParams, LINKEDIN_ERRORS, TAGS } from './schemas';

export const readCampaignGroupsRoute = guardedRoute({
  platform: 'linkedin',
  from: 'query',
  method: 'get',
  path: '/api/v1/linkedin/campaign-groups',
  operationId: 'readLinkedinCampaignGroups',
  summary: 'List LinkedIn campaign groups',
  message: 'Campaign groups fetched',
  description:
    "LinkedIn `adCampaignGroups?q=search` of the ad account, LinkedIn's records and cursor paging: `pageSize`/`pageToken` in, `metadata.nextPageToken` out (absent on the last page). Without `status`, LinkedIn leaves groups on their way out unlisted. Query: `ReadLinkedinCampaignGroupsDto`.",
  tags: TAGS,
  auth: 'external',
  query: ReadCampaignGroupsDto,
  response: { schema: LinkedinCampaignGroupPageDto },
  errors: LINKEDIN_ERRORS,
  handler: async ({ caller, account, query }) => ({ data: await callLinkedin(caller, campaignGroupsCall(account.platformAccountId, query), 'read') }),
});

export const createCampaignGroupRoute = writeRoute({
  from: 'body',
  method: 'post',
  path: '/api/v1/linkedin/campaign-groups',
  operationId: 'createLinkedinCampaignGroup',
  summary: 'Create a LinkedIn campaign group',
  message: 'Campaign group created',
  description:
    'Creates a LinkedIn campaign group (DRAFT unless `status` says otherwise) as a write job. LinkedIn has no idempotency key, so the group is named with a tag unique to the job (`<name> #xxxxxxxx`) and a retried job looks that name up before creating again: one group per job.',
  tags: TAGS,
  auth: 'external',
  body: CreateCampaignGroupDto,
  response: { schema: LinkedinCreatedDto },
  errors: [...LINKEDIN_ERRORS, 409],
  op: createCampaignGroup,
  toParams: ({ body }) => ({ dto: body }),
});

export const campaignGroupStatusRoute = writeRoute({
  from: 'body',
  method: 'post',
  path: '/api/v1/linkedin/campaign-groups/{id}/status',
  operationId: 'updateLinkedinCampaignGroupStatus',
  summary: "Change a LinkedIn campaign group's status",
  message: 'Campaign group status updated',
  description: 'Sets the status of a campaign group (LinkedIn PARTIAL_UPDATE) as a write job. A DRAFT cannot be returned to; LinkedIn refuses changes out of CANCELED or PENDING_DELETION.',
  tags: TAGS,
  auth: 'external',
  params: GroupIdParams,
  body: StatusChangeDto,
  response: { schema: LinkedinStatusResultDto },
  errors: [...LINKEDIN_ERRORS, 409],
  op: campaignGroupStatus,
  toParams: ({ params, body }) => ({ id: params.id, dto: body }),
});

export const campaignGroupBudgetRoute = writeRoute({
  from: 'body',
  method: 'patch',
  path: '/api/v1/linkedin/campaign-groups/{id}/budget',
  operationId: 'updateLinkedinCampaignGroupBudget',
  summary: "Change a LinkedIn campaign group's total budget",
  message: 'Campaign group budget updated',
  description: "Sets the group's `totalBudget` (LinkedIn PARTIAL_UPDATE) as a write job, in the account currency (LinkedIn refuses another with CURRENCY_MISMATCH). The tenant's budget guardrails compare it with the current amount, read from the group first.",
  tags: TAGS,
  auth: 'external',
  params: GroupIdParams,
  body: GroupBudgetDto,
  response: { schema: LinkedinBudgetResultDto },
  errors: [...LINKEDIN_ERRORS, 409],
  op: campaignGroupBudget,
  toParams: ({ params, body }) => ({ id: params.id, dto: body }),
});
