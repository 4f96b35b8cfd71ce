import type { AnyZodObject, ZodTypeAny } from 'zod';
import type { RouteSpec } from '../route';
import type { WriteOperation } from '../../../shared/platforms/core/write-operation';
import { SMART_LEVELS, type SmartLevel } from '../../../shared/platforms/tiktok/operations/levels';
import { callTiktok } from '../../../shared/platforms/tiktok/operations/runtime';
import { smartReadCall } from '../../../shared/platforms/tiktok/operations/smart';
import { SMART_DTOS, smartOperations } from '../../../shared/platforms/tiktok/operations/write-operations';
import { ReadAutomatedAdDto, ReadAutomatedAdGroupDto, ReadAutomatedCampaignDto } from '../../../shared/platforms/tiktok/operations/smart.dto';
import { TiktokAdDto, TiktokAdGroupDto, TiktokAdGroupListDto, TiktokAdListDto, TiktokCampaignDto, TiktokCampaignListDto, TiktokStatusResultDto } from '../../../shared/platforms/tiktok/operations/objects.dto';
import { guardedRoute, writeRoute } from '../guarded-route';
import { IdParams, TIKTOK_ERRORS } from './schemas';

/* Smart+ (automated) campaigns, ad groups and ads: read, create, update, status (`/smart_plus/…`, docs/platforms/tiktok.md §7). */

interface LevelRoutes {
  segment: string;
  noun: string;
  Noun: string;
  read: AnyZodObject;
  /** TikTok's record of the level, and a page of them. */
  record: ZodTypeAny;
  list: ZodTypeAny;
}

const LEVEL: Record<SmartLevel, LevelRoutes> = {
  campaign: { segment: 'campaigns', noun: 'campaign', Noun: 'Campaign', read: ReadAutomatedCampaignDto, record: TiktokCampaignDto, list: TiktokCampaignListDto },
  adgroup: { segment: 'adgroups', noun: 'ad group', Noun: 'AdGroup', read: ReadAutomatedAdGroupDto, record: TiktokAdGroupDto, list: TiktokAdGroupListDto },
  ad: { segment: 'ads', noun: 'ad', Noun: 'Ad', read: ReadAutomatedAdDto, record: TiktokAdDto, list: TiktokAdListDto },
};

function levelRoutes(level: SmartLevel): RouteSpec[] {
  const l = LEVEL[level];
  // One level's writes, typed for any level: the body schemas are the ones the operations re-check with.
  const dtos: Record<'create' | 'update' | 'status', ZodTypeAny> = SMART_DTOS[level];
  const ops: Record<'create' | 'update' | 'status', WriteOperation<{ id?: string; dto: unknown }>> = smartOperations[level];
  const base = `/api/v1/tiktok/smart/${l.segment}`;
  const tags = ['TikTok Smart+'];
  return [
    guardedRoute({
      platform: 'tiktok',
      from: 'query',
      method: 'get',
      path: base,
      operationId: `readTiktokSmart${l.Noun}s`,
      summary: `List Smart+ ${l.noun}s`,
      message: `Smart+ ${l.noun}s fetched`,
      description: `TikTok \`smart_plus/${level}/get/\` (\`{ list, page_info }\`). \`filter\` is TikTok \`filtering\`, checked against the keys the level accepts. Query: \`ReadAutomated${l.Noun}Dto\`.`,
      tags,
      auth: 'external',
      query: l.read,
      response: { schema: l.list },
      errors: TIKTOK_ERRORS,
      handler: async ({ caller, account, query }) => {
        const q = query as { filter?: string; fields?: string; page: number; pageSize: number };
        return { data: await callTiktok(caller, smartReadCall(level, account.platformAccountId, q), 'read') };
      },
    }),
    writeRoute({
      from: 'body',
      method: 'post',
      path: base,
      operationId: `createTiktokSmart${l.Noun}`,
      summary: `Create a Smart+ ${l.noun}`,
      message: `Smart+ ${l.noun} created`,
      description: `TikTok \`smart_plus/${level}/create/\` as a write job, with a request_id so retries never duplicate.`,
      tags,
      auth: 'external',
      body: dtos.create,
      response: { schema: l.record },
      errors: [...TIKTOK_ERRORS, 409],
      op: ops.create,
      toParams: ({ body }) => ({ dto: body }),
    }),
    writeRoute({
      from: 'body',
      method: 'patch',
      path: `${base}/{id}`,
      operationId: `updateTiktokSmart${l.Noun}`,
      summary: `Update a Smart+ ${l.noun}`,
      message: `Smart+ ${l.noun} updated`,
      description: `TikTok \`smart_plus/${level}/update/\` as a write job.`,
      tags,
      auth: 'external',
      params: IdParams,
      body: dtos.update,
      response: { schema: l.record },
      errors: [...TIKTOK_ERRORS, 409],
      op: ops.update,
      toParams: ({ params, body }) => ({ id: params.id, dto: body }),
    }),
    writeRoute({
      from: 'body',
      method: 'post',
      path: `${base}/status`,
      operationId: `updateTiktokSmart${l.Noun}Status`,
      summary: `Change the status of Smart+ ${l.noun}s`,
      message: `Smart+ ${l.noun} status updated`,
      description: `TikTok \`smart_plus/${level}/status/update/\` (ENABLE, DISABLE, DELETE; 1–20 ids) as a write job.`,
      tags,
      auth: 'external',
      body: dtos.status,
      response: { schema: TiktokStatusResultDto },
      errors: [...TIKTOK_ERRORS, 409],
      op: ops.status,
      toParams: ({ body }) => ({ dto: body }),
    }),
  ];
}

export const smartRoutes: RouteSpec[] = SMART_LEVELS.flatMap(levelRoutes);
