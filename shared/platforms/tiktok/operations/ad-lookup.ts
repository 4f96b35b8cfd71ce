import { AppError } from '../../../errors/app-error';
import { get, type PageInfo, type TiktokCall } from './call';

type Rec = Record<string, unknown>;
export type TiktokRead = <T>(c: TiktokCall, kind?: 'read' | 'write') => Promise<T>;

/** Where ads of an ad group are listed: `ad/get/` (page_size ≤ 1000) or `smart_plus/ad/get/` (≤ 100). */
export interface AdList {
  path: 'ad/get/' | 'smart_plus/ad/get/';
  pageSize: number;
}

export const REGULAR_ADS: AdList = { path: 'ad/get/', pageSize: 1000 };
export const SMART_ADS: AdList = { path: 'smart_plus/ad/get/', pageSize: 100 };

/** Bound on pages read: an ad group holds far fewer ads; past it the lookup cannot answer "not there". */
const MAX_PAGES = 20;

/**
 * The ads an interrupted create made under the ad group, by their exact (job-step tagged) names, or
 * undefined when any is missing. Neither ad create has an idempotency key, and the documented ad
 * filters have no name filter (`ad_name` is fuzzy on ad/get and absent on smart_plus/ad/get), so
 * this pages through the ad group's ads (the documented `adgroup_ids` filter) and matches here.
 */
export async function findAdsByName(call: TiktokRead, list: AdList, advertiserId: string, adgroupId: string, names: string[]): Promise<Rec[] | undefined> {
  const wanted = new Set(names);
  const byName = new Map<string, Rec>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await call<{ list?: Rec[]; page_info?: PageInfo }>(
      get(list.path, { advertiser_id: advertiserId, filtering: { adgroup_ids: [adgroupId] }, page, page_size: list.pageSize }),
      'read',
    );
    for (const ad of r.list ?? []) {
      const name = String(ad.ad_name);
      if (wanted.has(name) && !byName.has(name)) byName.set(name, ad);
    }
    if (byName.size === wanted.size) return names.map((n) => byName.get(n)!);
    if (!r.page_info || page >= r.page_info.total_page) return undefined;
  }
  throw new AppError('PLATFORM_UNAVAILABLE', `Could not confirm whether an earlier attempt created the ads in ad group ${adgroupId}: not retrying the create`);
}
