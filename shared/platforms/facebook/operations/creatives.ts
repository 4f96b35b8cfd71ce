import type { CreateAdCreative } from '../dto/creative.dto';
import { act, post, type GraphCall } from './graph-call';

/** `POST /act_{id}/adimages bytes=…` → `{ images: { bytes: { hash, url } } }` (https://developers.facebook.com/docs/marketing-api/reference/ad-image/). */
export const uploadImageCall = (accountId: string, b: { bytes: string; name?: string }): GraphCall => post(`${act(accountId)}/adimages`, { bytes: b.bytes, name: b.name });

/**
 * Lead ads use Meta's placeholder link `http://fb.me/` with a SIGN_UP call to action carrying the form
 * (https://developers.facebook.com/docs/marketing-api/guides/lead-ads/create/).
 */
const LEAD_AD_LINK = 'http://fb.me/';

/** `POST /act_{id}/adcreatives` with the `object_story_spec` of a link, lead-form or video creative. */
export function createAdCreativeCall(accountId: string, b: CreateAdCreative): GraphCall {
  const ctaType = b.call_to_action_type ?? (b.type === 'LEAD_FORM' ? 'SIGN_UP' : 'LEARN_MORE');
  const spec: Record<string, unknown> = { page_id: b.page_id, instagram_user_id: b.instagram_user_id };
  if (b.type === 'VIDEO') {
    spec.video_data = { video_id: b.video_id, image_hash: b.image_hash, message: b.message, title: b.headline, link_description: b.description, call_to_action: { type: ctaType, value: { link: b.link } } };
  } else {
    const lead = b.type === 'LEAD_FORM';
    spec.link_data = {
      link: lead ? (b.link ?? LEAD_AD_LINK) : b.link,
      image_hash: b.image_hash,
      message: b.message,
      name: b.headline,
      description: b.description,
      call_to_action: { type: ctaType, value: lead ? { lead_gen_form_id: b.lead_gen_form_id } : { link: b.link } },
    };
  }
  return post(`${act(accountId)}/adcreatives`, { name: b.name, object_story_spec: JSON.parse(JSON.stringify(spec)) });
}
