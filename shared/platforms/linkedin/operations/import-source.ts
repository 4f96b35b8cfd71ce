import type { ImportContext, ImportLevel, ImportSource } from '../../core/import-source';
import { accountPath, finder, type CursorPage } from './call';
import { CAMPAIGN_STATUSES, GROUP_STATUSES } from './read.dto';

/*
 * Account import: campaign groups and campaigns (search, every status) and creatives (criteria),
 * cursor paged with the largest page sizes integrations use (500, 500, 100), one page in memory at
 * a time (docs/platforms/linkedin.md, "Paging").
 */

function level(name: string, collection: string, q: string, pageSize: number, extra: Record<string, unknown> = {}): ImportLevel {
  return {
    level: name,
    idOf: (r) => String(r.id ?? ''),
    async *pages(ctx: ImportContext) {
      let pageToken: string | undefined;
      do {
        const c = finder(accountPath(ctx.account.platformAccountId, collection), q, { ...extra, pageSize, pageToken });
        const page = (await ctx.caller.request<CursorPage>({ method: c.method, path: c.path, query: c.query, headers: c.headers, kind: 'read' })) ?? {};
        const rows = page.elements ?? [];
        if (rows.length) yield rows;
        pageToken = page.metadata?.nextPageToken;
      } while (pageToken);
    },
  };
}

export const linkedinImportSource: ImportSource = {
  platform: 'linkedin',
  levels: [
    level('campaign_group', 'adCampaignGroups', 'search', 500, { search: { status: { values: GROUP_STATUSES } } }),
    level('campaign', 'adCampaigns', 'search', 500, { search: { status: { values: CAMPAIGN_STATUSES } } }),
    level('creative', 'creatives', 'criteria', 100),
  ],
};
