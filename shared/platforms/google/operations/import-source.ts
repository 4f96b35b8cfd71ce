/**
 * Google account import (API.md §11): every level read with paged googleAds:search, one page of at
 * most 10,000 rows in memory at a time (facts §4). Records are keyed by their resource name, which
 * is unique in the account (criterion ids alone repeat across ad groups).
 */
import type { ImportContext, ImportLevel, ImportSource } from '../../../domain/jobs/import-sources';
import { ASSET_LEVEL_DEFS, type AssetLevel } from './levels';
import { buildChecked } from './gaql-input';
import { pageFromSearch, searchCall, type GoogleRow } from './search';
import { googleHeaders } from '../client';

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

/**
 * The tenant app's developer token, and login-customer-id for clients reached through a manager
 * (facts §1); an account reached directly sends none, as on the read routes.
 */
export async function importHeaders(ctx: Pick<ImportContext, 'account' | 'platform'>): Promise<Record<string, string>> {
  return googleHeaders(await ctx.platform.app(), ctx.account.loginCustomerId ?? null);
}

function level(name: AssetLevel, key: string): ImportLevel<GoogleRow> {
  const query = importQuery(name);
  return {
    level: name,
    idOf: (r) => String((r[key] as { resourceName?: unknown } | undefined)?.resourceName ?? ''),
    async *pages(ctx: ImportContext) {
      const headers = await importHeaders(ctx);
      let pageToken: string | undefined;
      do {
        const call = searchCall(ctx.account.platformAccountId, query, { pageToken });
        const req = { ...call, kind: 'read' as const, headers };
        const page = pageFromSearch(await ctx.platform.request(req));
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
