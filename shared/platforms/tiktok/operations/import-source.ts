import type { ImportContext, ImportLevel, ImportSource } from '../../core/import-source';
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
    async *pages(ctx: ImportContext) {
      const fetchPage = (page: number) => {
        const c = get(path, { advertiser_id: ctx.account.platformAccountId, page, page_size: pageSize });
        const p = ctx.caller.request<Page>({ method: c.method, path: c.path, query: c.query, kind: 'read' });
        p.catch(() => undefined); // awaited below; an abandoned one (import stopped) must not crash the worker
        return p;
      };
      let next: Promise<Page | undefined> | undefined = fetchPage(1);
      let total: number | undefined;
      for (let page = 1; next; page++) {
        const current: Promise<Page | undefined> = next;
        // Pages are numbered, so once their count is known the next one is asked for before this one
        // is read: TikTok works on it while this one is parsed and stored. Two requests at most.
        next = total !== undefined && page < total ? fetchPage(page + 1) : undefined;
        const d = (await current) ?? {};
        total = d.page_info?.total_page ?? 0;
        const rows = d[listKey] ?? [];
        const more = rows.length > 0 && page < total;
        if (more) next ??= fetchPage(page + 1);
        if (rows.length) yield rows;
        if (!more) return;
      }
    },
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
