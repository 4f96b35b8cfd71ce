import { AppError } from '../../../errors/app-error';
import { urnOf } from '../ids';
import { accountPath, finder, type CursorPage, type LinkedinCall } from './call';
import { CAMPAIGN_STATUSES, GROUP_STATUSES } from './read.dto';

export type EntityKind = 'group' | 'campaign';

export const COLLECTION: Record<EntityKind, string> = { group: 'adCampaignGroups', campaign: 'adCampaigns' };
const STATUSES: Record<EntityKind, readonly string[]> = { group: GROUP_STATUSES, campaign: CAMPAIGN_STATUSES };

/** Enough for any account's groups or campaigns of one name; past it the lookup cannot answer "not there". */
const MAX_PAGES = 20;
const PAGE_SIZE = 100;

export interface Created {
  id: string;
  urn: string;
  name: string;
}

/**
 * After a crash between "calling" and "done": the group or campaign an earlier attempt created,
 * found by its exact job-step tagged name. The search names it (and every status, so one already
 * paused or on its way out still counts), and the match is made here on the names read back.
 */
export async function findByName(read: <T>(c: LinkedinCall) => Promise<T>, accountId: string, kind: EntityKind, name: string): Promise<Created | undefined> {
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await read<CursorPage<{ id?: number | string; name?: string }>>(
      finder(accountPath(accountId, COLLECTION[kind]), 'search', { search: { name: { values: [name] }, status: { values: STATUSES[kind] } }, pageSize: PAGE_SIZE, pageToken }),
    );
    const hit = r.elements?.find((e) => e.name === name);
    if (hit?.id !== undefined) return { id: String(hit.id), urn: urnOf(kind, hit.id), name };
    pageToken = r.metadata?.nextPageToken;
    if (!pageToken) return undefined;
  }
  throw new AppError('PLATFORM_UNAVAILABLE', `Could not confirm whether an earlier attempt created "${name}" in ad account ${accountId}: not retrying the create`);
}
