import { createHash } from 'node:crypto';
import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import { oneOf, str } from '../graph/request';
import type { GNode } from '../model/types';
import { jsonObject } from './ad-validate';

/** Subset of the ~70 ad_format values; size per format (width×height) ASSUMED except the two in the facts. */
export const AD_FORMATS: Record<string, [number, number]> = {
  DESKTOP_FEED_STANDARD: [540, 690],
  MOBILE_FEED_STANDARD: [335, 591],
  MOBILE_FEED_BASIC: [335, 591],
  RIGHT_COLUMN_STANDARD: [254, 200],
  INSTAGRAM_STANDARD: [335, 591],
  INSTAGRAM_STORY: [320, 570],
  INSTAGRAM_REELS: [320, 570],
  INSTAGRAM_EXPLORE_CONTEXTUAL: [335, 591],
  FACEBOOK_STORY_MOBILE: [320, 570],
  FACEBOOK_REELS_MOBILE: [320, 570],
  MARKETPLACE_MOBILE: [335, 591],
  MESSENGER_MOBILE_INBOX_MEDIA: [335, 591],
  AUDIENCE_NETWORK_OUTSTREAM_VIDEO: [335, 591],
  MOBILE_INTERSTITIAL: [320, 480],
  MOBILE_BANNER: [320, 50],
  INSTREAM_VIDEO_MOBILE: [335, 591],
  SUGGESTED_VIDEO_MOBILE: [335, 591],
  BIZ_DISCO_FEED_MOBILE: [335, 591],
};
const FORMAT_NAMES = Object.keys(AD_FORMATS);

function previewBody(seedText: string, format: string): { data: { body: string }[] } {
  const [w, h] = AD_FORMATS[format]!;
  const d = createHash('sha1').update(`${seedText}|${format}`).digest('base64url');
  const t = createHash('sha1').update(`t|${seedText}`).digest('base64url');
  return {
    data: [
      {
        body: `<iframe src="https://www.facebook.com/ads/api/preview_iframe.php?d=AQ${d}&amp;t=AQ${t}" width="${w}" height="${h}" scrolling="yes" style="border: none;"></iframe>`,
      },
    ],
  };
}

function format(ctx: Ctx): string {
  const f = oneOf(ctx.req.params, 'ad_format', FORMAT_NAMES);
  if (!f) throw errors.paramRequired('ad_format');
  return f;
}

/** `GET /{creative_id}/previews` and `GET /{ad_id}/previews`. */
export function nodePreviews(ctx: Ctx, node: GNode): unknown {
  return previewBody(node.id, format(ctx));
}

/** `GET /act_{id}/generatepreviews?creative={spec}&ad_format=`: spec inline or `{creative_id}` of this account. */
export function generatePreviews(ctx: Ctx, account: GNode): unknown {
  const f = format(ctx);
  const spec = jsonObject(ctx.req.params, 'creative')!;
  if (spec.creative_id) {
    const c = ctx.state.store.get(String(spec.creative_id));
    if (!c || c.type !== 'adcreative' || c.acct !== account.acct) throw errors.unsupported('GET', String(spec.creative_id));
    return previewBody(c.id, f);
  }
  if (!spec.object_story_spec && !spec.object_story_id) {
    // 2606 is the preview error family (docs/platforms/facebook.md §5); wording ASSUMED
    throw errors.invalidParameter('Preview Error', 'The creative needs an object_story_spec or object_story_id.', undefined, 'creative');
  }
  return previewBody(JSON.stringify(spec) + str(ctx.req.params, 'locale'), f);
}
