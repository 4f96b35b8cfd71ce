import { defineRoute } from '../route';
import { adReviewInfoCall, materialReviewInfoCall } from '../../../shared/platforms/tiktok/operations/smart';
import { opName } from '../../../shared/platforms/tiktok/operations/write-operations';
import {
  CreateAutomatedAdAppealDto,
  ReadAutomatedAdReviewInfoDto,
  ReadAutomatedMaterialReviewInfoDto,
  UpdateAutomatedAdMaterialStatusDto,
} from '../../../shared/platforms/tiktok/operations/smart.dto';
import { TiktokAdReviewInfoDto, TiktokEmptyDto, TiktokMaterialReviewInfoDto, TiktokMaterialStatusResultDto } from '../../../shared/platforms/tiktok/operations/objects.dto';
import { IdParams, TIKTOK_ERRORS } from './schemas';
import { account, guardBody, guardQuery, submitWrite, read } from './support';

const tags = ['TikTok Smart+'];

export const appealRoute = defineRoute({
  method: 'post',
  path: '/api/v1/tiktok/smart/ads/{id}/appeal',
  operationId: 'appealTiktokSmartAd',
  job: 'write',
  summary: 'Smart+ ad appeal submitted',
  description: 'TikTok `smart_plus/ad/appeal/` as a write job.',
  tags,
  auth: 'external',
  params: IdParams,
  body: CreateAutomatedAdAppealDto,
  before: guardBody(),
  response: { schema: TiktokEmptyDto },
  errors: [...TIKTOK_ERRORS, 409],
  handler: async ({ deps, auth, req, params, body }) => submitWrite(deps, auth, req, opName.appeal, { id: params.id, dto: body }, 'Smart+ ad appeal submitted'),
});

export const adReviewInfoRoute = defineRoute({
  method: 'get',
  path: '/api/v1/tiktok/smart/ads/review-info',
  operationId: 'readTiktokSmartAdReviewInfo',
  summary: 'Smart+ ad review info fetched',
  description: 'TikTok `smart_plus/ad/review_info/` for 1–100 Smart+ ads. Query: `ReadAutomatedAdReviewInfoDto`.',
  tags,
  auth: 'external',
  query: ReadAutomatedAdReviewInfoDto,
  before: guardQuery(),
  response: { schema: TiktokAdReviewInfoDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ req, query }) => ({ data: await read(req, adReviewInfoCall(account(req).platformAccountId, query)) }),
});

export const materialStatusRoute = defineRoute({
  method: 'post',
  path: '/api/v1/tiktok/smart/ads/material-status',
  operationId: 'updateTiktokSmartAdMaterialStatus',
  job: 'write',
  summary: 'Smart+ ad material status updated',
  description: 'TikTok `smart_plus/ad/material_status/update/` (ENABLE or DISABLE 1–20 materials of one Smart+ ad) as a write job.',
  tags,
  auth: 'external',
  body: UpdateAutomatedAdMaterialStatusDto,
  before: guardBody(),
  response: { schema: TiktokMaterialStatusResultDto },
  errors: [...TIKTOK_ERRORS, 409],
  handler: async ({ deps, auth, req, body }) => submitWrite(deps, auth, req, opName.materialStatus, { dto: body }, 'Smart+ ad material status updated'),
});

export const materialReviewInfoRoute = defineRoute({
  method: 'get',
  path: '/api/v1/tiktok/smart/materials/review-info',
  operationId: 'readTiktokSmartMaterialReviewInfo',
  summary: 'Smart+ material review info fetched',
  description: 'TikTok `smart_plus/material/review_info/` for 1–100 ad materials. Query: `ReadAutomatedMaterialReviewInfoDto`.',
  tags,
  auth: 'external',
  query: ReadAutomatedMaterialReviewInfoDto,
  before: guardQuery(),
  response: { schema: TiktokMaterialReviewInfoDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ req, query }) => ({ data: await read(req, materialReviewInfoCall(account(req).platformAccountId, query)) }),
});
