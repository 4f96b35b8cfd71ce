import { AppError } from '../../../errors/app-error';
import type { GraphCaller } from './caller';
import { act, get, type GraphCall, type GraphList } from './graph-call';
import { pageTokenCall } from './lead-forms';

/** Fields of a lead (https://developers.facebook.com/docs/marketing-api/guides/lead-ads/retrieving/). */
export const LEAD_FIELDS = 'id,created_time,ad_id,adset_id,campaign_id,form_id,field_data,is_organic,platform';

/** Bounds on the walks below: an account with more promotable Pages or a Page with more forms is not realistic. */
const MAX_WALK = 10;

export interface LeadsPage {
  limit?: number;
  after?: string;
  /** Unix seconds: Meta's `time_created` filter on the leads edge. */
  since?: number;
}

/** `GET /{form}/leads`, with `filtering=[{field: time_created, operator: GREATER_THAN, value}]` for `since` (same source). */
export const leadsCall = (formId: string, q: LeadsPage): GraphCall =>
  get(`${formId}/leads`, {
    fields: LEAD_FIELDS,
    limit: q.limit,
    after: q.after,
    filtering: q.since !== undefined ? [{ field: 'time_created', operator: 'GREATER_THAN', value: q.since }] : undefined,
  });

interface FieldData {
  name: string;
  values?: string[];
}

/** A lead as Meta returns it, plus `answers`: question key → first value. */
export function withAnswers(lead: Record<string, unknown>) {
  const fields = (lead.field_data as FieldData[] | undefined) ?? [];
  return { ...lead, id: String(lead.id), field_data: fields, answers: Object.fromEntries(fields.map((f) => [f.name, f.values?.[0] ?? null])) };
}

async function walk(graph: GraphCaller, path: string, token: string | undefined, found: (ids: string[]) => boolean): Promise<boolean> {
  let after: string | undefined;
  for (let i = 0; i < MAX_WALK; i++) {
    const r = await graph.call<GraphList<{ id: string }>>(get(path, { fields: 'id', limit: 100, after }), { kind: 'read', token });
    if (found((r.data ?? []).map((o) => String(o.id)))) return true;
    after = r.paging?.cursors?.after;
    if (!r.paging?.next || !after) return false;
  }
  return false;
}

/**
 * The Page token to read a form's leads with, once the form is found on a Page the ad account
 * promotes (`/act_{id}/promote_pages`, then each Page's `leadgen_forms` with that Page's token).
 * Any other form is 404, as if it did not exist.
 */
export async function formPageToken(graph: GraphCaller, accountId: string, formId: string, pageId?: string): Promise<string> {
  const pages: string[] = [];
  await walk(graph, `${act(accountId)}/promote_pages`, undefined, (ids) => (pages.push(...ids), false));
  for (const page of pageId ? pages.filter((p) => p === pageId) : pages) {
    const token = (await graph.call<{ access_token?: string }>(pageTokenCall(page), { kind: 'read' })).access_token;
    if (token && (await walk(graph, `${page}/leadgen_forms`, token, (ids) => ids.includes(formId)))) return token;
  }
  throw new AppError('NOT_FOUND', `Lead form ${formId} was not found on a Page that ad account act_${accountId} promotes`);
}

/** 404 (naming `field`) unless the Page is one the ad account promotes (`/act_{id}/promote_pages`), before any call to the Page. */
export async function assertPromotedPage(graph: GraphCaller, accountId: string, pageId: string, field = 'body.page_id'): Promise<void> {
  if (await walk(graph, `${act(accountId)}/promote_pages`, undefined, (ids) => ids.includes(pageId))) return;
  throw new AppError('NOT_FOUND', `Page ${pageId} is not available to ad account act_${accountId}`, { details: [{ path: field, message: 'not among the pages this ad account can use' }] });
}
