import type { FacebookState } from '../state';
import { SCHEMA } from '../model/schema';
import type { GNode } from '../model/types';
import { errors } from './errors';
import { pickPlain, type FieldSel } from './fields';

export interface ProjectOpts {
  /** `date_format=U`: times as unix seconds. */
  unixTimes?: boolean;
  /** Values only known per caller (page access tokens). */
  extra?: (node: GNode, field: string) => unknown;
  /** Fields an edge adds to its nodes (the user's `tasks` on /{user}/accounts), not fields of the node. */
  edgeFields?: readonly string[];
}

const TIME_FIELD = /(_time|^time_created|^time_updated)$/;

/** The node's wire fields, including the computed ones. */
export function fieldValue(state: FacebookState, node: GNode, field: string): unknown {
  const d = node.data;
  switch (field) {
    case 'configured_status':
      return d.status;
    case 'effective_status':
      return effectiveStatus(state, node);
    case 'campaign':
      return d.campaign_id ? { id: d.campaign_id } : undefined;
    case 'adset':
      return d.adset_id ? { id: d.adset_id } : undefined;
    case 'budget_remaining':
      return d.daily_budget ?? d.lifetime_budget ?? (node.type === 'campaign' || node.type === 'adset' ? '0' : undefined);
    default:
      return d[field];
  }
}

export function effectiveStatus(state: FacebookState, node: GNode): unknown {
  const own = node.data.status;
  if (own !== 'ACTIVE') return own;
  if (node.type === 'adset' || node.type === 'ad') {
    const campaign = state.store.get(String(node.data.campaign_id));
    if (campaign && campaign.data.status !== 'ACTIVE') return 'CAMPAIGN_PAUSED';
  }
  if (node.type === 'ad') {
    const adset = state.store.get(String(node.data.adset_id));
    if (adset && adset.data.status !== 'ACTIVE') return 'ADSET_PAUSED';
  }
  return node.data._effective ?? own;
}

export function project(state: FacebookState, node: GNode, sel: FieldSel, opts: ProjectOpts = {}, depth = 0): Record<string, unknown> {
  const schema = SCHEMA[node.type];
  const out: Record<string, unknown> = {};
  for (const [field, nested] of sel) {
    if (!schema.fields.includes(field) && !(depth === 0 && opts.edgeFields?.includes(field))) throw errors.nonexistingField(field, schema.graphName);
    let v = opts.extra?.(node, field);
    if (v === undefined) v = fieldValue(state, node, field);
    if (v === undefined || v === null) continue;
    if (nested && schema.refs?.[field] && depth < 3) {
      const ref = state.store.get(String((v as { id?: unknown }).id));
      v = ref ? project(state, ref, nested, opts, depth + 1) : pickPlain(v, nested);
    } else if (nested) v = pickPlain(v, nested);
    else if (Array.isArray(v) || typeof v === 'object') v = structuredClone(v);
    if (opts.unixTimes && typeof v === 'string' && TIME_FIELD.test(field)) v = Math.floor(Date.parse(v) / 1000);
    out[field] = v;
  }
  // Graph always answers with the object's id, requested or not
  if (!('id' in out) && schema.fields.includes('id') && node.data.id !== undefined) out.id = node.data.id;
  return out;
}
