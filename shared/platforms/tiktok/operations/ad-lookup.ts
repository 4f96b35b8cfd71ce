import { parseCreatedTime, unconfirmed, type Candidate } from '../../core/create-lookup';
import { get, type PageInfo, type TiktokCall } from './call';

type Rec = Record<string, unknown>;
export type TiktokRead = <T>(c: TiktokCall, kind?: 'read' | 'write') => Promise<T>;

/** Where ads of an ad group are listed: `ad/get/` (page_size ≤ 1000) or `smart_plus/ad/get/` (≤ 100). */
export interface AdList {
  path: 'ad/get/' | 'smart_plus/ad/get/';
  pageSize: number;
  /** The record's id field. */
  idField: 'ad_id' | 'smart_plus_ad_id';
}

export const REGULAR_ADS: AdList = { path: 'ad/get/', pageSize: 1000, idField: 'ad_id' };
export const SMART_ADS: AdList = { path: 'smart_plus/ad/get/', pageSize: 100, idField: 'smart_plus_ad_id' };

/** TikTok's limit on an ad name (ad/create `ad_name`). */
export const AD_NAME_MAX = 512;

/** Bound on pages read: an ad group holds far fewer ads; past it the lookup cannot answer "not there". */
const MAX_PAGES = 20;

/**
 * The ads of the ad group carrying each of `names` (one list per name), with their created time
 * (`create_time`, `YYYY-MM-DD HH:MM:SS` in UTC). Neither ad create has an idempotency key, and the
 * documented ad filters have no exact name filter (`ad_name` is fuzzy on ad/get and absent on
 * smart_plus/ad/get), so this pages through the ad group's ads (the documented `adgroup_ids`
 * filter) and matches names here.
 */
export async function findAdsNamed(call: TiktokRead, list: AdList, advertiserId: string, adgroupId: string, names: string[]): Promise<Candidate[][]> {
  const byName = new Map<string, Candidate[]>(names.map((n) => [n, []]));
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await call<{ list?: Rec[]; page_info?: PageInfo }>(
      get(list.path, { advertiser_id: advertiserId, filtering: { adgroup_ids: [adgroupId] }, page, page_size: list.pageSize }),
      'read',
    );
    for (const ad of r.list ?? []) {
      const id = ad[list.idField];
      if (String(ad.adgroup_id ?? adgroupId) !== adgroupId || id === undefined) continue;
      byName.get(String(ad.ad_name))?.push({ id: String(id), createdAt: parseCreatedTime(ad.create_time), data: ad });
    }
    if (!r.page_info || page >= r.page_info.total_page) return names.map((n) => byName.get(n) ?? []);
  }
  throw unconfirmed(`more than ${MAX_PAGES} pages of ads in ad group ${adgroupId}`, [...byName.values()].flat().map((c) => c.id));
}
