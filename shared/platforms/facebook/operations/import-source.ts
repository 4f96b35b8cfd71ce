import type { ImportContext, ImportLevel, ImportSource } from '../../core/import-source';
import { DEFAULT_FIELDS, type GraphObject } from './fields';
import { act, type GraphList } from './graph-call';

/** Page size for imports (AB reads with 100; docs/platforms/facebook.md §4). */
const PAGE = 100;

/** One account edge, streamed with `after` cursors until Graph stops announcing a next page. */
function level(name: string, edge: string, object: GraphObject): ImportLevel {
  return {
    level: name,
    idOf: (r) => String(r.id ?? ''),
    async *pages(ctx: ImportContext) {
      let after: string | undefined;
      for (;;) {
        const r = await ctx.caller.request<GraphList>({
          method: 'GET',
          path: `${act(ctx.account.platformAccountId)}/${edge}`,
          query: { fields: DEFAULT_FIELDS[object].join(','), limit: PAGE, after },
          kind: 'read',
        });
        const rows = r.data ?? [];
        if (rows.length) yield rows;
        after = r.paging?.cursors?.after;
        // An empty page may still carry `next` (docs/platforms/facebook.md §4); only a missing `next` ends the edge.
        if (!r.paging?.next || !after) return;
      }
    },
  };
}

export const facebookImportSource: ImportSource = {
  platform: 'facebook',
  levels: [
    level('campaign', 'campaigns', 'campaign'),
    level('adset', 'adsets', 'adset'),
    level('ad', 'ads', 'ad'),
    level('adcreative', 'adcreatives', 'adcreative'),
    level('customaudience', 'customaudiences', 'customaudience'),
    level('adspixel', 'adspixels', 'adspixel'),
    level('customconversion', 'customconversions', 'customconversion'),
  ],
};
