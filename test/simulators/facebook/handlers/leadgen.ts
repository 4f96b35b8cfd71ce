import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import { bool, json, oneOf, required, str } from '../graph/request';
import { fbTime } from '../model/ad-objects';
import { listKey } from '../model/store';
import type { GNode } from '../model/types';
import { jsonObject } from './ad-validate';
import { listEdge, readNode } from './common';

const QUESTION_TYPES = [
  'CUSTOM', 'CITY', 'COMPANY_NAME', 'COUNTRY', 'DOB', 'EMAIL', 'GENDER', 'FIRST_NAME', 'FULL_NAME', 'JOB_TITLE',
  'LAST_NAME', 'MARITIAL_STATUS', 'PHONE', 'POST_CODE', 'PROVINCE', 'RELATIONSHIP_STATUS', 'STATE', 'STREET_ADDRESS',
  'ZIP', 'WORK_EMAIL', 'MILITARY_STATUS', 'WORK_PHONE_NUMBER', 'DATE_TIME', 'ID_CPF', 'STORE_LOOKUP',
] as const;
const FORM_STATUSES = ['ACTIVE', 'ARCHIVED', 'DELETED', 'DRAFT'] as const;

/** Lead form calls need the page's own token (checked by the dispatcher, perm `page_token`). */
export const listLeadForms = (ctx: Ctx, page: GNode) => listEdge(ctx, listKey.node(page.id, 'leadgen_forms'), { newestFirst: true });

export const getLeadForm = (ctx: Ctx, node: GNode) => readNode(ctx, node);

export function createLeadForm(ctx: Ctx, page: GNode): unknown {
  const p = ctx.req.params;
  const name = required(p, 'name');
  const questions = json<unknown>(p, 'questions');
  if (questions === undefined) throw errors.paramRequired('questions');
  if (!Array.isArray(questions) || questions.length === 0) throw errors.paramInvalid('questions', 'must be a non-empty array');
  questions.forEach((q, i) => {
    const t = (q as { type?: unknown })?.type;
    if (!(QUESTION_TYPES as readonly string[]).includes(String(t))) throw errors.paramEnum(`questions[${i}][type]`, QUESTION_TYPES);
    if (t === 'CUSTOM' && !(q as { label?: unknown }).label) throw errors.paramRequired(`questions[${i}][label]`);
  });
  const privacy = jsonObject(p, 'privacy_policy')!;
  if (!privacy.url) throw errors.paramRequired('privacy_policy[url]');
  const store = ctx.state.store;
  const node = store.add(
    'leadgenform',
    store.newId('leadgenform'),
    {
      name,
      status: 'ACTIVE',
      locale: str(p, 'locale') ?? 'EN_US',
      leads_count: 0,
      created_time: fbTime(Date.now()),
      questions: questions.map((q) => ({ key: String((q as { key?: string }).key ?? String((q as { type: string }).type).toLowerCase()), ...(q as object) })),
      privacy_policy_url: String(privacy.url),
      follow_up_action_url: str(p, 'follow_up_action_url'),
      thank_you_page: json(p, 'thank_you_page'),
      context_card: json(p, 'context_card'),
      is_optimized_for_quality: bool(p, 'is_optimized_for_quality'),
      page_id: page.id,
      page: { id: page.id },
    },
    { owner: page.id },
    [listKey.node(page.id, 'leadgen_forms')],
  );
  return { id: node.id };
}

/** `POST /{form} status=ARCHIVED`. */
export function updateLeadForm(ctx: Ctx, form: GNode): unknown {
  const status = oneOf(ctx.req.params, 'status', FORM_STATUSES);
  if (!status) throw errors.paramRequired('status');
  ctx.state.store.update(form, { status }, [listKey.node(String(form.owner), 'leadgen_forms')]);
  return { success: true };
}

export function listLeads(ctx: Ctx, form: GNode): unknown {
  if (!ctx.auth.scopes.includes('leads_retrieval')) throw errors.requiresPermission('leads_retrieval');
  return listEdge(ctx, listKey.node(form.id, 'leads'), { newestFirst: true, filtering: true });
}
