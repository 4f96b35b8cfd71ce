import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { DetailQuery, IdParams } from '../../../shared/platforms/facebook/dto/common.dto';
import { DatasetQualityDto, PixelStatsDto, graphObjectSchema } from '../../../shared/platforms/facebook/dto/objects.dto';
import { CreateCustomConversionDto, CreatePixelDto, DatasetQualityQuery, PixelStatsQuery } from '../../../shared/platforms/facebook/dto/pixel.dto';
import { datasetQualityCall, pixelStatsCall } from '../../../shared/platforms/facebook/operations/pixels';
import { detailCall } from '../../../shared/platforms/facebook/operations/reads';
import type { GraphCall } from '../../../shared/platforms/facebook/operations/graph-call';
import { createCustomConversion, createPixel } from '../../../shared/platforms/facebook/operations/write-operations';
import type { RouteSpec } from '../route';
import { guardedRoute, writeRoute, type GuardedContext } from '../guarded-route';
import { read, readOwned } from './graph-reads';
import { accountListRoute, objectDetailRoute } from './read-route-factories';
import { META_READ, META_WRITE } from './schemas';

const Created = z.object({ id: z.string() });

/**
 * Pixels carry `owner_ad_account` rather than `account_id`; a pixel owned by another account answers
 * 404. Without `fields` the detail answers the same default fields as the list (name, creation_time…).
 */
type Guarded = Pick<GuardedContext, 'account' | 'caller'>;

const ownedPixel = (g: Guarded, id: string, fields: string | undefined) => readOwned(g, detailCall(id, 'adspixel', fields, ['owner_ad_account']), 'Pixel', id);

const pixelRead = (g: Guarded, id: string, call: GraphCall) => ownedPixel(g, id, 'id').then(() => read(g, call));

const routes: RouteSpec[] = [
  writeRoute({
    ...META_WRITE,
    method: 'post',
    path: '/api/v1/facebook/pixels',
    operationId: 'facebookCreatePixel',
    summary: 'Create a pixel',
    message: 'Pixel created',
    description: 'Write job: `POST /act_{id}/adspixels {name}`.',
    body: CreatePixelDto,
    response: { schema: Created },
    op: createPixel,
    toParams: ({ body }) => ({ pixel: body }),
  }),
  accountListRoute({ path: '/api/v1/facebook/pixels', operationId: 'facebookListPixels', summary: 'List pixels', message: 'Pixels fetched', edge: 'pixels' }),
  guardedRoute({
    ...META_READ,
    path: '/api/v1/facebook/pixels/{id}',
    operationId: 'facebookGetPixel',
    summary: 'Get a pixel',
    message: 'Pixel fetched',
    params: IdParams,
    query: DetailQuery,
    response: { schema: graphObjectSchema('adspixel') },
    handler: async (ctx) => ({ data: await ownedPixel(ctx, ctx.params.id, ctx.query.fields) }),
  }),
  guardedRoute({
    ...META_READ,
    path: '/api/v1/facebook/pixels/{id}/stats',
    operationId: 'facebookGetPixelStats',
    summary: "Get a pixel's event stats",
    message: 'Pixel stats fetched',
    description: '`/{pixel}/stats`: hourly buckets of counts per value of the aggregation (default `event`).',
    params: IdParams,
    query: PixelStatsQuery,
    response: { schema: PixelStatsDto },
    handler: async (ctx) => {
      const { params, query } = ctx;
      if (query.startTime && query.endTime && Date.parse(query.startTime) >= Date.parse(query.endTime)) {
        throw new AppError('VALIDATION_FAILED', 'Invalid request query', { details: [{ path: 'query.endTime', message: 'must be after startTime' }] });
      }
      return { data: await pixelRead(ctx, params.id, pixelStatsCall(params.id, query)) };
    },
  }),
  guardedRoute({
    ...META_READ,
    path: '/api/v1/facebook/pixels/{id}/dataset-quality',
    operationId: 'facebookGetDatasetQuality',
    summary: "Get a pixel's dataset quality",
    message: 'Dataset quality fetched',
    description: "Meta's Dataset Quality API (`/dataset_quality?dataset_id=`): event match quality (0–10), coverage and freshness per web event.",
    params: IdParams,
    query: DatasetQualityQuery,
    response: { schema: DatasetQualityDto },
    handler: async (ctx) => ({ data: await pixelRead(ctx, ctx.params.id, datasetQualityCall(ctx.params.id, ctx.query.agentName)) }),
  }),
  writeRoute({
    ...META_WRITE,
    method: 'post',
    path: '/api/v1/facebook/custom-conversions',
    operationId: 'facebookCreateCustomConversion',
    summary: 'Create a custom conversion',
    message: 'Custom conversion created',
    description: 'Write job: `POST /act_{id}/customconversions`; the event source (pixel) must belong to the account; the rule is sent as JSON text.',
    body: CreateCustomConversionDto,
    response: { schema: Created },
    op: createCustomConversion,
    toParams: async (ctx) => {
      await ownedPixel(ctx, ctx.body.event_source_id, 'id');
      return { conversion: ctx.body };
    },
  }),
  accountListRoute({
    path: '/api/v1/facebook/custom-conversions',
    operationId: 'facebookListCustomConversions',
    summary: 'List custom conversions',
    message: 'Custom conversions fetched',
    edge: 'customConversions',
  }),
  objectDetailRoute({
    path: '/api/v1/facebook/custom-conversions/{id}',
    operationId: 'facebookGetCustomConversion',
    summary: 'Get a custom conversion',
    message: 'Custom conversion fetched',
    object: 'customconversion',
    label: 'Custom conversion',
  }),
];

export const pixelRoutes = routes;
