import { unconfirmed, type Candidate } from '../../core/create-lookup';
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

type Found = { id?: number | string; name?: string; campaignGroup?: string; changeAuditStamps?: { created?: { time?: number } } };

/**
 * After a crash between "calling" and "done": the groups or campaigns carrying exactly `name` (and,
 * for a campaign, in the same campaign group), with their created time
 * (`changeAuditStamps.created.time`, epoch ms). The search names it (and every status, so one
 * already paused or on its way out still counts), and the match is made here on what is read back.
 */
export async function findNamed(read: <T>(c: LinkedinCall) => Promise<T>, accountId: string, kind: EntityKind, name: string, group?: string): Promise<Candidate[]> {
  const found: Candidate[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await read<CursorPage<Found>>(
      finder(accountPath(accountId, COLLECTION[kind]), 'search', { search: { name: { values: [name] }, status: { values: STATUSES[kind] } }, pageSize: PAGE_SIZE, pageToken }),
    );
    for (const e of r.elements ?? []) {
      if (e.name !== name || e.id === undefined || (group !== undefined && e.campaignGroup !== group)) continue;
      found.push({ id: String(e.id), createdAt: e.changeAuditStamps?.created?.time });
    }
    pageToken = r.metadata?.nextPageToken;
    if (!pageToken) return found;
  }
  throw unconfirmed(`more than ${MAX_PAGES} pages of ${COLLECTION[kind]} named "${name}"`, found.map((c) => c.id));
}

export const createdOf = (kind: EntityKind, id: string, name: string): Created => ({ id, urn: urnOf(kind, id), name });
