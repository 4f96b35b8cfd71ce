import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import { json, str } from '../graph/request';
import { fbTime } from '../model/ad-objects';
import type { GNode, NodeType } from '../model/types';

export const OBJECTIVES = [
  'OUTCOME_APP_PROMOTION', 'OUTCOME_AWARENESS', 'OUTCOME_ENGAGEMENT', 'OUTCOME_LEADS', 'OUTCOME_SALES', 'OUTCOME_TRAFFIC',
] as const;
export const SPECIAL_AD_CATEGORIES = [
  'CREDIT', 'EMPLOYMENT', 'FINANCIAL_PRODUCTS_SERVICES', 'HOUSING', 'ISSUES_ELECTIONS_POLITICS',
  'ONLINE_GAMBLING_AND_GAMING', 'NONE',
] as const;
export const BID_STRATEGIES = ['LOWEST_COST_WITHOUT_CAP', 'LOWEST_COST_WITH_BID_CAP', 'COST_CAP', 'LOWEST_COST_WITH_MIN_ROAS'] as const;
export const BILLING_EVENTS = [
  'APP_INSTALLS', 'CLICKS', 'IMPRESSIONS', 'LINK_CLICKS', 'LISTING_INTERACTION', 'NONE', 'OFFER_CLAIMS', 'PAGE_LIKES',
  'POST_ENGAGEMENT', 'PURCHASE', 'THRUPLAY',
] as const;
export const OPTIMIZATION_GOALS = [
  'NONE', 'APP_INSTALLS', 'AD_RECALL_LIFT', 'ENGAGED_USERS', 'EVENT_RESPONSES', 'IMPRESSIONS', 'LEAD_GENERATION',
  'QUALITY_LEAD', 'LINK_CLICKS', 'OFFSITE_CONVERSIONS', 'PAGE_LIKES', 'POST_ENGAGEMENT', 'QUALITY_CALL', 'REACH',
  'LANDING_PAGE_VIEWS', 'VISIT_INSTAGRAM_PROFILE', 'VALUE', 'THRUPLAY', 'DERIVED_EVENTS',
  'APP_INSTALLS_AND_OFFSITE_CONVERSIONS', 'CONVERSATIONS', 'IN_APP_VALUE', 'MESSAGING_PURCHASE_CONVERSION',
  'SUBSCRIBERS', 'REMINDERS_SET', 'MEANINGFUL_CALL_ATTEMPT', 'PROFILE_VISIT', 'PROFILE_AND_PAGE_ENGAGEMENT',
  'ADVERTISER_SILOED_VALUE', 'AUTOMATIC_OBJECTIVE', 'MESSAGING_APPOINTMENT_CONVERSION',
] as const;
export const STATUS_OPTIONS = ['ACTIVE', 'PAUSED', 'INHERITED_FROM_SOURCE'] as const;

/** Minor-unit money strings: budgets must be positive integers. */
export function money(params: Record<string, unknown>, name: string): string | undefined {
  const v = str(params, name);
  if (v === undefined || v === '') return undefined;
  if (!/^\d+$/.test(v) || Number(v) <= 0) throw errors.paramInvalid(name, 'must be a positive integer (minor currency units)');
  return String(Number(v));
}

/** Accepts ISO 8601 or unix seconds; stores Graph's format in the account time zone. */
export function time(params: Record<string, unknown>, name: string, offsetHours: number): string | undefined {
  const v = str(params, name);
  if (v === undefined || v === '' || v === '0') return undefined;
  const ms = /^\d+$/.test(v) ? Number(v) * 1000 : Date.parse(v);
  if (Number.isNaN(ms)) throw errors.paramInvalid(name, 'must be a valid time (ISO 8601 or unix seconds)');
  return fbTime(ms, offsetHours);
}

/** A referenced object must exist in the same ad account (otherwise Graph reports it as missing). */
export function sameAccount(ctx: Ctx, acct: string, id: string | undefined, type: NodeType, param: string): GNode {
  if (!id) throw errors.paramRequired(param);
  const node = ctx.state.store.get(id);
  if (!node || node.type !== type || node.acct !== acct) {
    throw errors.invalidParameter('Invalid Parameter', `The ${param} ${id} does not exist or does not belong to this ad account.`, undefined, param);
  }
  return node;
}

export function jsonObject(params: Record<string, unknown>, name: string, req = true): Record<string, unknown> | undefined {
  const v = json<unknown>(params, name);
  if (v === undefined) {
    if (req) throw errors.paramRequired(name);
    return undefined;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw errors.paramInvalid(name, 'must be a JSON object');
  return v as Record<string, unknown>;
}
