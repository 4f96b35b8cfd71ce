import { AppError } from '../../../errors/app-error';
import { get, post, type TiktokCall } from './call';
import { snakeKeys } from './encoding';
import type { AssetLevel } from './levels';

/** The current object, read through the level's get with the advertiser's filter (another advertiser's id finds nothing). */
export function currentObjectCall(level: AssetLevel, advertiserId: string, id: string): TiktokCall {
  const path = `${level}/get/`;
  const filtering = { [`${level}_ids`]: [id] };
  const fields = {
    campaign: ['campaign_id', 'budget', 'budget_mode', 'budget_optimize_on'],
    adgroup: ['adgroup_id', 'campaign_id', 'budget', 'budget_mode', 'schedule_type', 'schedule_start_time', 'schedule_end_time'],
    ad: ['ad_id', 'adgroup_id'],
  }[level];
  return get(path, { advertiser_id: advertiserId, filtering, fields, page: 1, page_size: 1 });
}

export const currencyCall = (advertiserId: string): TiktokCall => get('advertiser/info/', { advertiser_ids: [advertiserId], fields: ['advertiser_id', 'currency'] });

/**
 * `campaign/update/`, `adgroup/update/` or `ad/update/` with only the given fields (camelCase → TikTok's
 * snake_case). An ad's creative goes as `creatives: [{ ad_id, … }]` with `patch_update: true`, so the
 * fields not sent stay as they are. Updates set values, so repeating one is harmless.
 */
export function updateCall(level: AssetLevel, advertiserId: string, id: string, fields: Record<string, unknown>, adgroupId?: string): TiktokCall {
  if (level === 'ad') {
    const creative = snakeKeys(fields.creative ?? {}) as Record<string, unknown>;
    return post('ad/update/', { advertiser_id: advertiserId, adgroup_id: adgroupId, patch_update: true, creatives: [{ ...creative, ad_id: id }] }, true);
  }
  return post(`${level}/update/`, { advertiser_id: advertiserId, [`${level}_id`]: id, ...(snakeKeys(fields) as Record<string, unknown>) }, true);
}

const refused = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `Invalid request body: ${field} ${message}`, { details: [{ path: `body.${field}`, message }] });

/**
 * TikTok's minimum budgets, in USD: a campaign at least 50 (daily or lifetime); an ad group 20 a
 * day, and for a lifetime budget 20 × its scheduled days. Source: TikTok Ads Manager help, "About
 * budgets" (https://ads.tiktok.com/help/article/budget) and "Budget and Bidding FAQs"
 * (https://ads.tiktok.com/help/article/budget-and-bidding-faq). Other currencies have "equivalent"
 * minimums TikTok does not publish, so only USD accounts are checked here.
 */
const MIN_BUDGET_USD = { campaign: 50, adgroupDaily: 20 } as const;

const DAY_MS = 86_400_000;
const utc = (t: string) => Date.parse(`${t.replace(' ', 'T')}Z`);

/** Days an ad group runs between its schedule start and end (a part day counts as a day). */
const scheduledDays = (start: string, end: string) => Math.max(1, Math.ceil((utc(end) - utc(start)) / DAY_MS));

/**
 * Checks a budget and schedule change against the object as TikTok holds it, before the call: the
 * budget mode stays (an unlimited campaign gets no budget; TikTok: "you cannot switch between budget
 * types once a campaign or ad group is live", same help article), and the minimums above.
 */
export function checkBudget(level: AssetLevel, current: Record<string, unknown>, b: Record<string, unknown>, currency: string | undefined): void {
  const start = (b.scheduleStartTime ?? current.schedule_start_time) as string | undefined;
  const end = (b.scheduleEndTime ?? current.schedule_end_time) as string | undefined;
  if ((b.scheduleStartTime || b.scheduleEndTime) && start && end && utc(end) <= utc(start)) throw refused('scheduleEndTime', 'must be after the schedule start');
  if (b.budget === undefined) return;
  const budget = Number(b.budget);
  const mode = String(current.budget_mode ?? '');
  if (mode === 'BUDGET_MODE_INFINITE') throw refused('budget', `cannot be set: the ${level} has no budget limit (BUDGET_MODE_INFINITE) and its budget mode cannot change`);
  if (currency !== 'USD') return;
  if (level === 'campaign' && budget < MIN_BUDGET_USD.campaign) throw refused('budget', `must be at least ${MIN_BUDGET_USD.campaign} USD for a campaign`);
  if (level === 'adgroup') {
    const lifetime = mode === 'BUDGET_MODE_TOTAL';
    const min = lifetime && start && end ? MIN_BUDGET_USD.adgroupDaily * scheduledDays(start, end) : MIN_BUDGET_USD.adgroupDaily;
    if (budget < min) throw refused('budget', `must be at least ${min} USD for this ad group (${MIN_BUDGET_USD.adgroupDaily} USD a day${lifetime ? ' over its scheduled days' : ''})`);
  }
}
