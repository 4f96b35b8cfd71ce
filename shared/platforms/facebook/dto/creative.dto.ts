import { z } from '../../../infra/zod-openapi';
import { AdAccountId, GraphId } from './common.dto';
import { objectName } from '../../core/create-lookup';

/** An image as base64 (the API's JSON body limit bounds it; larger images are not accepted here). */
export const UploadAdImageDto = z
  .object({
    adAccountId: AdAccountId,
    bytes: z
      .string()
      .min(8)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
      .optional()
      .openapi({ description: 'The image file (JPEG, PNG, GIF, BMP or TIFF), base64. Give this or `url`.' }),
    url: z
      .string()
      .max(2048)
      .url()
      .optional()
      .openapi({
        description:
          'Where the gateway fetches the image (https, a public address, no redirect, at most 30 MB, a JPEG, PNG, GIF, BMP or TIFF by its content) to upload it. Give this or `bytes`.',
        example: 'https://cdn.example.com/ads/summer.png',
      }),
    name: z.string().trim().min(1).max(100).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if ((b.bytes === undefined) === (b.url === undefined)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [b.bytes === undefined ? 'bytes' : 'url'], message: 'give exactly one of bytes and url' });
    }
  })
  .openapi('UploadAdImageDto');
export type UploadAdImage = z.infer<typeof UploadAdImageDto>;

export const AdImageDto = z.object({ hash: z.string(), url: z.string() }).openapi('FacebookAdImageDto');

export const CREATIVE_TYPES = ['LINK', 'LEAD_FORM', 'VIDEO'] as const;

/**
 * A link, lead-form or video creative from an image hash (`POST /act_{id}/adimages`) or a video id,
 * built into Meta's `object_story_spec` (https://developers.facebook.com/docs/marketing-api/reference/ad-creative/).
 */
export const CreateAdCreativeDto = z
  .object({
    adAccountId: AdAccountId,
    name: objectName(400),
    type: z.enum(CREATIVE_TYPES),
    page_id: GraphId.openapi({ description: 'A Page the ad account promotes' }),
    instagram_user_id: GraphId.optional(),
    image_hash: z.string().regex(/^[0-9a-f]{32}$/i, 'an image hash from POST /facebook/adimages').openapi({ description: 'The image (the thumbnail of a video)' }),
    video_id: GraphId.optional().openapi({ description: 'VIDEO: the video' }),
    link: z.string().url().optional().openapi({ description: 'LINK and VIDEO: the destination' }),
    lead_gen_form_id: GraphId.optional().openapi({ description: "LEAD_FORM: a form of the creative's Page" }),
    message: z.string().max(5000).optional(),
    headline: z.string().max(255).optional(),
    description: z.string().max(5000).optional(),
    call_to_action_type: z.string().regex(/^[A-Z_]{2,40}$/).optional().openapi({ description: 'Default LEARN_MORE, SIGN_UP for lead forms' }),
  })
  .strict()
  .superRefine((b, ctx) => {
    const need = (field: keyof typeof b, why: string) => {
      if (b[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `required for ${why}` });
    };
    const not = (field: keyof typeof b) => {
      if (b[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: `not used by a ${b.type} creative` });
    };
    if (b.type === 'LINK') {
      need('link', 'a LINK creative');
      not('video_id');
      not('lead_gen_form_id');
    }
    if (b.type === 'LEAD_FORM') {
      need('lead_gen_form_id', 'a LEAD_FORM creative');
      not('video_id');
    }
    if (b.type === 'VIDEO') {
      need('video_id', 'a VIDEO creative');
      need('link', 'a VIDEO creative');
      not('lead_gen_form_id');
    }
  })
  .openapi('CreateAdCreativeDto');
export type CreateAdCreative = z.infer<typeof CreateAdCreativeDto>;
