/**
 * Campaign status and budget changes through CampaignService.MutateCampaigns and
 * CampaignBudgetService.MutateCampaignBudgets (REST `customers/{id}/campaigns:mutate`,
 * `…/campaignBudgets:mutate`). Each request carries one operation with `partialFailure: true`, so
 * Google answers 200 with a `partialFailureError` whose GoogleAdsFailure errors name the operation
 * they belong to (`location.fieldPathElements[0].index`); those are mapped back per operation.
 */
import { AppError } from '../../../errors/app-error';
import type { PlatformCaller } from '../../core/caller';
import { rowsFromStream, searchStreamCall } from './search';

export const CAMPAIGN_STATUSES = ['ENABLED', 'PAUSED', 'REMOVED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

interface AdsErrorItem {
  errorCode?: Record<string, string>;
  message?: string;
  trigger?: { stringValue?: string };
  location?: { fieldPathElements?: Array<{ fieldName?: string; index?: number }> };
}

export interface MutateAnswer {
  results?: Array<Record<string, unknown>>;
  partialFailureError?: { code?: number; message?: string; details?: Array<{ errors?: AdsErrorItem[]; requestId?: string }> };
}

export interface OperationError {
  operationIndex: number;
  code: string;
  message: string;
  field?: string;
  trigger?: string;
}

/** Groups a partialFailureError's errors by the operation they name. */
function operationErrors(answer: MutateAnswer): Map<number, OperationError[]> {
  const out = new Map<number, OperationError[]>();
  for (const d of answer.partialFailureError?.details ?? []) {
    for (const e of d.errors ?? []) {
      const path = e.location?.fieldPathElements ?? [];
      const index = path[0]?.fieldName === 'operations' && typeof path[0].index === 'number' ? path[0].index : 0;
      const [family, value] = Object.entries(e.errorCode ?? {})[0] ?? ['unknown', 'UNKNOWN'];
      const err: OperationError = { operationIndex: index, code: `${family}.${value}`, message: e.message ?? 'Rejected by Google Ads' };
      const field = path.slice(1).map((p) => (p.index !== undefined ? `${p.fieldName}[${p.index}]` : p.fieldName)).join('.');
      if (field) err.field = field;
      if (e.trigger?.stringValue !== undefined) err.trigger = e.trigger.stringValue;
      out.set(index, [...(out.get(index) ?? []), err]);
    }
  }
  return out;
}

/** The errors of one failed operation as the gateway's error: 404 for a resource Google cannot find, else 422. */
function operationFailure(errors: OperationError[]): AppError {
  const notFound = errors.some((e) => e.code === 'mutateError.RESOURCE_NOT_FOUND');
  const first = errors[0]!;
  return new AppError(notFound ? 'NOT_FOUND' : 'PLATFORM_REJECTED', first.message, {
    details: errors.map((e) => ({ platform: 'google', code: e.code, message: e.message, operationIndex: e.operationIndex, ...(e.field ? { field: e.field } : {}), ...(e.trigger !== undefined ? { trigger: e.trigger } : {}) })),
  });
}

/** The customer a write acts on; the developer-token and login-customer-id headers come from the caller. */
export interface WriteTarget {
  customerId: string;
}

async function mutate(platform: PlatformCaller, t: WriteTarget, service: 'campaigns' | 'campaignBudgets', operation: Record<string, unknown>, validateOnly: boolean): Promise<MutateAnswer> {
  const answer = await platform.request<MutateAnswer>({
    method: 'POST',
    path: `customers/${t.customerId}/${service}:mutate`,
    body: { operations: [operation], partialFailure: true, validateOnly, responseContentType: 'MUTABLE_RESOURCE' },
    kind: 'write',
    // Setting a status or an amount twice leaves the same state: a retried request is harmless.
    idempotent: true,
  });
  const failed = operationErrors(answer ?? {}).get(0);
  if (failed?.length) throw Object.assign(operationFailure(failed), { googleErrors: failed });
  return answer ?? {};
}

const campaignName = (customerId: string, campaignId: string) => `customers/${customerId}/campaigns/${campaignId}`;

/**
 * ENABLED and PAUSED are an update of `status`; REMOVED is Google's remove operation (a removed
 * campaign cannot be changed again). Removing a campaign that is already removed answers as the
 * first removal did, so the operation stays a "set the status" that can be repeated.
 */
export async function setCampaignStatus(platform: PlatformCaller, t: WriteTarget, campaignId: string, status: CampaignStatus, validateOnly: boolean) {
  const resourceName = campaignName(t.customerId, campaignId);
  const op = status === 'REMOVED' ? { remove: resourceName } : { update: { resourceName, status }, updateMask: 'status' };
  try {
    const answer = await mutate(platform, t, 'campaigns', op, validateOnly);
    return { validateOnly, results: validateOnly ? [] : (answer.results ?? []) };
  } catch (e) {
    const errs = (e as { googleErrors?: OperationError[] }).googleErrors;
    if (status === 'REMOVED' && errs?.every((x) => x.code === 'campaignError.CANNOT_MODIFY_REMOVED_CAMPAIGN')) {
      return { validateOnly, results: validateOnly ? [] : [{ resourceName }] };
    }
    throw e;
  }
}

interface BudgetRow {
  campaign?: { campaignBudget?: string; status?: string };
  campaignBudget?: { amountMicros?: string };
}

/** Reads which budget a campaign uses; a campaign Google does not know in this account is a 404. */
export async function campaignBudgetOf(platform: PlatformCaller, t: WriteTarget, campaignId: string): Promise<{ budget: string; amountMicros: string | null }> {
  const query = `SELECT campaign.id, campaign.status, campaign.campaign_budget, campaign_budget.amount_micros FROM campaign WHERE campaign.id = ${campaignId}`;
  const call = searchStreamCall(t.customerId, query);
  const rows = rowsFromStream(await platform.request({ ...call, kind: 'read' })) as BudgetRow[];
  const budget = rows[0]?.campaign?.campaignBudget;
  if (!budget) throw new AppError('NOT_FOUND', `Campaign ${campaignId} not found in this account`);
  return { budget, amountMicros: rows[0]?.campaignBudget?.amountMicros ?? null };
}

/** Sets the amount of the campaign's budget (a budget shared by several campaigns changes for all of them). */
export async function setCampaignBudget(platform: PlatformCaller, t: WriteTarget, campaignId: string, amountMicros: string, validateOnly: boolean) {
  const { budget, amountMicros: previous } = await campaignBudgetOf(platform, t, campaignId);
  const answer = await mutate(platform, t, 'campaignBudgets', { update: { resourceName: budget, amountMicros }, updateMask: 'amountMicros' }, validateOnly);
  return { validateOnly, campaignBudget: budget, previousAmountMicros: previous, results: validateOnly ? [] : (answer.results ?? []) };
}

/** `amount` in currency units ("12.5") → micros ("12500000"), exactly (no floating point). */
export function unitsToMicros(amount: string): string {
  const [whole, frac = ''] = amount.split('.');
  return (BigInt(whole!) * 1_000_000n + BigInt((frac + '000000').slice(0, 6))).toString();
}
