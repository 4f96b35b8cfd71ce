import type { AnyZodObject, ZodTypeAny } from 'zod';
import { defineRoute, type RouteSpec } from '../route';
import { SMART_LEVELS, type SmartLevel } from '../../../shared/platforms/tiktok/operations/levels';
import { smartReadCall } from '../../../shared/platforms/tiktok/operations/smart';
import { opName } from '../../../shared/platforms/tiktok/operations/write-operations';
import {
  CreateAutomatedAdDto,
  CreateAutomatedAdGroupDto,
  CreateAutomatedCampaignDto,
  ReadAutomatedAdDto,
  ReadAutomatedAdGroupDto,
  ReadAutomatedCampaignDto,
  StatusAutomatedAdDto,
  StatusAutomatedAdGroupDto,
  StatusAutomatedCampaignDto,
  UpdateAutomatedAdDto,
  UpdateAutomatedAdGroupDto,
  UpdateAutomatedCampaignDto,
} from '../../../shared/platforms/tiktok/operations/smart.dto';
import { TiktokAdDto, TiktokAdGroupDto, TiktokAdGroupListDto, TiktokAdListDto, TiktokCampaignDto, TiktokCampaignListDto, TiktokStatusResultDto } from '../../../shared/platforms/tiktok/operations/objects.dto';
import { IdParams, TIKTOK_ERRORS } from './schemas';
import { account, guardBody, guardQuery, submitWrite, read } from './support';

/* Smart+ (automated) campaigns, ad groups and ads: read, create, update, status (`/smart_plus/…`, docs/platforms/tiktok.md §7). */

interface LevelRoutes {
  segment: string;
  noun: string;
  Noun: string;
  read: AnyZodObject;
  /** TikTok's record of the level, and a page of them. */
  record: ZodTypeAny;
  list: ZodTypeAny;
  create: ZodTypeAny;
  update: ZodTypeAny;
  status: ZodTypeAny;
}

const LEVEL: Record<SmartLevel, LevelRoutes> = {
  campaign: { segment: 'campaigns', noun: 'campaign', Noun: 'Campaign', read: ReadAutomatedCampaignDto, record: TiktokCampaignDto, list: TiktokCampaignListDto, create: CreateAutomatedCampaignDto, update: UpdateAutomatedCampaignDto, status: StatusAutomatedCampaignDto },
  adgroup: { segment: 'adgroups', noun: 'ad group', Noun: 'AdGroup', read: ReadAutomatedAdGroupDto, record: TiktokAdGroupDto, list: TiktokAdGroupListDto, create: CreateAutomatedAdGroupDto, update: UpdateAutomatedAdGroupDto, status: StatusAutomatedAdGroupDto },
  ad: { segment: 'ads', noun: 'ad', Noun: 'Ad', read: ReadAutomatedAdDto, record: TiktokAdDto, list: TiktokAdListDto, create: CreateAutomatedAdDto, update: UpdateAutomatedAdDto, status: StatusAutomatedAdDto },
};

function levelRoutes(level: SmartLevel): RouteSpec[] {
  const l = LEVEL[level];
  const base = `/api/v1/tiktok/smart/${l.segment}`;
  const tags = ['TikTok Smart+'];
  return [
    defineRoute({
      method: 'get',
      path: base,
      operationId: `readTiktokSmart${l.Noun}s`,
      summary: `Smart+ ${l.noun}s fetched`,
      description: `TikTok \`smart_plus/${level}/get/\` (\`{ list, page_info }\`). \`filter\` is TikTok \`filtering\`, checked against the keys the level accepts. Query: \`ReadAutomated${l.Noun}Dto\`.`,
      tags,
      auth: 'external',
      query: l.read,
      before: guardQuery(),
      response: { schema: l.list },
      errors: TIKTOK_ERRORS,
      handler: async ({ req, query }) => {
        const q = query as { filter?: string; fields?: string; page: number; pageSize: number };
        return { data: await read(req, smartReadCall(level, account(req).platformAccountId, q)) };
      },
    }),
    defineRoute({
      method: 'post',
      path: base,
      operationId: `createTiktokSmart${l.Noun}`,
      job: 'write',
      summary: `Smart+ ${l.noun} created`,
      description: `TikTok \`smart_plus/${level}/create/\` as a write job, with a request_id so retries never duplicate.`,
      tags,
      auth: 'external',
      body: l.create,
      before: guardBody(),
      response: { schema: l.record },
      errors: [...TIKTOK_ERRORS, 409],
      handler: async ({ deps, auth, req, body }) => submitWrite(deps, auth, req, opName.smartCreate(level), { dto: body }, `Smart+ ${l.noun} created`),
    }),
    defineRoute({
      method: 'patch',
      path: `${base}/{id}`,
      operationId: `updateTiktokSmart${l.Noun}`,
      job: 'write',
      summary: `Smart+ ${l.noun} updated`,
      description: `TikTok \`smart_plus/${level}/update/\` as a write job.`,
      tags,
      auth: 'external',
      params: IdParams,
      body: l.update,
      before: guardBody(),
      response: { schema: l.record },
      errors: [...TIKTOK_ERRORS, 409],
      handler: async ({ deps, auth, req, params, body }) =>
        submitWrite(deps, auth, req, opName.smartUpdate(level), { id: params.id, dto: body }, `Smart+ ${l.noun} updated`),
    }),
    defineRoute({
      method: 'post',
      path: `${base}/status`,
      operationId: `updateTiktokSmart${l.Noun}Status`,
      job: 'write',
      summary: `Smart+ ${l.noun} status updated`,
      description: `TikTok \`smart_plus/${level}/status/update/\` (ENABLE, DISABLE, DELETE; 1–20 ids) as a write job.`,
      tags,
      auth: 'external',
      body: l.status,
      before: guardBody(),
      response: { schema: TiktokStatusResultDto },
      errors: [...TIKTOK_ERRORS, 409],
      handler: async ({ deps, auth, req, body }) => submitWrite(deps, auth, req, opName.smartStatus(level), { dto: body }, `Smart+ ${l.noun} status updated`),
    }),
  ];
}

export const smartRoutes: RouteSpec[] = SMART_LEVELS.flatMap(levelRoutes);
