/**
 * Google account import (docs/api-conventions.md §11): every level read with paged googleAds:search, one page of at
 * most 10,000 rows in memory at a time (docs/platforms/google.md §4). Records are keyed by their resource name, which
 * is unique in the account (criterion ids alone repeat across ad groups).
 */
import type { ImportContext, ImportLevel, ImportSource } from '../../core/import-source';
import { ASSET_LEVEL_DEFS, type AssetLevel } from './levels';
import { buildChecked } from './gaql-input';
import { pageFromSearch, searchCall, type GoogleRow } from './search';

/** Imported level name → the resource whose resourceName identifies a record. */
const LEVELS: Array<{ level: AssetLevel; key: string }> = [
  { level: 'campaign', key: 'campaign' },
  { level: 'ad_group', key: 'adGroup' },
  { level: 'ad', key: 'adGroupAd' },
  { level: 'keyword', key: 'adGroupCriterion' },
  { level: 'asset', key: 'asset' },
];

export function importQuery(level: AssetLevel): string {
  const def = ASSET_LEVEL_DEFS[level];
  return buildChecked({
    resource: def.resource,
    fields: [`${def.resource}.resource_name`, ...def.defaultFields],
    where: def.fixedWhere ?? [],
    orderBy: [{ field: def.idField, dir: 'ASC' }],
  }).query;
}

function level(name: AssetLevel, key: string): ImportLevel<GoogleRow> {
  const query = importQuery(name);
  return {
    level: name,
    idOf: (r) => String((r[key] as { resourceName?: unknown } | undefined)?.resourceName ?? ''),
    async *pages(ctx: ImportContext) {
      let pageToken: string | undefined;
      do {
        const call = searchCall(ctx.account.platformAccountId, query, { pageToken });
        // The caller adds the developer token and login-customer-id (the adapter's callHeaders).
        const page = pageFromSearch(await ctx.caller.request({ ...call, kind: 'read' }));
        if (page.results.length) yield page.results;
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
    },
  };
}

export const googleImportSource: ImportSource = {
  platform: 'google',
  levels: LEVELS.map((l) => level(l.level, l.key) as ImportLevel),
};
