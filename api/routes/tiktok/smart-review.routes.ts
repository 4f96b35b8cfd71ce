import { guardedRoute, writeRoute } from '../guarded-route';
import { adReviewInfoCall, materialReviewInfoCall } from '../../../shared/platforms/tiktok/operations/smart';
import { callTiktok } from '../../../shared/platforms/tiktok/operations/runtime';
import { appealSmartAd, updateSmartAdMaterialStatus } from '../../../shared/platforms/tiktok/operations/write-operations';
import {
  CreateAutomatedAdAppealDto,
  ReadAutomatedAdReviewInfoDto,
  ReadAutomatedMaterialReviewInfoDto,
  UpdateAutomatedAdMaterialStatusDto,
} from '../../../shared/platforms/tiktok/operations/smart.dto';
import { TiktokAdReviewInfoDto, TiktokEmptyDto, TiktokMaterialReviewInfoDto, TiktokMaterialStatusResultDto } from '../../../shared/platforms/tiktok/operations/objects.dto';
import { IdParams, TIKTOK_ERRORS } from './schemas';

const tags = ['TikTok Smart+'];

export const appealRoute = writeRoute({
  from: 'body',
  method: 'post',
  path: '/api/v1/tiktok/smart/ads/{id}/appeal',
  operationId: 'appealTiktokSmartAd',
  summary: 'Appeal the review of a Smart+ ad',
  message: 'Smart+ ad appeal submitted',
  description: 'TikTok `smart_plus/ad/appeal/` as a write job.',
  tags,
  auth: 'external',
  params: IdParams,
  body: CreateAutomatedAdAppealDto,
  response: { schema: TiktokEmptyDto },
  errors: [...TIKTOK_ERRORS, 409],
  op: appealSmartAd,
  toParams: ({ params, body }) => ({ id: params.id, dto: body }),
});

export const adReviewInfoRoute = guardedRoute({
  platform: 'tiktok',
  from: 'query',
  method: 'get',
  path: '/api/v1/tiktok/smart/ads/review-info',
  operationId: 'readTiktokSmartAdReviewInfo',
  summary: 'Get the review info of Smart+ ads',
  message: 'Smart+ ad review info fetched',
  description: 'TikTok `smart_plus/ad/review_info/` for 1–100 Smart+ ads. Query: `ReadAutomatedAdReviewInfoDto`.',
  tags,
  auth: 'external',
  query: ReadAutomatedAdReviewInfoDto,
  response: { schema: TiktokAdReviewInfoDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ caller, account, query }) => ({ data: await callTiktok(caller, adReviewInfoCall(account.platformAccountId, query), 'read') }),
});

export const materialStatusRoute = writeRoute({
  from: 'body',
  method: 'post',
  path: '/api/v1/tiktok/smart/ads/material-status',
  operationId: 'updateTiktokSmartAdMaterialStatus',
  summary: 'Change the status of Smart+ ad materials',
  message: 'Smart+ ad material status updated',
  description: 'TikTok `smart_plus/ad/material_status/update/` (ENABLE or DISABLE 1–20 materials of one Smart+ ad) as a write job.',
  tags,
  auth: 'external',
  body: UpdateAutomatedAdMaterialStatusDto,
  response: { schema: TiktokMaterialStatusResultDto },
  errors: [...TIKTOK_ERRORS, 409],
  op: updateSmartAdMaterialStatus,
  toParams: ({ body }) => ({ dto: body }),
});

export const materialReviewInfoRoute = guardedRoute({
  platform: 'tiktok',
  from: 'query',
  method: 'get',
  path: '/api/v1/tiktok/smart/materials/review-info',
  operationId: 'readTiktokSmartMaterialReviewInfo',
  summary: 'Get the review info of Smart+ materials',
  message: 'Smart+ material review info fetched',
  description: 'TikTok `smart_plus/material/review_info/` for 1–100 ad materials. Query: `ReadAutomatedMaterialReviewInfoDto`.',
  tags,
  auth: 'external',
  query: ReadAutomatedMaterialReviewInfoDto,
  response: { schema: TiktokMaterialReviewInfoDto },
  errors: TIKTOK_ERRORS,
  handler: async ({ caller, account, query }) => ({ data: await callTiktok(caller, materialReviewInfoCall(account.platformAccountId, query), 'read') }),
});
