import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import { json, oneOf, required, str, validateOnly } from '../graph/request';
import { accountOffset, addAccountObject, fbTime, touch } from '../model/ad-objects';
import { adObjectLists, listKey } from '../model/store';
import type { GNode } from '../model/types';
import {
  BID_STRATEGIES, BILLING_EVENTS, OBJECTIVES, OPTIMIZATION_GOALS, SPECIAL_AD_CATEGORIES,
  jsonObject, money, sameAccount, time,
} from './ad-validate';
import { AD_STATUSES, listEdge, readNode } from './common';
import { checkAdSetUpdate, checkBillingEvent } from './budget-rules';
import { checkStorySpec } from './creative-rules';

const acctOf = (node: GNode) => node.acct!;
const CREATE_STATUSES = ['ACTIVE', 'PAUSED'] as const;

/** Lists of ad objects are newest first (ASSUMED ordering). */
export const listAdObjects = (edge: string) => (ctx: Ctx, node: GNode) =>
  listEdge(ctx, node.type === 'adaccount' ? listKey.account(acctOf(node), edge) : listKey.node(node.id, edge), {
    newestFirst: true,
    adStatus: edge !== 'adcreatives',
    // The SDKs list `filtering` for campaigns, adsets and ads, not for adcreatives.
    filtering: edge !== 'adcreatives',
    accept: edge === 'adcreatives' ? (n) => n.data.status !== 'DELETED' : undefined,
  });

export const getAdObject = (ctx: Ctx, node: GNode) => readNode(ctx, node);

function created(ctx: Ctx, build: () => GNode): unknown {
  if (validateOnly(ctx.req.params)) return { success: true };
  return { id: build().id };
}

export function createCampaign(ctx: Ctx, account: GNode): unknown {
  const p = ctx.req.params;
  const name = required(p, 'name');
  const objective = oneOf(p, 'objective', OBJECTIVES);
  if (!objective) throw errors.paramRequired('objective');
  const status = oneOf(p, 'status', CREATE_STATUSES) ?? (() => { throw errors.paramRequired('status'); })();
  const cats = json<unknown>(p, 'special_ad_categories');
  if (cats === undefined) throw errors.paramRequired('special_ad_categories');
  if (!Array.isArray(cats) || cats.some((c) => !(SPECIAL_AD_CATEGORIES as readonly string[]).includes(String(c)))) {
    throw errors.paramEnum('special_ad_categories[0]', SPECIAL_AD_CATEGORIES);
  }
  const daily = money(p, 'daily_budget');
  const lifetime = money(p, 'lifetime_budget');
  if (daily && lifetime) throw errors.invalidParameter('Budget Conflict', 'Set either a daily or a lifetime budget, not both.', undefined, 'daily_budget');
  const sharing = str(p, 'is_adset_budget_sharing_enabled');
  if (!daily && !lifetime && sharing !== 'true' && sharing !== 'false') {
    // wording from public client reports; subcode ASSUMED
    throw errors.invalidParameter('Invalid parameter', 'Must specify True or False in is_adset_budget_sharing_enabled field', 4834011, 'is_adset_budget_sharing_enabled');
  }
  const offset = accountOffset(ctx.state, acctOf(account));
  const data: Record<string, unknown> = {
    name,
    objective,
    status,
    special_ad_categories: cats,
    special_ad_category_country: json(p, 'special_ad_category_country'),
    daily_budget: daily,
    lifetime_budget: lifetime,
    bid_strategy: oneOf(p, 'bid_strategy', BID_STRATEGIES) ?? (daily || lifetime ? 'LOWEST_COST_WITHOUT_CAP' : undefined),
    buying_type: oneOf(p, 'buying_type', ['AUCTION', 'RESERVED']) ?? 'AUCTION',
    spend_cap: money(p, 'spend_cap'),
    start_time: time(p, 'start_time', offset),
    stop_time: time(p, 'stop_time', offset),
    promoted_object: json(p, 'promoted_object'),
    is_adset_budget_sharing_enabled: daily || lifetime ? undefined : sharing === 'true',
  };
  return created(ctx, () => addAccountObject(ctx.state, 'campaign', acctOf(account), withTimes(data)));
}

export function createAdSet(ctx: Ctx, account: GNode): unknown {
  const p = ctx.req.params;
  const acct = acctOf(account);
  const name = required(p, 'name');
  const campaign = sameAccount(ctx, acct, str(p, 'campaign_id'), 'campaign', 'campaign_id');
  const billing = oneOf(p, 'billing_event', BILLING_EVENTS) ?? (() => { throw errors.paramRequired('billing_event'); })();
  const goal = oneOf(p, 'optimization_goal', OPTIMIZATION_GOALS) ?? (() => { throw errors.paramRequired('optimization_goal'); })();
  checkBillingEvent(goal, billing);
  const targeting = jsonObject(p, 'targeting')!;
  if (!targeting.geo_locations && !targeting.custom_audiences) {
    throw errors.invalidParameter('Location Is Missing', 'Your audience is missing a location. You can add a location or a Custom Audience.', 1885364, 'targeting');
  }
  const status = oneOf(p, 'status', CREATE_STATUSES) ?? 'ACTIVE';
  const daily = money(p, 'daily_budget');
  const lifetime = money(p, 'lifetime_budget');
  const cbo = !!(campaign.data.daily_budget || campaign.data.lifetime_budget);
  if (cbo && (daily || lifetime)) {
    // subcode from public client code; wording ASSUMED
    throw errors.invalidParameter('Budget Already Set on Campaign', 'This campaign uses a campaign budget, so its ad sets cannot have their own budget.', 1885621, 'daily_budget');
  }
  if (!cbo && !daily && !lifetime) {
    throw errors.invalidParameter('Budget Missing', 'Set a daily or lifetime budget for this ad set.', 1885034, 'daily_budget');
  }
  const offset = accountOffset(ctx.state, acct);
  const end = time(p, 'end_time', offset);
  if (lifetime && !end) throw errors.invalidParameter('End Time Required', 'Ad sets with a lifetime budget need an end time.', 1885271, 'end_time');
  const bidStrategy = oneOf(p, 'bid_strategy', BID_STRATEGIES);
  const bidAmount = str(p, 'bid_amount');
  if ((bidStrategy === 'LOWEST_COST_WITH_BID_CAP' || bidStrategy === 'COST_CAP') && !bidAmount) throw errors.paramRequired('bid_amount');
  const data: Record<string, unknown> = {
    name,
    campaign_id: campaign.id,
    status,
    billing_event: billing,
    optimization_goal: goal,
    targeting,
    daily_budget: daily,
    lifetime_budget: lifetime,
    bid_strategy: bidStrategy,
    bid_amount: bidAmount ? Number(bidAmount) : undefined,
    promoted_object: json(p, 'promoted_object'),
    destination_type: str(p, 'destination_type'),
    start_time: time(p, 'start_time', offset) ?? fbTime(Date.now(), offset),
    end_time: end,
    dsa_beneficiary: str(p, 'dsa_beneficiary'),
    dsa_payor: str(p, 'dsa_payor'),
  };
  return created(ctx, () => addAccountObject(ctx.state, 'adset', acct, withTimes(data)));
}

export function createAd(ctx: Ctx, account: GNode): unknown {
  const p = ctx.req.params;
  const acct = acctOf(account);
  const name = required(p, 'name');
  const adset = sameAccount(ctx, acct, str(p, 'adset_id'), 'adset', 'adset_id');
  const creativeSpec = jsonObject(p, 'creative')!;
  const creative = sameAccount(ctx, acct, creativeSpec.creative_id ? String(creativeSpec.creative_id) : undefined, 'adcreative', 'creative_id');
  const status = oneOf(p, 'status', CREATE_STATUSES) ?? 'ACTIVE';
  const data = { name, adset_id: adset.id, campaign_id: adset.data.campaign_id, creative: { id: creative.id }, status };
  return created(ctx, () => addAccountObject(ctx.state, 'ad', acct, withTimes(data)));
}

export function createCreative(ctx: Ctx, account: GNode): unknown {
  const p = ctx.req.params;
  const name = required(p, 'name');
  const spec = jsonObject(p, 'object_story_spec', false);
  const storyId = str(p, 'object_story_id');
  if (!spec && !storyId) throw errors.paramRequired('object_story_spec');
  if (spec) {
    const pageId = spec.page_id ? String(spec.page_id) : undefined;
    if (!pageId) throw errors.paramRequired('object_story_spec[page_id]');
    if (!ctx.user.pages.has(pageId)) throw errors.invalidParameter('Invalid Page', `Page ${pageId} cannot be used by this ad account.`, undefined, 'object_story_spec');
    checkStorySpec(ctx, acctOf(account), spec);
  }
  const link = (spec?.link_data ?? {}) as Record<string, unknown>;
  const cta = link.call_to_action as { type?: string } | undefined;
  const data = {
    name,
    status: 'ACTIVE',
    object_story_spec: spec,
    object_story_id: storyId,
    body: link.message,
    title: link.name,
    image_hash: link.image_hash,
    image_url: link.picture,
    link_url: link.link,
    call_to_action_type: cta?.type,
    object_type: spec?.video_data ? 'VIDEO' : 'SHARE',
  };
  return created(ctx, () => addAccountObject(ctx.state, 'adcreative', acctOf(account), data));
}

const UPDATABLE: Record<string, readonly string[]> = {
  campaign: ['name', 'status', 'daily_budget', 'lifetime_budget', 'spend_cap', 'bid_strategy', 'start_time', 'stop_time'],
  adset: ['name', 'status', 'daily_budget', 'lifetime_budget', 'bid_amount', 'bid_strategy', 'targeting', 'start_time', 'end_time'],
  ad: ['name', 'status', 'creative'],
  adcreative: ['name', 'status'],
};

/** `POST /{id}`: partial update, answers `{success:true}`. */
export function updateAdObject(ctx: Ctx, node: GNode): unknown {
  const p = ctx.req.params;
  const patch: Record<string, unknown> = {};
  const offset = accountOffset(ctx.state, node.acct!);
  for (const field of UPDATABLE[node.type] ?? []) {
    if (p[field] === undefined) continue;
    if (field === 'status') patch.status = oneOf(p, 'status', node.type === 'adcreative' ? ['ACTIVE', 'DELETED'] : AD_STATUSES);
    else if (field.endsWith('_budget') || field === 'spend_cap') patch[field] = money(p, field);
    else if (field.endsWith('_time')) patch[field] = time(p, field, offset);
    else if (field === 'targeting') patch.targeting = jsonObject(p, 'targeting');
    else if (field === 'creative') {
      const spec = jsonObject(p, 'creative')!;
      patch.creative = { id: sameAccount(ctx, node.acct!, String(spec.creative_id ?? ''), 'adcreative', 'creative_id').id };
    } else if (field === 'bid_strategy') patch.bid_strategy = oneOf(p, field, BID_STRATEGIES);
    else if (field === 'bid_amount') patch.bid_amount = Number(str(p, field));
    else patch[field] = str(p, field);
  }
  checkAdSetUpdate(ctx, node, patch);
  if (validateOnly(p)) return { success: true };
  ctx.state.store.update(node, patch, adObjectLists(node));
  touch(node);
  return { success: true };
}

/** `DELETE /{id}`: the object stays readable with status DELETED. */
export function deleteAdObject(ctx: Ctx, node: GNode): unknown {
  ctx.state.store.update(node, { status: 'DELETED' }, adObjectLists(node));
  touch(node);
  return { success: true };
}

export function withTimes(data: Record<string, unknown>): Record<string, unknown> {
  const now = fbTime(Date.now());
  return { ...data, created_time: now, updated_time: now };
}
