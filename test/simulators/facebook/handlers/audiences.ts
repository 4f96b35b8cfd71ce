import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import { json, oneOf, required, str, validateOnly } from '../graph/request';
import { addAccountObject, touch } from '../model/ad-objects';
import { adObjectLists, listKey } from '../model/store';
import type { GNode } from '../model/types';
import { audienceSize } from '../model/targeting-catalog';
import { jsonObject } from './ad-validate';
import { listEdge, readNode } from './common';

export const SUBTYPES = ['CUSTOM', 'WEBSITE', 'APP', 'OFFLINE_CONVERSION', 'CLAIM', 'MANAGED', 'PARTNER', 'VIDEO', 'LOOKALIKE', 'ENGAGEMENT', 'BAG_OF_ACCOUNTS', 'STUDY_RULE_AUDIENCE', 'FOX', 'MEASUREMENT', 'REGULATED_CATEGORIES_AUDIENCE'] as const;
/** ASSUMED: 0.01–0.20 lookalike ratio range (facts mark it UNCONFIRMED). */
export const LOOKALIKE_RATIO = { min: 0.01, max: 0.2 };

export const listSavedAudiences = (ctx: Ctx, account: GNode) =>
  listEdge(ctx, listKey.account(account.acct!, 'saved_audiences'), { newestFirst: true });

export const listCustomAudiences = (ctx: Ctx, account: GNode) =>
  listEdge(ctx, listKey.account(account.acct!, 'customaudiences'), {
    newestFirst: true,
    accept: (n) => !n.data._deleted,
    // facebook-python-business-sdk adaccount.py get_custom_audiences lists `filtering` (list<Object>).
    filtering: true,
  });

export const getAudience = (ctx: Ctx, node: GNode) => {
  if (node.data._deleted) throw errors.unsupported('GET', node.id);
  return readNode(ctx, node);
};

/** `POST /act_{id}/customaudiences`: customer list, website/engagement rule, or lookalike. */
export function createCustomAudience(ctx: Ctx, account: GNode): unknown {
  const p = ctx.req.params;
  const acct = account.acct!;
  const name = required(p, 'name');
  const subtype = oneOf(p, 'subtype', SUBTYPES) ?? (p.rule !== undefined ? 'WEBSITE' : 'CUSTOM');
  const base = { code: 200, description: 'Normal' };
  const data: Record<string, unknown> = {
    name,
    description: str(p, 'description'),
    subtype,
    delivery_status: base,
    operation_status: base,
    time_created: Math.floor(Date.now() / 1000),
    time_updated: Math.floor(Date.now() / 1000),
  };
  if (subtype === 'LOOKALIKE') {
    const originId = str(p, 'origin_audience_id');
    if (!originId) throw errors.paramRequired('origin_audience_id');
    const origin = ctx.state.store.get(originId);
    if (!origin || origin.type !== 'customaudience' || origin.acct !== acct || origin.data._deleted) {
      throw errors.invalidParameter('Invalid Source Audience', `The source audience ${originId} does not exist or is not in this ad account.`, undefined, 'origin_audience_id');
    }
    const spec = jsonObject(p, 'lookalike_spec')!;
    const ratio = Number(spec.ratio ?? 0.01);
    if (!Number.isFinite(ratio) || ratio < LOOKALIKE_RATIO.min || ratio > LOOKALIKE_RATIO.max) {
      throw errors.paramInvalid('lookalike_spec[ratio]', `must be between ${LOOKALIKE_RATIO.min} and ${LOOKALIKE_RATIO.max}`);
    }
    if (!spec.country && !spec.target_countries && !spec.location_spec) throw errors.paramRequired('lookalike_spec[country]');
    const size = audienceSize(spec);
    Object.assign(data, {
      origin_audience_id: origin.id,
      lookalike_spec: { type: spec.type ?? 'custom_ratio', ratio, country: spec.country, starting_ratio: spec.starting_ratio ?? 0, origin: [{ id: origin.id, name: origin.data.name, type: 'custom_audience' }] },
      approximate_count_lower_bound: size,
      approximate_count_upper_bound: Math.round(size * 1.15),
    });
  } else {
    if (subtype === 'CUSTOM' && !str(p, 'customer_file_source') && p.rule === undefined) throw errors.paramRequired('customer_file_source');
    const rule = json<unknown>(p, 'rule');
    if (subtype === 'WEBSITE' || subtype === 'ENGAGEMENT') {
      if (!rule) throw errors.paramRequired('rule');
    }
    Object.assign(data, {
      customer_file_source: str(p, 'customer_file_source'),
      rule: rule === undefined ? undefined : JSON.stringify(rule),
      retention_days: str(p, 'retention_days') ? Number(str(p, 'retention_days')) : undefined,
      approximate_count_lower_bound: -1,
      approximate_count_upper_bound: -1,
    });
  }
  if (validateOnly(p)) return { success: true };
  return { id: addAccountObject(ctx.state, 'customaudience', acct, data).id };
}

export function updateCustomAudience(ctx: Ctx, node: GNode): unknown {
  const p = ctx.req.params;
  const patch: Record<string, unknown> = { time_updated: Math.floor(Date.now() / 1000) };
  if (p.name !== undefined) patch.name = str(p, 'name');
  if (p.description !== undefined) patch.description = str(p, 'description');
  ctx.state.store.update(node, patch, adObjectLists(node));
  return { success: true };
}

/** Deleted custom audiences disappear (unlike ad objects, which keep status DELETED). ASSUMED. */
export function deleteCustomAudience(ctx: Ctx, node: GNode): unknown {
  node.data._deleted = true;
  return { success: true };
}

export function updateNamed(ctx: Ctx, node: GNode): unknown {
  const p = ctx.req.params;
  const patch: Record<string, unknown> = {};
  for (const f of ['name', 'description', 'status']) if (p[f] !== undefined) patch[f] = str(p, f);
  if (node.type === 'customconversion' && p.is_archived !== undefined) patch.is_archived = str(p, 'is_archived') === 'true';
  ctx.state.store.update(node, patch, adObjectLists(node));
  touch(node);
  return { success: true };
}

function targetingSpec(ctx: Ctx): Record<string, unknown> {
  return jsonObject(ctx.req.params, 'targeting_spec')!;
}

/** `GET /act_{id}/reachestimate` → `{data:{users_lower_bound,users_upper_bound,estimate_ready}}` (object, not list). */
export function reachEstimate(ctx: Ctx): unknown {
  for (const banned of ['currency', 'optimize_for']) if (ctx.req.params[banned] !== undefined) throw errors.paramInvalid(banned, 'is not supported by this endpoint');
  const size = audienceSize(targetingSpec(ctx));
  return { data: { users_lower_bound: size, users_upper_bound: Math.round(size * 1.18), estimate_ready: true } };
}

/** `GET /act_{id}/delivery_estimate` (and `/{adset}/delivery_estimate`). */
export function deliveryEstimate(ctx: Ctx, node: GNode): unknown {
  const spec = node.type === 'adset' && ctx.req.params.targeting_spec === undefined ? (node.data.targeting as Record<string, unknown>) : targetingSpec(ctx);
  if (node.type !== 'adset') required(ctx.req.params, 'optimization_goal');
  const mau = audienceSize(spec);
  const curve = [0, 1000, 5000, 10000].map((spend, i) => ({
    spend,
    reach: Math.round((mau / 400) * Math.log1p(i * 2)),
    impressions: Math.round((mau / 300) * Math.log1p(i * 2)),
    actions: Math.round((mau / 20000) * Math.log1p(i * 2)),
  }));
  return {
    data: [{ estimate_mau_lower_bound: mau, estimate_mau_upper_bound: Math.round(mau * 1.18), estimate_dau: Math.round(mau / 6), estimate_ready: true, daily_outcomes_curve: curve }],
  };
}

