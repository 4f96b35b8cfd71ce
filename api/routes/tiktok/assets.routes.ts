import { defineRoute } from '../route';
import { CreateAssetsDto, ReadAssetsDto, UpdateAssetsStatusDto } from '../../../shared/platforms/tiktok/operations/assets.dto';
import { LEVELS } from '../../../shared/platforms/tiktok/operations/levels';
import { readObjectsCall } from '../../../shared/platforms/tiktok/operations/objects-read';
import { opName } from '../../../shared/platforms/tiktok/operations/write-operations';
import { TiktokAssetsCreatedDto, TiktokAssetsListDto, TiktokStatusResultDto } from '../../../shared/platforms/tiktok/operations/objects.dto';
import { TIKTOK_ERRORS } from './schemas';
import { account, guardBody, guardQuery, submitWrite, read } from './support';

export const readAssetsRoute = defineRoute({
  method: 'get',
  path: '/api/v1/tiktok/assets',
  operationId: 'readTiktokAssets',
  summary: 'Assets fetched',
  description:
    'Campaigns, ad groups or ads of the advertiser (`level`), through TikTok `campaign|adgroup|ad/get/`. `filter` is passed as TikTok `filtering` and `fields` as TikTok `fields`; both are checked against the level before any platform call. Query: `ReadAssetsDto`.',
  tags: ['TikTok'],
  auth: 'external',
  query: ReadAssetsDto,
  before: guardQuery(),
  response: { schema: TiktokAssetsListDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ req, query }) => {
    const call = readObjectsCall(LEVELS[query.level], account(req).platformAccountId, query);
    return { data: await read(req, call) };
  },
});

export const createAssetsRoute = defineRoute({
  method: 'post',
  path: '/api/v1/tiktok/assets',
  operationId: 'createTiktokAssets',
  job: 'write',
  summary: 'Assets created',
  description:
    'Creates the given parts in order as one job — campaign, then the ad group under it, then the ads under that — each with a TikTok request_id so retries never duplicate. The result names every created id; on a failure part-way the error details name what was created and which step failed.',
  tags: ['TikTok'],
  auth: 'external',
  body: CreateAssetsDto,
  before: guardBody(),
  response: { schema: TiktokAssetsCreatedDto },
  errors: [...TIKTOK_ERRORS, 409],
  handler: async ({ deps, auth, req, body }) => submitWrite(deps, auth, req, opName.assetsCreate, body, 'Assets created'),
});

export const updateAssetsStatusRoute = defineRoute({
  method: 'post',
  path: '/api/v1/tiktok/assets/status',
  operationId: 'updateTiktokAssetsStatus',
  job: 'write',
  summary: 'Assets status updated',
  description: 'ENABLE, DISABLE or DELETE 1–20 campaigns, ad groups or ads (`campaign|adgroup|ad/status/update/`).',
  tags: ['TikTok'],
  auth: 'external',
  body: UpdateAssetsStatusDto,
  before: guardBody(),
  response: { schema: TiktokStatusResultDto },
  errors: [...TIKTOK_ERRORS, 409],
  handler: async ({ deps, auth, req, body }) => submitWrite(deps, auth, req, opName.assetsStatus, { dto: body }, 'Assets status updated'),
});
