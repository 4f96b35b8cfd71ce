import type { ImportContext, ImportLevel, ImportSource } from '../../core/import-source';
import { numberedPages } from '../../core/numbered-pages';
import { get, type PageInfo } from './call';

/*
 * Account import (docs/platforms/tiktok.md §3, §6): campaign/adgroup/ad `get/` with the largest page (1000) and
 * `pixel/list/` (page_size ≤20, list under `data.pixels`), at most two pages asked for at a time. Deleted
 * objects are hidden by TikTok's default filters, so the import holds what is live.
 */

type Rec = Record<string, unknown>;
interface Page {
  list?: Rec[];
  pixels?: Rec[];
  page_info?: PageInfo;
}

function level(name: string, path: string, idField: string, listKey: 'list' | 'pixels', pageSize: number): ImportLevel {
  return {
    level: name,
    idOf: (r) => String(r[idField] ?? ''),
    pages: (ctx: ImportContext) =>
      numberedPages(async (page) => {
        const c = get(path, { advertiser_id: ctx.account.platformAccountId, page, page_size: pageSize });
        const d = (await ctx.caller.request<Page>({ method: c.method, path: c.path, query: c.query, kind: 'read' })) ?? {};
        return { rows: d[listKey] ?? [], pageCount: d.page_info?.total_page ?? 0 };
      }),
  };
}

export const tiktokImportSource: ImportSource = {
  platform: 'tiktok',
  levels: [
    level('campaign', 'campaign/get/', 'campaign_id', 'list', 1000),
    level('adgroup', 'adgroup/get/', 'adgroup_id', 'list', 1000),
    level('ad', 'ad/get/', 'ad_id', 'list', 1000),
    level('pixel', 'pixel/list/', 'pixel_id', 'pixels', 20),
  ],
};
