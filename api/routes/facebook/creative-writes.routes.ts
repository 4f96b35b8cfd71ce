import { z } from '../../../shared/infra/zod-openapi';
import { policyFor } from '../../../shared/infra/outbound-target';
import { AdImageDto, CreateAdCreativeDto, UploadAdImageDto } from '../../../shared/platforms/facebook/dto/creative.dto';
import { facebookConfig } from '../../../shared/platforms/facebook/config';
import { assertPromotedPage, formPageToken } from '../../../shared/platforms/facebook/operations/leads';
import { graphCaller } from '../../../shared/platforms/facebook/operations/caller';
import { createCreative, uploadImage } from '../../../shared/platforms/facebook/operations/creative-writes';
import type { RouteSpec } from '../route';
import { writeRoute } from '../guarded-route';
import { META_WRITE } from './schemas';

const uploadImageRoute = writeRoute({
  ...META_WRITE,
  method: 'post',
  path: '/api/v1/facebook/adimages',
  operationId: 'facebookUploadAdImage',
  summary: 'Upload an ad image',
  message: 'Image uploaded',
  description:
    'Write job: `POST /act_{id}/adimages` with the image as base64 (`bytes`, within the API body limit), or fetched by the gateway from `url` → `{ hash, url }`. ' +
    'The hash is what creatives use; the same bytes give the same hash, so uploading twice is harmless. A `url` must be https on a public address (checked ' +
    'before the job and again when fetching, which connects only to the checked addresses), must not redirect, and must answer a JPEG, PNG, GIF, BMP or TIFF ' +
    'of at most 30 MB; otherwise 400 naming `body.url` (the job fails with it when the fetch finds the problem).',
  body: UploadAdImageDto,
  response: { schema: AdImageDto },
  op: uploadImage,
  toParams: async ({ deps, body }) => {
    // The address rules up front, for a 400 before any job; the worker checks again as it fetches.
    if (body.url) await policyFor(facebookConfig(deps.config).MEDIA_FETCH_ALLOWED_HOSTS).validate(body.url, 'body.url', 'Image URL');
    return { image: body };
  },
});

const createCreativeRoute = writeRoute({
  ...META_WRITE,
  method: 'post',
  path: '/api/v1/facebook/adcreatives',
  operationId: 'facebookCreateAdCreative',
  summary: 'Create a creative',
  message: 'Creative created',
  description:
    'Write job: `POST /act_{id}/adcreatives` with the `object_story_spec` of a LINK (link_data with the image hash), LEAD_FORM (link_data with a SIGN_UP call to action ' +
    'carrying `lead_gen_form_id`) or VIDEO (video_data with `video_id` and the image hash as thumbnail) creative. The Page must be one the account promotes and a lead form ' +
    "must be on that Page (404 otherwise); each type's required fields are a 400 naming the field.",
  body: CreateAdCreativeDto,
  response: { schema: z.object({ id: z.string() }).openapi('FacebookCreativeCreatedDto') },
  op: createCreative,
  // The Page must be one the account promotes, and a lead form must be on that Page.
  toParams: async ({ caller, account, body }) => {
    const graph = graphCaller(caller);
    const acct = account.platformAccountId;
    if (body.lead_gen_form_id) await formPageToken(graph, acct, body.lead_gen_form_id, body.page_id);
    else await assertPromotedPage(graph, acct, body.page_id);
    return { creative: body };
  },
});

export const creativeWriteRoutes: RouteSpec[] = [uploadImageRoute, createCreativeRoute];
