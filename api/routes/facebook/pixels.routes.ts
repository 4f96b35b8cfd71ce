import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { DetailQuery, IdParams } from '../../../shared/platforms/facebook/dto/common.dto';
import { DatasetQualityDto, PixelStatsDto, graphObjectSchema } from '../../../shared/platforms/facebook/dto/objects.dto';
import { CreateCustomConversionDto, CreatePixelDto, DatasetQualityQuery, PixelStatsQuery } from '../../../shared/platforms/facebook/dto/pixel.dto';
import { datasetQualityCall, pixelStatsCall } from '../../../shared/platforms/facebook/operations/pixels';
import { detailCall } from '../../../shared/platforms/facebook/operations/reads';
import type { GraphCall } from '../../../shared/platforms/facebook/operations/graph-call';
import type { Request } from 'express';
import type { AppDeps } from '../../deps';
import { defineRoute, type RouteSpec } from '../route';
import { accountListRoute, guardedReadRoute, objectDetailRoute } from './read-route-factories';
import { TAGS, WRITE_ERRORS, guardBody, read, readOwned, submitWrite } from './support';

const Created = z.object({ id: z.string() });

/**
 * Pixels carry `owner_ad_account` rather than `account_id`; a pixel owned by another account answers
 * 404. Without `fields` the detail answers the same default fields as the list (name, creation_time…).
 */
const ownedPixel = (deps: AppDeps, req: Request, id: string, fields: string | undefined) =>
  readOwned(req, detailCall(id, 'adspixel', fields, ['owner_ad_account']), 'Pixel', id);

const pixelRead = (deps: AppDeps, req: Request, id: string, call: GraphCall) => ownedPixel(deps, req, id, 'id').then(() => read(req, call));

const routes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/facebook/pixels',
    operationId: 'facebookCreatePixel',
    job: 'write',
    summary: 'Pixel created',
    description: 'Write job: `POST /act_{id}/adspixels {name}`.',
    tags: TAGS,
    auth: 'external',
    body: CreatePixelDto,
    response: { schema: Created },
    errors: WRITE_ERRORS,
    before: guardBody(),
    handler: ({ deps, auth, req, body }) => submitWrite(deps, auth, req, 'facebook.create-pixel', { pixel: body }, 'Pixel created'),
  }),
  accountListRoute({ path: '/api/v1/facebook/pixels', operationId: 'facebookListPixels', summary: 'Pixels fetched', edge: 'pixels' }),
  guardedReadRoute({
    path: '/api/v1/facebook/pixels/{id}',
    operationId: 'facebookGetPixel',
    summary: 'Pixel fetched',
    params: IdParams,
    query: DetailQuery,
    response: { schema: graphObjectSchema('adspixel') },
    handler: async ({ deps, req, params, query }) => ({ data: await ownedPixel(deps, req, params.id, query.fields) }),
  }),
  guardedReadRoute({
    path: '/api/v1/facebook/pixels/{id}/stats',
    operationId: 'facebookGetPixelStats',
    summary: 'Pixel stats fetched',
    description: '`/{pixel}/stats`: hourly buckets of counts per value of the aggregation (default `event`).',
    params: IdParams,
    query: PixelStatsQuery,
    response: { schema: PixelStatsDto },
    handler: async ({ deps, req, params, query }) => {
      if (query.startTime && query.endTime && Date.parse(query.startTime) >= Date.parse(query.endTime)) {
        throw new AppError('VALIDATION_FAILED', 'Invalid request query', { details: [{ path: 'query.endTime', message: 'must be after startTime' }] });
      }
      return { data: await pixelRead(deps, req, params.id, pixelStatsCall(params.id, query)) };
    },
  }),
  guardedReadRoute({
    path: '/api/v1/facebook/pixels/{id}/dataset-quality',
    operationId: 'facebookGetDatasetQuality',
    summary: 'Dataset quality fetched',
    description: "Meta's Dataset Quality API (`/dataset_quality?dataset_id=`): event match quality (0–10), coverage and freshness per web event.",
    params: IdParams,
    query: DatasetQualityQuery,
    response: { schema: DatasetQualityDto },
    handler: async ({ deps, req, params, query }) => ({ data: await pixelRead(deps, req, params.id, datasetQualityCall(params.id, query.agentName)) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/facebook/custom-conversions',
    operationId: 'facebookCreateCustomConversion',
    job: 'write',
    summary: 'Custom conversion created',
    description: 'Write job: `POST /act_{id}/customconversions`; the event source (pixel) must belong to the account; the rule is sent as JSON text.',
    tags: TAGS,
    auth: 'external',
    body: CreateCustomConversionDto,
    response: { schema: Created },
    errors: WRITE_ERRORS,
    before: guardBody(),
    handler: async ({ deps, auth, req, body }) => {
      await ownedPixel(deps, req, body.event_source_id, 'id');
      return submitWrite(deps, auth, req, 'facebook.create-custom-conversion', { conversion: body }, 'Custom conversion created');
    },
  }),
  accountListRoute({
    path: '/api/v1/facebook/custom-conversions',
    operationId: 'facebookListCustomConversions',
    summary: 'Custom conversions fetched',
    edge: 'customConversions',
  }),
  objectDetailRoute({
    path: '/api/v1/facebook/custom-conversions/{id}',
    operationId: 'facebookGetCustomConversion',
    summary: 'Custom conversion fetched',
    object: 'customconversion',
    label: 'Custom conversion',
  }),
];

export const pixelRoutes = routes;
