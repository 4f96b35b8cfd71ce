import { CreateAssetsDto, ReadAssetsDto, UpdateAssetsStatusDto } from '../../../shared/platforms/tiktok/operations/assets.dto';
import { createAssetsOperation } from '../../../shared/platforms/tiktok/operations/create-assets.operation';
import { LEVELS } from '../../../shared/platforms/tiktok/operations/levels';
import { readObjectsCall } from '../../../shared/platforms/tiktok/operations/objects-read';
import { callTiktok } from '../../../shared/platforms/tiktok/operations/runtime';
import { updateAssetsStatus } from '../../../shared/platforms/tiktok/operations/write-operations';
import { TiktokAssetsCreatedDto, TiktokAssetsListDto, TiktokStatusResultDto } from '../../../shared/platforms/tiktok/operations/objects.dto';
import { guardedRoute, writeRoute } from '../guarded-route';
import { TIKTOK_ERRORS } from './schemas';

export const readAssetsRoute = guardedRoute({
  platform: 'tiktok',
  from: 'query',
  method: 'get',
  path: '/api/v1/tiktok/assets',
  operationId: 'readTiktokAssets',
  summary: 'List TikTok campaigns, ad groups or ads',
  message: 'Assets fetched',
  description:
    'Campaigns, ad groups or ads of the advertiser (`level`), through TikTok `campaign|adgroup|ad/get/`. `filter` is passed as TikTok `filtering` and `fields` as TikTok `fields`; both are checked against the level before any platform call. Query: `ReadAssetsDto`.',
  tags: ['TikTok'],
  auth: 'external',
  query: ReadAssetsDto,
  response: { schema: TiktokAssetsListDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ caller, account, query }) => {
    const call = readObjectsCall(LEVELS[query.level], account.platformAccountId, query);
    return { data: await callTiktok(caller, call, 'read') };
  },
});

export const createAssetsRoute = writeRoute({
  from: 'body',
  method: 'post',
  path: '/api/v1/tiktok/assets',
  operationId: 'createTiktokAssets',
  summary: 'Create TikTok campaigns, ad groups and ads',
  message: 'Assets created',
  description:
    'Creates the given parts in order as one job — campaign, then the ad group under it, then the ads under that — each with a TikTok request_id so retries never duplicate. The result names every created id; on a failure part-way the error details name what was created and which step failed.',
  tags: ['TikTok'],
  auth: 'external',
  body: CreateAssetsDto,
  response: { schema: TiktokAssetsCreatedDto },
  errors: [...TIKTOK_ERRORS, 409],
  op: createAssetsOperation,
  toParams: ({ body }) => body,
});

export const updateAssetsStatusRoute = writeRoute({
  from: 'body',
  method: 'post',
  path: '/api/v1/tiktok/assets/status',
  operationId: 'updateTiktokAssetsStatus',
  summary: 'Change the status of TikTok campaigns, ad groups or ads',
  message: 'Assets status updated',
  description: 'ENABLE, DISABLE or DELETE 1–20 campaigns, ad groups or ads (`campaign|adgroup|ad/status/update/`).',
  tags: ['TikTok'],
  auth: 'external',
  body: UpdateAssetsStatusDto,
  response: { schema: TiktokStatusResultDto },
  errors: [...TIKTOK_ERRORS, 409],
  op: updateAssetsStatus,
  toParams: ({ body }) => ({ dto: body }),
});
