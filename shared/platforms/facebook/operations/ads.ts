import type { CreateAdClone, CreateSocialAd, PreviewAdcreative } from '../dto/ad.dto';
import { act, get, post, type GraphCall } from './graph-call';

/** `POST /act_{id}/adcreatives` for an ad whose creative is given inline (docs/platforms/facebook.md §3 Creatives). */
export function createCreativeCall(accountId: string, ad: CreateSocialAd): GraphCall | undefined {
  const c = ad.creative;
  if (c.creative_id) return undefined;
  return post(`${act(accountId)}/adcreatives`, {
    name: c.name ?? `${ad.name} creative`,
    object_story_spec: c.object_story_spec,
    object_story_id: c.object_story_id,
  });
}

/** `POST /act_{id}/ads {name, adset_id, creative:{creative_id}, status}` (docs/platforms/facebook.md §3 Ads). */
export function createAdCall(accountId: string, ad: CreateSocialAd, creativeId: string): GraphCall {
  return post(`${act(accountId)}/ads`, {
    name: ad.name,
    adset_id: ad.adset_id,
    creative: { creative_id: creativeId },
    status: ad.status,
  });
}

/** `POST /{ad_id}/copies` → `{copied_ad_id}` (docs/platforms/facebook.md §3 Copies). */
export function cloneAdCall(adId: string, b: CreateAdClone): GraphCall {
  const rename = b.rename_suffix !== undefined || b.rename_prefix !== undefined ? { rename_suffix: b.rename_suffix, rename_prefix: b.rename_prefix } : undefined;
  return post(`${adId}/copies`, { adset_id: b.adset_id, status_option: b.status_option, rename_options: rename });
}

/** Name Meta gives a copy (ASSUMED default suffix " - Copy" when none is set), used to find it after a crash. */
export function copyName(sourceName: string, b: CreateAdClone): string {
  return `${b.rename_prefix ?? ''}${sourceName}${b.rename_suffix ?? ' - Copy'}`;
}

/** Previews: an existing creative or ad (`/{id}/previews`), or a spec (`/act_{id}/generatepreviews`). */
export function previewCall(accountId: string, b: PreviewAdcreative): GraphCall {
  const common = { ad_format: b.ad_format, locale: b.locale };
  if (b.creative_id) return get(`${b.creative_id}/previews`, common);
  if (b.ad_id) return get(`${b.ad_id}/previews`, common);
  return get(`${act(accountId)}/generatepreviews`, { ...common, creative: b.creative });
}
