import { defineRoute } from '../route';
import { campaignsCall } from '../../../shared/platforms/linkedin/operations/reads';
import { ReadCampaignsDto } from '../../../shared/platforms/linkedin/operations/read.dto';
import { CreateCampaignDto, StatusChangeDto } from '../../../shared/platforms/linkedin/operations/write.dto';
import { LinkedinCampaignPageDto, LinkedinCreatedDto, LinkedinStatusResultDto } from '../../../shared/platforms/linkedin/operations/records.dto';
import { opName } from '../../../shared/platforms/linkedin/operations/write-operations';
import { CampaignIdParams, LINKEDIN_ERRORS, TAGS } from './schemas';
import { account, guardBody, guardQuery, reader, submitWrite } from './support';

export const readCampaignsRoute = defineRoute({
  method: 'get',
  path: '/api/v1/linkedin/campaigns',
  operationId: 'readLinkedinCampaigns',
  summary: 'Campaigns fetched',
  description:
    "LinkedIn `adCampaigns?q=search` of the ad account, filtered by status, ids, campaign groups, type or exact name; LinkedIn's records and cursor paging (`pageSize`/`pageToken` in, `metadata.nextPageToken` out). Query: `ReadLinkedinCampaignsDto`.",
  tags: TAGS,
  auth: 'external',
  query: ReadCampaignsDto,
  before: guardQuery(),
  response: { schema: LinkedinCampaignPageDto },
  errors: LINKEDIN_ERRORS,
  handler: async ({ deps, req, query }) => ({ data: await reader(deps, req)(campaignsCall(account(req).platformAccountId, query)) }),
});

export const createCampaignRoute = defineRoute({
  method: 'post',
  path: '/api/v1/linkedin/campaigns',
  operationId: 'createLinkedinCampaign',
  job: 'write',
  summary: 'Campaign created',
  description:
    "Creates a LinkedIn campaign in a campaign group of the same account (DRAFT unless `status` says otherwise) as a write job. Money is LinkedIn's `{amount, currencyCode}` in the account currency. Like groups, the campaign is named with a job tag and looked up before any retry creates: one campaign per job.",
  tags: TAGS,
  auth: 'external',
  body: CreateCampaignDto,
  before: guardBody(),
  response: { schema: LinkedinCreatedDto },
  errors: [...LINKEDIN_ERRORS, 409],
  handler: async ({ deps, auth, req, body }) => submitWrite(deps, auth, req, opName.createCampaign, { dto: body }, 'Campaign created'),
});

export const campaignStatusRoute = defineRoute({
  method: 'post',
  path: '/api/v1/linkedin/campaigns/{id}/status',
  operationId: 'updateLinkedinCampaignStatus',
  job: 'write',
  summary: 'Campaign status updated',
  description: 'Sets the status of a campaign (LinkedIn PARTIAL_UPDATE) as a write job.',
  tags: TAGS,
  auth: 'external',
  params: CampaignIdParams,
  body: StatusChangeDto,
  before: guardBody(),
  response: { schema: LinkedinStatusResultDto },
  errors: [...LINKEDIN_ERRORS, 409],
  handler: async ({ deps, auth, req, params, body }) => submitWrite(deps, auth, req, opName.campaignStatus, { id: params.id, dto: body }, 'Campaign status updated'),
});
