/** customers/{id}/campaigns:mutate (docs/platforms/google.md §8): create / update / remove, partialFailure, validateOnly. */
import type { Request, Response } from 'express';
import type { SimContext } from '../context';
import { AdsError, partialFailureError, requestErr, RpcError, type GoogleAdsErrorItem } from '../errors';
import { dayToIso, isoToDay, todayIn } from '../dates';
import { addCampaign, type AccountData, type Campaign, type Customer, type SimUser } from '../state';
import { authorizeCustomer, checkBodyFields } from './access';

const CHANNELS = ['SEARCH', 'DISPLAY', 'SHOPPING', 'HOTEL', 'VIDEO', 'MULTI_CHANNEL', 'LOCAL', 'SMART', 'PERFORMANCE_MAX', 'LOCAL_SERVICES', 'TRAVEL', 'DEMAND_GEN'];
const STATUSES = ['ENABLED', 'PAUSED', 'REMOVED'];
/** Bidding oneof field → bidding_strategy_type. */
const BIDDING: Record<string, string> = {
  manualCpc: 'MANUAL_CPC',
  manualCpm: 'MANUAL_CPM',
  manualCpv: 'MANUAL_CPV',
  maximizeConversions: 'MAXIMIZE_CONVERSIONS',
  maximizeConversionValue: 'MAXIMIZE_CONVERSION_VALUE',
  targetCpa: 'TARGET_CPA',
  targetRoas: 'TARGET_ROAS',
  targetSpend: 'TARGET_SPEND',
  targetImpressionShare: 'TARGET_IMPRESSION_SHARE',
  targetCpm: 'TARGET_CPM',
  percentCpc: 'PERCENT_CPC',
  commission: 'COMMISSION',
};
const MAX_OPERATIONS = 10_000;

type Loc = Array<{ fieldName: string; index?: number }>;
class OpError extends Error {
  constructor(readonly item: GoogleAdsErrorItem) {
    super(item.message);
  }
}
const opErr = (family: string, code: string, message: string, loc: Loc, trigger?: string) =>
  new OpError({
    errorCode: { [family]: code },
    message,
    ...(trigger !== undefined ? { trigger: { stringValue: trigger } } : {}),
    location: { fieldPathElements: loc },
  });

function invalidEnum(version: string, path: string, enumName: string, value: unknown): RpcError {
  const d = `Invalid value at '${path}' (type.googleapis.com/google.ads.googleads.${version}.enums.${enumName}), ${JSON.stringify(value)}`;
  return new RpcError(400, d, [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: path, description: d }] }]);
}

interface Undo {
  (): void;
}

class CampaignWriter {
  readonly undo: Undo[] = [];
  constructor(
    private readonly ctx: SimContext,
    private readonly acct: AccountData,
    private readonly customer: Customer,
    private readonly version: number,
    private readonly versionLabel: string,
  ) {}

  private dateKeys() {
    return this.version >= 23 ? { start: 'startDateTime', end: 'endDateTime' } : { start: 'startDate', end: 'endDate' };
  }

  private parseDate(v: unknown, loc: Loc): string {
    const s = typeof v === 'string' ? v.slice(0, 10) : '';
    const d = isoToDay(s);
    if (d === undefined) throw opErr('dateError', 'INVALID_FIELD_VALUES_IN_DATE', 'The field values in the date are invalid.', loc, String(v));
    return dayToIso(d);
  }

  private nameTaken(name: string, except?: Campaign): boolean {
    return this.acct.campaigns.some((c) => c !== except && c.status !== 'REMOVED' && c.name === name);
  }

  private find(rn: unknown, loc: Loc): Campaign {
    const m = typeof rn === 'string' ? /^customers\/(\d+)\/campaigns\/(\d+)$/.exec(rn) : null;
    if (!m) throw opErr('requestError', 'RESOURCE_NAME_MALFORMED', 'Resource name is malformed.', loc, String(rn));
    const c = m[1] === this.customer.id ? this.acct.campaignById.get(m[2]!) : undefined;
    if (!c) throw opErr('mutateError', 'RESOURCE_NOT_FOUND', 'The requested resource was not found.', loc, String(rn));
    if (c.status === 'REMOVED') throw opErr('campaignError', 'CANNOT_MODIFY_REMOVED_CAMPAIGN', 'Cannot modify a removed campaign.', loc, String(rn));
    return c;
  }

  private checkEnums(fields: Record<string, unknown>, i: number, op: string) {
    const base = `operations[${i}].${op}`;
    if (fields.status !== undefined && !STATUSES.includes(fields.status as string)) {
      throw invalidEnum(this.versionLabel, `${base}.status`, 'CampaignStatusEnum.CampaignStatus', fields.status);
    }
    if (fields.advertisingChannelType !== undefined && !CHANNELS.includes(fields.advertisingChannelType as string)) {
      throw invalidEnum(this.versionLabel, `${base}.advertising_channel_type`, 'AdvertisingChannelTypeEnum.AdvertisingChannelType', fields.advertisingChannelType);
    }
  }

  /** JSON-level problems (bad enum values) reject the whole request, like transcoding does. */
  precheck(ops: unknown[]): void {
    ops.forEach((op, i) => {
      const o = (op ?? {}) as Record<string, unknown>;
      if (o.create && typeof o.create === 'object') this.checkEnums(o.create as Record<string, unknown>, i, 'create');
      if (o.update && typeof o.update === 'object') this.checkEnums(o.update as Record<string, unknown>, i, 'update');
    });
  }

  apply(op: unknown, i: number): { resourceName: string; campaign: Campaign } {
    const o = (op ?? {}) as Record<string, unknown>;
    const kinds = ['create', 'update', 'remove'].filter((k) => o[k] !== undefined);
    const at: Loc = [{ fieldName: 'operations', index: i }];
    if (kinds.length !== 1) throw opErr('requestError', 'REQUIRED_FIELD_MISSING', 'Exactly one of create, update or remove is required.', at);
    if (o.create !== undefined) return this.create(o.create as Record<string, unknown>, at);
    if (o.update !== undefined) return this.update(o.update as Record<string, unknown>, o.updateMask, at);
    return this.remove(o.remove, at);
  }

  private create(f: Record<string, unknown>, at: Loc) {
    const loc = (field: string): Loc => [...at, { fieldName: 'create' }, { fieldName: field }];
    const name = f.name;
    if (typeof name !== 'string' || !name.trim()) throw opErr('requestError', 'REQUIRED_FIELD_MISSING', 'Required field was not specified.', loc('name'));
    if (this.nameTaken(name)) throw opErr('campaignError', 'DUPLICATE_CAMPAIGN_NAME', 'A campaign with this name already exists.', loc('name'), name);
    if (f.advertisingChannelType === undefined) {
      throw opErr('requestError', 'REQUIRED_FIELD_MISSING', 'Required field was not specified.', loc('advertising_channel_type'));
    }
    const budget = f.campaignBudget;
    const bm = typeof budget === 'string' ? /^customers\/(\d+)\/campaignBudgets\/(\d+)$/.exec(budget) : null;
    if (budget !== undefined && (!bm || bm[1] !== this.customer.id)) {
      throw opErr('requestError', 'RESOURCE_NAME_MALFORMED', 'Resource name is malformed.', loc('campaign_budget'), String(budget));
    }
    const keys = this.dateKeys();
    const today = dayToIso(todayIn(this.customer.timeZone));
    const campaign: Campaign = {
      id: this.ctx.state.newId(),
      customerId: this.customer.id,
      name,
      status: (f.status as Campaign['status']) ?? 'ENABLED',
      advertisingChannelType: f.advertisingChannelType as string,
      // ASSUMED: no bidding field → MANUAL_CPC (real API requires one of the bidding oneof fields).
      biddingStrategyType: Object.keys(BIDDING).find((k) => f[k] !== undefined) ? BIDDING[Object.keys(BIDDING).find((k) => f[k] !== undefined)!]! : 'MANUAL_CPC',
      budgetId: bm?.[2] ?? this.ctx.state.newId(),
      startDate: f[keys.start] !== undefined ? this.parseDate(f[keys.start], loc(keys.start)) : today,
      endDate: f[keys.end] !== undefined ? this.parseDate(f[keys.end], loc(keys.end)) : undefined,
      metricsFrom: Number.POSITIVE_INFINITY,
    };
    addCampaign(this.acct, campaign);
    this.undo.push(() => {
      this.acct.campaigns.splice(this.acct.campaigns.indexOf(campaign), 1);
      this.acct.campaignById.delete(campaign.id);
    });
    return { resourceName: `customers/${this.customer.id}/campaigns/${campaign.id}`, campaign };
  }

  private update(f: Record<string, unknown>, mask: unknown, at: Loc) {
    const c = this.find(f.resourceName, [...at, { fieldName: 'update' }, { fieldName: 'resource_name' }]);
    if (typeof mask !== 'string' || !mask.trim()) {
      throw opErr('fieldMaskError', 'FIELD_MASK_MISSING', 'The field mask must be provided for update operations.', [...at, { fieldName: 'update_mask' }]);
    }
    const keys = this.dateKeys();
    const mutable = ['name', 'status', 'campaignBudget', keys.start, keys.end];
    const immutable = ['advertisingChannelType', 'id', 'resourceName'];
    const paths = mask.split(',').map((p) => p.trim());
    for (const p of paths) {
      const snake = p.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
      if (immutable.includes(p)) throw opErr('requestError', 'IMMUTABLE_FIELD', 'Field cannot be modified by update.', [...at, { fieldName: 'update' }, { fieldName: snake }]);
      if (!mutable.includes(p)) throw opErr('fieldMaskError', 'FIELD_NOT_FOUND', `The field mask refers to a field that does not exist: ${p}.`, [...at, { fieldName: 'update_mask' }], p);
    }
    const before = { ...c };
    const next = { ...c };
    for (const p of paths) {
      const v = f[p];
      const loc: Loc = [...at, { fieldName: 'update' }, { fieldName: p.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`) }];
      if (p === 'name') {
        if (typeof v !== 'string' || !v.trim()) throw opErr('requestError', 'REQUIRED_FIELD_MISSING', 'Required field was not specified.', loc);
        if (this.nameTaken(v, c)) throw opErr('campaignError', 'DUPLICATE_CAMPAIGN_NAME', 'A campaign with this name already exists.', loc, v);
        next.name = v;
      } else if (p === 'status') {
        if (v === undefined) throw opErr('requestError', 'REQUIRED_FIELD_MISSING', 'Required field was not specified.', loc);
        next.status = v as Campaign['status'];
      } else if (p === 'campaignBudget') {
        const bm = typeof v === 'string' ? /^customers\/(\d+)\/campaignBudgets\/(\d+)$/.exec(v) : null;
        if (!bm || bm[1] !== this.customer.id) throw opErr('requestError', 'RESOURCE_NAME_MALFORMED', 'Resource name is malformed.', loc, String(v));
        next.budgetId = bm[2]!;
      } else if (p === keys.start) next.startDate = this.parseDate(v, loc);
      else if (p === keys.end) next.endDate = v === undefined ? undefined : this.parseDate(v, loc);
    }
    Object.assign(c, next);
    this.undo.push(() => Object.assign(c, before));
    return { resourceName: `customers/${this.customer.id}/campaigns/${c.id}`, campaign: c };
  }

  private remove(rn: unknown, at: Loc) {
    const c = this.find(rn, [...at, { fieldName: 'remove' }]);
    const prev = c.status;
    c.status = 'REMOVED';
    this.undo.push(() => {
      c.status = prev;
    });
    return { resourceName: `customers/${this.customer.id}/campaigns/${c.id}`, campaign: c };
  }
}

function mutableResource(customerId: string, c: Campaign, version: number) {
  const dates = version >= 23 ? { startDateTime: `${c.startDate} 00:00:00`, ...(c.endDate ? { endDateTime: `${c.endDate} 23:59:59` } : {}) } : { startDate: c.startDate, ...(c.endDate ? { endDate: c.endDate } : {}) };
  return {
    resourceName: `customers/${customerId}/campaigns/${c.id}`,
    id: c.id,
    name: c.name,
    status: c.status,
    advertisingChannelType: c.advertisingChannelType,
    biddingStrategyType: c.biddingStrategyType,
    campaignBudget: `customers/${customerId}/campaignBudgets/${c.budgetId}`,
    ...dates,
  };
}

export function mutateCampaigns(ctx: SimContext, req: Request, res: Response, user: SimUser, version: number, versionLabel: string, customerId: string, requestId: string) {
  const body = checkBodyFields(req.body, ['operations', 'partialFailure', 'validateOnly', 'responseContentType', 'customerId']);
  const ops = body.operations;
  const count = Array.isArray(ops) ? ops.length : 0;
  const customer = authorizeCustomer(ctx, req, user, customerId, Math.max(1, count));
  if (!Array.isArray(ops) || ops.length === 0) {
    throw new AdsError(400, [{ errorCode: { requestError: 'REQUIRED_FIELD_MISSING' }, message: 'Required field was not specified.', location: { fieldPathElements: [{ fieldName: 'operations' }] } }]);
  }
  if (ops.length > MAX_OPERATIONS) throw requestErr('TOO_MANY_MUTATE_OPERATIONS', `Too many mutate operations; the limit is ${MAX_OPERATIONS}.`);
  if (customer.manager) throw requestErr('CANNOT_BE_EXECUTED_BY_MANAGER_ACCOUNT', 'This operation cannot be executed by a manager account.');
  const acct = ctx.state.account(customer.id);
  const writer = new CampaignWriter(ctx, acct, customer, version, versionLabel);
  writer.precheck(ops);
  const partial = body.partialFailure === true;
  const errors: GoogleAdsErrorItem[] = [];
  const results: Array<{ resourceName: string; campaign: Campaign } | undefined> = [];
  ops.forEach((op, i) => {
    try {
      results.push(writer.apply(op, i));
    } catch (e) {
      if (!(e instanceof OpError)) throw e;
      errors.push(e.item);
      results.push(undefined);
    }
  });
  const rollback = () => writer.undo.reverse().forEach((u) => u());
  if (errors.length && !partial) {
    rollback();
    throw new AdsError(400, errors);
  }
  if (body.validateOnly === true) {
    rollback();
    if (errors.length) throw new AdsError(400, errors);
    return res.json({});
  }
  if (writer.undo.length) acct.version++;
  const full = body.responseContentType === 'MUTABLE_RESOURCE';
  const out: Record<string, unknown> = {};
  if (errors.length) out.partialFailureError = partialFailureError(versionLabel, errors, requestId);
  out.results = results.map((r) => (r ? { resourceName: r.resourceName, ...(full ? { campaign: mutableResource(customer.id, r.campaign, version) } : {}) } : {}));
  return res.json(out);
}

