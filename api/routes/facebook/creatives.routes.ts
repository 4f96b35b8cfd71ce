import { z } from '../../../shared/infra/zod-openapi';
import { PreviewAdcreativeDto } from '../../../shared/platforms/facebook/dto/ad.dto';
import { previewCall } from '../../../shared/platforms/facebook/operations/ads';
import { detailCall } from '../../../shared/platforms/facebook/operations/reads';
import type { RouteSpec } from '../route';
import { guardedRoute } from '../guarded-route';
import { read, readOwned } from './graph-reads';
import { accountListRoute, objectDetailRoute } from './read-route-factories';
import { READ_ERRORS, TAGS } from './schemas';

const listCreativesRoute = accountListRoute({
  path: '/api/v1/facebook/creatives',
  operationId: 'facebookListCreatives',
  summary: 'List creatives',
  message: 'Creatives fetched',
  edge: 'creatives',
});

const getCreativeRoute = objectDetailRoute({
  path: '/api/v1/facebook/creatives/{id}',
  operationId: 'facebookGetCreative',
  summary: 'Get a creative',
  message: 'Creative fetched',
  object: 'adcreative',
  label: 'Creative',
});

const PreviewListDto = z.object({ data: z.array(z.object({ body: z.string() })) }).openapi('FacebookPreviewsDto');

const previewRoute = guardedRoute({
  platform: 'facebook',
  from: 'body',
  method: 'post',
  path: '/api/v1/facebook/creatives/preview',
  operationId: 'facebookPreviewCreative',
  summary: 'Preview a creative',
  message: 'Previews generated',
  description:
    'Read (nothing is created): `/{creative_id}/previews`, `/{ad_id}/previews`, or `/act_{id}/generatepreviews` for a creative spec. Each item is an iframe snippet.',
  tags: TAGS,
  auth: 'external',
  body: PreviewAdcreativeDto,
  response: { schema: PreviewListDto },
  errors: READ_ERRORS,
  handler: async (ctx) => {
    const { body } = ctx;
    if (body.creative_id) await readOwned(ctx, detailCall(body.creative_id, 'adcreative', 'id', ['account_id']), 'Creative', body.creative_id);
    if (body.ad_id) await readOwned(ctx, detailCall(body.ad_id, 'ad', 'id', ['account_id']), 'Ad', body.ad_id);
    const r = await read<{ data?: { body: string }[] }>(ctx, previewCall(ctx.account.platformAccountId, body));
    return { data: { data: r.data ?? [] } };
  },
});

export const creativeRoutes: RouteSpec[] = [listCreativesRoute, getCreativeRoute, previewRoute];
