import type { ImportContext, ImportLevel, ImportSource } from '../../core/import-source';
import { numberedPages } from '../../core/numbered-pages';
import { parseWithRawList, type RawRecords } from '../../core/raw-list';
import { get, type PageInfo } from './call';

/*
 * Account import (docs/platforms/tiktok.md §3, §6): campaign/adgroup/ad `get/` with the largest page (1000) and
 * `pixel/list/` (page_size ≤20, list under `data.pixels`), at most two pages asked for at a time. Deleted
 * objects are hidden by TikTok's default filters, so the import holds what is live.
 */

type Rec = Record<string, unknown>;
type ListKey = 'list' | 'pixels';
type Page<L> = { [K in ListKey]?: L } & { page_info?: PageInfo };

function level(name: string, path: string, idField: string, listKey: ListKey, pageSize: number): ImportLevel {
  const fetchPage = <L extends { length: number }>(ctx: ImportContext, page: number, empty: L, parseBody?: (text: string) => unknown) => {
    const c = get(path, { advertiser_id: ctx.account.platformAccountId, page, page_size: pageSize });
    return ctx.caller.request<Page<L>>({ method: c.method, path: c.path, query: c.query, kind: 'read', parseBody }).then((d) => ({
      rows: d?.[listKey] ?? empty,
      pageCount: d?.page_info?.total_page ?? 0,
    }));
  };
  const noRecords: RawRecords = { json: '[]', length: 0 };
  // The list stays text: the worker sends it to the database as it came (TikTok wraps it in `data`).
  const parseBody = (text: string) => parseWithRawList(text, 'data', listKey);
  return {
    level: name,
    idOf: (r) => String(r[idField] ?? ''),
    pages: (ctx) => numberedPages((page) => fetchPage<Rec[]>(ctx, page, [])),
    raw: { idKey: idField, pages: (ctx) => numberedPages((page) => fetchPage<RawRecords>(ctx, page, noRecords, parseBody)) },
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
