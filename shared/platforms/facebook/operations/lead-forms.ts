import type { CreateLeadForm } from '../dto/lead-form.dto';
import { get, post, type GraphCall, type PageQuery, pageParams } from './graph-call';
import type { GraphList } from './graph-call';

/** The list shape the lead-form route answers with, field for field. */
export const LEAD_FORM_FIELDS = 'id,name,status,locale,leads_count,created_time';

/** `GET /{page}?fields=access_token` with the user's token: the page token lead-form calls need (docs/platforms/facebook.md §3). */
export const pageTokenCall = (pageId: string): GraphCall => get(pageId, { fields: 'access_token' });

export const listLeadFormsCall = (pageId: string, q: PageQuery): GraphCall =>
  get(`${pageId}/leadgen_forms`, { fields: LEAD_FORM_FIELDS, ...pageParams(q) });

export const createLeadFormCall = (b: CreateLeadForm): GraphCall =>
  post(`${b.pageId}/leadgen_forms`, {
    name: b.name,
    questions: b.questions,
    privacy_policy: b.privacy_policy,
    follow_up_action_url: b.follow_up_action_url,
    locale: b.locale,
    thank_you_page: b.thank_you_page,
    context_card: b.context_card,
    is_optimized_for_quality: b.is_optimized_for_quality,
  });

/** Exactly `{ data: [{id,name,status,locale,leads_count,created_time}], paging: { cursors } }`. */
export function toLeadFormList(r: GraphList | undefined) {
  const pick = (f: Record<string, unknown>) => ({
    id: f.id, name: f.name, status: f.status, locale: f.locale, leads_count: f.leads_count, created_time: f.created_time,
  });
  const c = r?.paging?.cursors;
  return { data: (r?.data ?? []).map(pick), paging: { cursors: { before: c?.before ?? null, after: c?.after ?? null } } };
}
