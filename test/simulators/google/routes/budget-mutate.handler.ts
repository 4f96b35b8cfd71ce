/**
 * customers/{id}/campaignBudgets:mutate (CampaignBudgetService.MutateCampaignBudgets): update of
 * `amountMicros` and `name`, with partialFailure, validateOnly and responseContentType as on
 * campaigns:mutate. Error codes: google/ads/googleads/v23/errors/campaign_budget_error.proto,
 * mutate_error.proto, field_mask_error.proto, request_error.proto.
 */
import type { Request, Response } from 'express';
import type { SimContext } from '../context';
import { AdsError, partialFailureError, requestErr, type GoogleAdsErrorItem } from '../errors';
import { budgetOf, type AccountData, type Budget, type Customer, type SimUser } from '../state';
import { authorizeCustomer, checkBodyFields } from './access';

type Loc = Array<{ fieldName: string; index?: number }>;
class OpError extends Error {
  constructor(readonly item: GoogleAdsErrorItem) {
    super(item.message);
  }
}
const opErr = (family: string, code: string, message: string, loc: Loc, trigger?: string) =>
  new OpError({ errorCode: { [family]: code }, message, ...(trigger !== undefined ? { trigger: { stringValue: trigger } } : {}), location: { fieldPathElements: loc } });

/**
 * ASSUMED: the smallest billable unit per currency, in micros (two-decimal currencies 0.01, JPY 1).
 * Google publishes each currency's minimum CPC; budgets below it, or not a multiple of the unit, fail.
 */
const MIN_UNIT_MICROS: Record<string, bigint> = { JPY: 1_000_000n, KRW: 1_000_000n };
const minUnit = (currency: string) => MIN_UNIT_MICROS[currency] ?? 10_000n;
/** ASSUMED: an upper bound standing in for MONEY_AMOUNT_TOO_LARGE (Google does not publish one). */
const MAX_MICROS = 100_000_000_000_000n;

function resolve(acct: AccountData, customer: Customer, rn: unknown, loc: Loc): Budget {
  const m = typeof rn === 'string' ? /^customers\/(\d+)\/campaignBudgets\/(\d+)$/.exec(rn) : null;
  if (!m) throw opErr('requestError', 'RESOURCE_NAME_MALFORMED', 'Resource name is malformed.', loc, String(rn));
  const known = m[1] === customer.id && (acct.budgetById.has(m[2]!) || acct.campaigns.some((c) => c.budgetId === m[2]));
  if (!known) throw opErr('mutateError', 'RESOURCE_NOT_FOUND', 'The requested resource was not found.', loc, String(rn));
  const b = budgetOf(acct, m[2]!);
  if (b.status === 'REMOVED') throw opErr('campaignBudgetError', 'CAMPAIGN_BUDGET_REMOVED', 'The requested campaign budget no longer exists.', loc, String(rn));
  return b;
}

function amountOf(v: unknown, currency: string, loc: Loc): bigint {
  const s = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' ? v : '';
  if (!/^-?\d{1,19}$/.test(s)) throw opErr('requestError', 'REQUIRED_FIELD_MISSING', 'Required field was not specified.', loc);
  const micros = BigInt(s);
  if (micros < 0n) throw opErr('campaignBudgetError', 'NEGATIVE_MONEY_AMOUNT', 'Monetary value is negative.', loc, s);
  const unit = minUnit(currency);
  if (micros < unit) throw opErr('campaignBudgetError', 'MONEY_AMOUNT_LESS_THAN_CURRENCY_MINIMUM_CPC', 'Monetary value is less than the minimum CPC for this currency.', loc, s);
  if (micros % unit !== 0n) throw opErr('campaignBudgetError', 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT', 'Monetary value is not a multiple of the minimum currency unit.', loc, s);
  if (micros > MAX_MICROS) throw opErr('campaignBudgetError', 'MONEY_AMOUNT_TOO_LARGE', 'Monetary value is too large.', loc, s);
  return micros;
}

function update(acct: AccountData, customer: Customer, op: unknown, i: number, undo: Array<() => void>): Budget {
  const o = (op ?? {}) as Record<string, unknown>;
  const at: Loc = [{ fieldName: 'operations', index: i }];
  const kinds = ['create', 'update', 'remove'].filter((k) => o[k] !== undefined);
  if (kinds.length !== 1) throw opErr('requestError', 'REQUIRED_FIELD_MISSING', 'Exactly one of create, update or remove is required.', at);
  // ASSUMED: the simulator implements updates only; create and remove answer as an unsupported operation.
  if (!o.update || typeof o.update !== 'object') throw opErr('requestError', 'UNKNOWN', 'The simulator supports update operations only.', at);
  const f = o.update as Record<string, unknown>;
  const b = resolve(acct, customer, f.resourceName, [...at, { fieldName: 'update' }, { fieldName: 'resource_name' }]);
  const mask = o.updateMask;
  if (typeof mask !== 'string' || !mask.trim()) {
    throw opErr('fieldMaskError', 'FIELD_MASK_MISSING', 'The field mask must be provided for update operations.', [...at, { fieldName: 'update_mask' }]);
  }
  const next = { ...b };
  for (const p of mask.split(',').map((x) => x.trim())) {
    const loc: Loc = [...at, { fieldName: 'update' }, { fieldName: p.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`) }];
    if (p === 'amountMicros') next.amountMicros = amountOf(f.amountMicros, customer.currencyCode, loc);
    else if (p === 'name') {
      if (typeof f.name !== 'string' || !f.name.trim()) throw opErr('requestError', 'REQUIRED_FIELD_MISSING', 'Required field was not specified.', loc);
      next.name = f.name;
    } else if (p === 'id' || p === 'resourceName') throw opErr('requestError', 'IMMUTABLE_FIELD', 'Field cannot be modified by update.', loc);
    else throw opErr('fieldMaskError', 'FIELD_NOT_FOUND', `The field mask refers to a field that does not exist: ${p}.`, [...at, { fieldName: 'update_mask' }], p);
  }
  const before = { ...b };
  Object.assign(b, next);
  undo.push(() => Object.assign(b, before));
  return b;
}

const mutable = (customerId: string, b: Budget) => ({
  resourceName: `customers/${customerId}/campaignBudgets/${b.id}`,
  id: b.id,
  name: b.name,
  amountMicros: String(b.amountMicros),
  status: b.status,
  explicitlyShared: b.explicitlyShared,
  period: 'DAILY',
  deliveryMethod: 'STANDARD',
});

export function mutateBudgets(ctx: SimContext, req: Request, res: Response, user: SimUser, versionLabel: string, customerId: string, requestId: string) {
  const body = checkBodyFields(req.body, ['operations', 'partialFailure', 'validateOnly', 'responseContentType', 'customerId']);
  const ops = body.operations;
  const customer = authorizeCustomer(ctx, req, user, customerId, Math.max(1, Array.isArray(ops) ? ops.length : 0));
  if (!Array.isArray(ops) || ops.length === 0) {
    throw new AdsError(400, [{ errorCode: { requestError: 'REQUIRED_FIELD_MISSING' }, message: 'Required field was not specified.', location: { fieldPathElements: [{ fieldName: 'operations' }] } }]);
  }
  if (customer.manager) throw requestErr('CANNOT_BE_EXECUTED_BY_MANAGER_ACCOUNT', 'This operation cannot be executed by a manager account.');
  const acct = ctx.state.account(customer.id);
  const undo: Array<() => void> = [];
  const errors: GoogleAdsErrorItem[] = [];
  const results = ops.map((op, i) => {
    try {
      return update(acct, customer, op, i, undo);
    } catch (e) {
      if (!(e instanceof OpError)) throw e;
      errors.push(e.item);
      return undefined;
    }
  });
  const rollback = () => undo.reverse().forEach((u) => u());
  if (errors.length && body.partialFailure !== true) {
    rollback();
    throw new AdsError(400, errors);
  }
  if (body.validateOnly === true) {
    rollback();
    if (errors.length) throw new AdsError(400, errors);
    return res.json({});
  }
  if (undo.length) acct.version++;
  const out: Record<string, unknown> = {};
  if (errors.length) out.partialFailureError = partialFailureError(versionLabel, errors, requestId);
  const full = body.responseContentType === 'MUTABLE_RESOURCE';
  out.results = results.map((b) => (b ? { resourceName: `customers/${customer.id}/campaignBudgets/${b.id}`, ...(full ? { campaignBudget: mutable(customer.id, b) } : {}) } : {}));
  return res.json(out);
}
