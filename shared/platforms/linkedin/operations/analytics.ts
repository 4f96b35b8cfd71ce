import { AppError } from '../../../errors/app-error';
import { urnOf } from '../ids';
import { accountPath, finder, type CursorPage, type LinkedinCall } from './call';
import { analyticsCall } from './reads';
import type { ReadAnalytics } from './read.dto';

export type LinkedinRead = <T>(call: LinkedinCall) => Promise<T>;

/**
 * Entity facets must name entities of the guarded account. LinkedIn itself only checks that the
 * member may read them, and the member may reach accounts this gateway user does not own, so each
 * facet is looked up under the account's own path (one search per facet kind) before the report.
 */
async function checkFacets(read: LinkedinRead, accountId: string, q: ReadAnalytics): Promise<void> {
  const kinds = [
    { ids: q.campaignGroupIds, path: 'query.campaignGroupIds', call: (ids: string[]) => finder(accountPath(accountId, 'adCampaignGroups'), 'search', { search: { id: { values: ids.map((i) => urnOf('group', i)) } }, pageSize: ids.length }), idOf: (e: Record<string, unknown>) => String(e.id) },
    { ids: q.campaignIds, path: 'query.campaignIds', call: (ids: string[]) => finder(accountPath(accountId, 'adCampaigns'), 'search', { search: { id: { values: ids.map((i) => urnOf('campaign', i)) } }, pageSize: ids.length }), idOf: (e: Record<string, unknown>) => String(e.id) },
    { ids: q.creativeIds, path: 'query.creativeIds', call: (ids: string[]) => finder(accountPath(accountId, 'creatives'), 'criteria', { creatives: ids.map((i) => urnOf('creative', i)), pageSize: ids.length }), idOf: (e: Record<string, unknown>) => String(e.id).split(':').pop()! },
  ];
  for (const k of kinds) {
    if (!k.ids?.length) continue;
    const page = await read<CursorPage>(k.call(k.ids));
    const found = new Set((page.elements ?? []).map(k.idOf));
    const missing = k.ids.filter((id) => !found.has(id));
    if (missing.length) {
      throw new AppError('NOT_FOUND', `Not in ad account ${accountId}: ${missing.join(', ')}`, { details: missing.map((id) => ({ path: k.path, message: `${id} is not in this ad account` })) });
    }
  }
}

/** adAnalytics for the guarded account, after its facets are proven to belong to it. */
export async function readAnalytics<T>(read: LinkedinRead, accountId: string, q: ReadAnalytics): Promise<T> {
  await checkFacets(read, accountId, q);
  return read<T>(analyticsCall(accountId, q));
}
