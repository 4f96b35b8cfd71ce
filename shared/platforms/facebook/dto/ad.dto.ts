import { z } from '../../../infra/zod-openapi';
import { AdAccountId, GraphId } from './common.dto';
import { objectName } from '../../core/create-lookup';

/** Link ad story (docs/platforms/facebook.md §3 Creatives): page plus link data, or an existing post. */
export const ObjectStorySpecDto = z
  .object({
    page_id: GraphId,
    instagram_user_id: z.string().optional(),
    link_data: z
      .object({
        link: z.string().url(),
        message: z.string().max(5000).optional(),
        name: z.string().max(255).optional(),
        description: z.string().max(5000).optional(),
        image_hash: z.string().optional(),
        picture: z.string().url().optional(),
        call_to_action: z
          .object({ type: z.string().regex(/^[A-Z_]+$/), value: z.record(z.unknown()).optional() })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    video_data: z.record(z.unknown()).optional(),
  })
  .strict()
  .refine((s) => s.link_data || s.video_data, { message: 'link_data or video_data is required' })
  .openapi('ObjectStorySpecDto');

/** An existing creative by id, or a new one made from a story spec or an existing post. */
export const AdCreativeInputDto = z
  .object({
    creative_id: GraphId.optional(),
    name: z.string().trim().min(1).max(400).optional(),
    object_story_spec: ObjectStorySpecDto.optional(),
    object_story_id: z.string().regex(/^\d+_\d+$/, 'must be <page id>_<post id>').optional(),
  })
  .strict()
  .refine((c) => [c.creative_id, c.object_story_spec, c.object_story_id].filter(Boolean).length === 1, {
    message: 'give exactly one of creative_id, object_story_spec or object_story_id',
  })
  .openapi('AdCreativeInputDto');

export const CreateSocialAds = z
  .object({
    adAccountId: AdAccountId,
    name: objectName(400),
    adset_id: GraphId,
    creative: AdCreativeInputDto,
    status: z.enum(['ACTIVE', 'PAUSED']).default('PAUSED').openapi({ description: 'New ads start PAUSED unless asked otherwise' }),
  })
  .strict()
  .openapi('CreateSocialAds');
export type CreateSocialAd = z.infer<typeof CreateSocialAds>;

export const CreateAdCloneDto = z
  .object({
    adAccountId: AdAccountId,
    adset_id: GraphId.optional().openapi({ description: 'Ad set to copy into (same account); default the source ad set' }),
    status_option: z.enum(['ACTIVE', 'PAUSED', 'INHERITED_FROM_SOURCE']).default('PAUSED'),
    rename_suffix: z.string().max(100).optional(),
    rename_prefix: z.string().max(100).optional(),
  })
  .strict()
  .openapi('CreateAdCloneDto');
export type CreateAdClone = z.infer<typeof CreateAdCloneDto>;

/** A subset of Meta's ~70 `ad_format` values (docs/platforms/facebook.md §3 previews). */
export const AD_FORMATS = [
  'DESKTOP_FEED_STANDARD', 'MOBILE_FEED_STANDARD', 'MOBILE_FEED_BASIC', 'RIGHT_COLUMN_STANDARD', 'INSTAGRAM_STANDARD',
  'INSTAGRAM_STORY', 'INSTAGRAM_REELS', 'INSTAGRAM_EXPLORE_CONTEXTUAL', 'FACEBOOK_STORY_MOBILE', 'FACEBOOK_REELS_MOBILE',
  'MARKETPLACE_MOBILE', 'MESSENGER_MOBILE_INBOX_MEDIA', 'AUDIENCE_NETWORK_OUTSTREAM_VIDEO', 'MOBILE_INTERSTITIAL',
  'MOBILE_BANNER', 'INSTREAM_VIDEO_MOBILE', 'SUGGESTED_VIDEO_MOBILE', 'BIZ_DISCO_FEED_MOBILE',
] as const;

export const PreviewAdcreativeDto = z
  .object({
    adAccountId: AdAccountId,
    ad_format: z.enum(AD_FORMATS),
    creative_id: GraphId.optional().openapi({ description: 'Preview an existing creative of the account' }),
    ad_id: GraphId.optional().openapi({ description: 'Preview an existing ad of the account' }),
    creative: z
      .object({ object_story_spec: ObjectStorySpecDto.optional(), object_story_id: z.string().regex(/^\d+_\d+$/).optional() })
      .strict()
      .refine((c) => Boolean(c.object_story_spec) !== Boolean(c.object_story_id), { message: 'give object_story_spec or object_story_id' })
      .optional()
      .openapi({ description: 'Preview a creative that does not exist yet (generatepreviews)' }),
    locale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/).optional(),
  })
  .strict()
  .refine((b) => [b.creative_id, b.ad_id, b.creative].filter(Boolean).length === 1, {
    message: 'give exactly one of creative_id, ad_id or creative',
  })
  .openapi('PreviewAdcreativeDto');
export type PreviewAdcreative = z.infer<typeof PreviewAdcreativeDto>;
