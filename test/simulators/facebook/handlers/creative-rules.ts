import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import { listKey } from '../model/store';
import { hasImage } from './adimages';

type Obj = Record<string, unknown>;

/**
 * What Graph checks in an `object_story_spec` (sources in the README, "Creatives"): an `image_hash`
 * must be an image of the account, a video needs `video_id` and a thumbnail (`image_hash` or
 * `image_url`), and a lead form named in a call to action must belong to the story's Page. The
 * wording and the absence of subcodes are ASSUMED.
 */
export function checkStorySpec(ctx: Ctx, acct: string, spec: Obj): void {
  const pageId = String(spec.page_id);
  const check = (data: Obj, where: string) => {
    const hash = data.image_hash;
    if (hash !== undefined && !hasImage(ctx.state, acct, String(hash))) {
      throw errors.invalidParameter('Invalid Image Hash', `The image hash ${String(hash)} is not an image of this ad account.`, undefined, `object_story_spec[${where}][image_hash]`);
    }
    const cta = data.call_to_action as { value?: Obj } | undefined;
    const form = cta?.value?.lead_gen_form_id;
    if (form !== undefined) {
      const onPage = ctx.state.store.list(listKey.node(pageId, 'leadgen_forms')).items.some((f) => f.id === String(form));
      if (!onPage) throw errors.invalidParameter('Invalid Lead Form', `Lead form ${String(form)} does not belong to page ${pageId}.`, undefined, `object_story_spec[${where}][call_to_action]`);
    }
  };
  if (spec.link_data) check(spec.link_data as Obj, 'link_data');
  if (spec.video_data) {
    const v = spec.video_data as Obj;
    if (!v.video_id) throw errors.paramRequired('object_story_spec[video_data][video_id]');
    if (!v.image_hash && !v.image_url) {
      throw errors.invalidParameter('Video Thumbnail Missing', 'Video ads need a thumbnail: set image_hash or image_url in video_data.', undefined, 'object_story_spec[video_data][image_hash]');
    }
    check(v, 'video_data');
  }
}
