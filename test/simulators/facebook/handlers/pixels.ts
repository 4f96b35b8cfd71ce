import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import { parseFields, pickPlain } from '../graph/fields';
import { oneOf, required, str, validateOnly } from '../graph/request';
import { addAccountObject, fbTime } from '../model/ad-objects';
import { listKey } from '../model/store';
import type { GNode } from '../model/types';
import { listEdge, readNode } from './common';

export const CUSTOM_EVENT_TYPES = [
  'ADD_PAYMENT_INFO', 'ADD_TO_CART', 'ADD_TO_WISHLIST', 'COMPLETE_REGISTRATION', 'CONTENT_VIEW', 'INITIATED_CHECKOUT',
  'LEAD', 'PURCHASE', 'SEARCH', 'CONTACT', 'CUSTOMIZE_PRODUCT', 'DONATE', 'FIND_LOCATION', 'SCHEDULE', 'START_TRIAL',
  'SUBMIT_APPLICATION', 'SUBSCRIBE', 'LISTING_INTERACTION', 'FACEBOOK_SELECTED', 'OTHER',
] as const;
const AGGREGATIONS = [
  'browser_type', 'custom_data_field', 'device_os', 'device_type', 'event', 'event_detection_method', 'event_processing_results',
  'event_source', 'event_total_counts', 'event_value_count', 'had_pii', 'host', 'match_keys', 'pixel_fire', 'url', 'url_by_rule',
] as const;
const STATS_VALUES: Record<string, string[]> = {
  event: ['PageView', 'ViewContent', 'AddToCart', 'Purchase', 'Lead'],
  device_type: ['desktop', 'iphone', 'android_smartphone', 'ipad'],
  event_source: ['pixel', 'server'],
  match_keys: ['email', 'phone', 'external_id', 'fbp', 'client_ip_address'],
  url: ['https://example.test/', 'https://example.test/checkout', 'https://example.test/thank-you'],
};

export const listPixels = (ctx: Ctx, account: GNode) => {
  const sort = str(ctx.req.params, 'sort_by');
  // LAST_FIRED_TIME first (newest first) is the default order (ASSUMED); NAME is not honoured beyond that.
  return listEdge(ctx, listKey.account(account.acct!, 'adspixels'), { newestFirst: sort !== 'NAME' });
};

export const getPixelLike = (ctx: Ctx, node: GNode) => readNode(ctx, node);

export function createPixel(ctx: Ctx, account: GNode): unknown {
  const name = required(ctx.req.params, 'name');
  if (validateOnly(ctx.req.params)) return { success: true };
  const acct = account.acct!;
  const node = addAccountObject(ctx.state, 'adspixel', acct, {
    name,
    creation_time: fbTime(Date.now()),
    is_unavailable: false,
    owner_ad_account: { id: `act_${acct}`, account_id: acct },
    enable_automatic_matching: false,
  });
  node.data.code = `<!-- Meta Pixel Code --><script>fbq('init', '${node.id}');</script>`;
  return { id: node.id };
}

function hashInt(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function toMs(v: string | undefined, fallback: number): number {
  if (!v) return fallback;
  const ms = /^\d+$/.test(v) ? Number(v) * 1000 : Date.parse(v);
  if (Number.isNaN(ms)) throw errors.paramInvalid('start_time', 'must be a valid time');
  return ms;
}

/** `GET /{pixel}/stats`: hourly buckets, newest first, counts stable per pixel and hour. */
export function pixelStats(ctx: Ctx, pixel: GNode): unknown {
  const p = ctx.req.params;
  const aggregation = oneOf(p, 'aggregation', AGGREGATIONS) ?? 'event';
  const hour = 3600_000;
  const end = Math.floor(toMs(str(p, 'end_time'), Date.now()) / hour) * hour;
  const start = Math.max(Math.floor(toMs(str(p, 'start_time'), end - 24 * hour) / hour) * hour, end - 24 * 7 * hour);
  const values = STATS_VALUES[aggregation] ?? ['unknown'];
  const data: unknown[] = [];
  for (let t = end - hour; t >= start; t -= hour) {
    data.push({
      aggregation,
      start_time: fbTime(t),
      data: values.map((value) => ({ value, count: hashInt(`${pixel.id}|${t}|${value}`) % 500 })),
    });
  }
  return { data };
}

/** `GET /dataset_quality?dataset_id=` (docs/platforms/facebook.md §3): web events with EMQ 0–10, projected by `fields`. */
export function datasetQuality(ctx: Ctx, pixel: GNode): unknown {
  const scopes = ctx.auth.scopes;
  if (!scopes.includes('ads_read') || !(scopes.includes('ads_management') || scopes.includes('business_management'))) {
    throw errors.requiresPermission('ads_read');
  }
  const web = ['PageView', 'ViewContent', 'AddToCart', 'Purchase', 'Lead'].map((event_name) => {
    const h = hashInt(`${pixel.id}|${event_name}`);
    return {
      event_name,
      event_match_quality: {
        composite_score: Math.round(((h % 70) / 10 + 3) * 10) / 10,
        match_key_feedback: ['email', 'phone', 'external_id', 'fbp', 'client_ip_address'].map((identifier, i) => ({
          identifier,
          coverage: { percentage: Math.round(((h >>> i) % 100) * 10) / 10 },
        })),
        diagnostics: [],
      },
      event_coverage: { percentage: 60 + (h % 40), goal_percentage: 75 },
      dedupe_key_feedback: [],
      data_freshness: { upload_frequency: h % 2 ? 'real_time' : 'hourly' },
      acr: { percentage: h % 30 },
      event_potential_aly_acr_increase: { percentage: h % 12 },
    };
  });
  const sel = parseFields(str(ctx.req.params, 'fields'));
  return sel ? pickPlain({ web }, sel) : { web };
}

/** The pixel a `dataset_quality` call is about (charged and access-checked like the pixel itself). */
export function datasetNode(ctx: Ctx): GNode {
  const id = required(ctx.req.params, 'dataset_id');
  const node = ctx.state.store.get(id);
  if (!node || node.type !== 'adspixel' || !ctx.user.accounts.has(String(node.acct))) throw errors.unsupported('GET', id);
  return node;
}

export const listCustomConversions = (ctx: Ctx, account: GNode) =>
  listEdge(ctx, listKey.account(account.acct!, 'customconversions'), { newestFirst: true });

export function createCustomConversion(ctx: Ctx, account: GNode): unknown {
  const p = ctx.req.params;
  const acct = account.acct!;
  const name = required(p, 'name');
  const sourceId = required(p, 'event_source_id');
  const pixel = ctx.state.store.get(sourceId);
  if (!pixel || pixel.type !== 'adspixel' || pixel.acct !== acct) {
    throw errors.invalidParameter('Invalid Event Source', `The event source ${sourceId} is not available to this ad account.`, undefined, 'event_source_id');
  }
  const eventType = oneOf(p, 'custom_event_type', CUSTOM_EVENT_TYPES);
  if (!eventType) throw errors.paramRequired('custom_event_type');
  const rule = required(p, 'rule');
  try {
    const parsed = typeof p.rule === 'object' ? p.rule : JSON.parse(rule);
    if (!parsed || typeof parsed !== 'object') throw new Error('not an object');
  } catch {
    throw errors.paramInvalid('rule', 'must be a JSON object (e.g. {"url":{"i_contains":"thank-you"}})');
  }
  if (validateOnly(p)) return { success: true };
  const node = addAccountObject(ctx.state, 'customconversion', acct, {
    name,
    description: str(p, 'description'),
    custom_event_type: eventType,
    rule,
    pixel: { id: pixel.id },
    default_conversion_value: Number(str(p, 'default_conversion_value') ?? 0),
    action_source_type: str(p, 'action_source_type'),
    event_source_type: 'pixel',
    creation_time: fbTime(Date.now()),
    is_archived: false,
  });
  return { id: node.id };
}
