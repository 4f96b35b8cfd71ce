/** `GET /google/assets`: one level of an account as a paged GAQL search (docs/platforms/google.md §4, §6). */
import type { BuilderCondition, StructuredGaql } from '../gaql';
import { ASSET_LEVEL_DEFS, type AssetLevel } from './levels';
import { buildChecked, type CheckedGaql } from './gaql-input';
import { pageFromSearch, searchCall, type GoogleCall, type GoogleRow } from './search';

export interface AssetsInput {
  level: AssetLevel;
  fields?: string[];
  ids?: string[];
  statuses?: string[];
  limit?: number;
  pageToken?: string;
}

/** The level's query; ordered by id so pages stay stable between calls. */
export function assetsQuery(input: AssetsInput): CheckedGaql {
  const def = ASSET_LEVEL_DEFS[input.level];
  const where: BuilderCondition[] = [...(def.fixedWhere ?? [])];
  if (input.ids?.length) where.push({ field: def.idField, op: 'IN', value: input.ids.map((id) => BigInt(id)) });
  if (input.statuses?.length && def.statusField) where.push({ field: def.statusField, op: 'IN', value: input.statuses });
  const s: StructuredGaql = {
    resource: def.resource,
    fields: input.fields?.length ? input.fields : def.defaultFields,
    where,
    orderBy: [{ field: def.idField, dir: 'ASC' }],
  };
  if (input.limit !== undefined) s.limit = input.limit;
  return buildChecked(s);
}

export function assetsCall(customerId: string, query: string, pageToken?: string): GoogleCall {
  // The total is only worth its cost on the first page; later pages reuse the same query text.
  return searchCall(customerId, query, { pageToken, totalCount: !pageToken });
}

export interface AssetsPage {
  data: GoogleRow[];
  paging: { nextPageToken: string | null; totalResultsCount: string | null };
}

export function assetsPageFrom(body: unknown): AssetsPage {
  const p = pageFromSearch(body);
  return { data: p.results, paging: { nextPageToken: p.nextPageToken, totalResultsCount: p.totalResultsCount } };
}
