/**
 * Regular campaign / ad group / ad writes (docs/platforms/tiktok.md §4): create, update, status/update. Writes are
 * stored, so later reads see them; creates honour `request_id`.
 */
import type express from 'express';
import { op, type Ctx, type SimDeps } from '../ctx';
import { render } from '../records';
import { applyStatus, checkName, copyFields, idempotent, mustBeLive, mustGet, newEntity, statusArgs } from '../writes';
import { checkTime, paramError, TtError } from '../wire';
import { checkBudgetUpdate } from '../budget-rules';

const OBJECTIVES = ['APP_PROMOTION', 'WEB_CONVERSIONS', 'TRAFFIC', 'REACH', 'VIDEO_VIEWS', 'ENGAGEMENT', 'LEAD_GENERATION', 'PRODUCT_SALES', 'RF_REACH', 'APP_INSTALL', 'CONVERSIONS', 'CATALOG_SALES', 'SHOP_PURCHASES'] as const;
const BUDGET_MODES = ['BUDGET_MODE_INFINITE', 'BUDGET_MODE_TOTAL', 'BUDGET_MODE_DAY', 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET'] as const;
const BILLING = ['CPC', 'CPM', 'CPV', 'OCPM', 'OCPC', 'GD'] as const;
const PACING = ['PACING_MODE_SMOOTH', 'PACING_MODE_FAST'] as const;
const SCHEDULE = ['SCHEDULE_FROM_NOW', 'SCHEDULE_START_END'] as const;
const BID_TYPES = ['BID_TYPE_NO_BID', 'BID_TYPE_CUSTOM', 'BID_TYPE_MAX_CONVERSION'] as const;
const PLACEMENT_TYPES = ['PLACEMENT_TYPE_AUTOMATIC', 'PLACEMENT_TYPE_NORMAL'] as const;
const AD_FORMATS = ['SINGLE_VIDEO', 'SINGLE_IMAGE', 'CAROUSEL_ADS', 'CATALOG_CAROUSEL', 'LIVE_CONTENT'];
const IDENTITY_TYPES = ['CUSTOMIZED_USER', 'AUTH_CODE', 'TT_USER', 'BC_AUTH_TT'];
const ENUM_TOKEN = /^[A-Z][A-Z0-9_]*$/;

export function budget(ctx: Ctx, mode: string | undefined, required: boolean): number | undefined {
  const b = ctx.p.num('budget', required && mode !== 'BUDGET_MODE_INFINITE');
  if (b !== undefined && b < 0) throw paramError('budget: Must be greater than or equal to 0.');
  return b;
}

export function writeRoutes(r: express.Router, deps: SimDeps): void {
  const s = deps.state;

  r.post('/campaign/create/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const name = checkName('campaign_name', ctx.p.str('campaign_name', true));
    const objective = ctx.p.enumOf('objective_type', OBJECTIVES, true);
    const mode = ctx.p.enumOf('budget_mode', BUDGET_MODES, true);
    const b = budget(ctx, mode, true);
    const status = ctx.p.enumOf('operation_status', ['ENABLE', 'DISABLE'] as const) ?? 'ENABLE';
    ctx.p.enumOf('campaign_type', ['REGULAR_CAMPAIGN', 'IOS14_CAMPAIGN'] as const);
    const [id] = idempotent(ctx, 'campaign/create', adv.id, () => {
      const e = newEntity(ctx, 'campaign', adv.id, name);
      copyFields(ctx, 'campaign', ctx.req.body as Record<string, unknown>, e);
      e.data = { ...e.data, objective_type: objective, objective: objective === 'APP_PROMOTION' || objective === 'APP_INSTALL' ? 'APP' : 'LANDING_PAGE', budget_mode: mode, budget: b ?? 0 };
      s.campaigns.add(e);
      if (status === 'DISABLE') s.campaigns.setStatus(e, 'DISABLE', e.modifiedAt);
      return [e.id];
    });
    return render(s, 'campaign', s.campaigns.byId.get(id!)!);
  }));

  r.post('/campaign/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const e = mustGet(s.campaigns, 'campaign', adv.id, ctx.p.str('campaign_id', true));
    mustBeLive(e, 'campaign');
    const name = ctx.p.str('campaign_name');
    const b = budget(ctx, undefined, false);
    if (b !== undefined) checkBudgetUpdate('campaign', render(s, 'campaign', e), b, adv.currency, {});
    if (name !== undefined) e.name = checkName('campaign_name', name);
    if (b !== undefined) (e.data ??= {}).budget = b;
    for (const k of ['special_industries', 'po_number']) if (ctx.p.has(k)) (e.data ??= {})[k] = ctx.p.raw(k);
    e.modifiedAt = Date.now();
    return render(s, 'campaign', e);
  }));

  r.post('/campaign/status/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const { ids, status } = statusArgs(ctx, 'campaign_ids');
    const list = ids.map((id) => mustGet(s.campaigns, 'campaign', adv.id, id));
    list.forEach((e) => mustBeLive(e, 'campaign'));
    list.forEach((e) => applyStatus(s.campaigns, e, status, [s.adgroups, s.ads]));
    return { campaign_ids: ids, status };
  }));

  r.post('/adgroup/create/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const camp = mustGet(s.campaigns, 'campaign', adv.id, ctx.p.str('campaign_id', true));
    const name = checkName('adgroup_name', ctx.p.str('adgroup_name', true));
    ctx.p.enumOf('billing_event', BILLING, true);
    const mode = ctx.p.enumOf('budget_mode', BUDGET_MODES, true);
    budget(ctx, mode, true);
    const goal = ctx.p.str('optimization_goal', true);
    if (!ENUM_TOKEN.test(goal)) throw paramError('optimization_goal: Not a valid choice.');
    ctx.p.enumOf('pacing', PACING, true);
    const schedule = ctx.p.enumOf('schedule_type', SCHEDULE, true);
    checkTime('schedule_start_time', ctx.p.str('schedule_start_time', true));
    if (schedule === 'SCHEDULE_START_END') checkTime('schedule_end_time', ctx.p.str('schedule_end_time', true));
    ctx.p.enumOf('bid_type', BID_TYPES);
    ctx.p.enumOf('placement_type', PLACEMENT_TYPES);
    const status = ctx.p.enumOf('operation_status', ['ENABLE', 'DISABLE'] as const);
    if (ctx.p.has('placements')) ctx.p.strArr('placements');
    if (ctx.p.has('location_ids')) ctx.p.strArr('location_ids');
    mustBeLive(camp, 'campaign');
    const [id] = idempotent(ctx, 'adgroup/create', adv.id, () => {
      const e = newEntity(ctx, 'adgroup', adv.id, name, camp.id);
      copyFields(ctx, 'adgroup', ctx.req.body as Record<string, unknown>, e);
      s.adgroups.add(e);
      if (status === 'DISABLE') s.adgroups.setStatus(e, 'DISABLE', e.modifiedAt);
      return [e.id];
    });
    return render(s, 'adgroup', s.adgroups.byId.get(id!)!);
  }));

  r.post('/adgroup/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const e = mustGet(s.adgroups, 'adgroup', adv.id, ctx.p.str('adgroup_id', true));
    mustBeLive(e, 'adgroup');
    if (ctx.p.has('placement_type') || ctx.p.has('placements')) throw paramError('placements: Placement cannot be changed after creation.');
    const name = ctx.p.str('adgroup_name');
    if (name !== undefined) e.name = checkName('adgroup_name', name);
    const b = ctx.p.has('budget') ? budget(ctx, undefined, false) : undefined;
    if (b !== undefined) {
      checkBudgetUpdate('adgroup', render(s, 'adgroup', e), b, adv.currency, { start: ctx.p.raw('schedule_start_time'), end: ctx.p.raw('schedule_end_time') });
    }
    if (ctx.p.has('schedule_end_time')) checkTime('schedule_end_time', ctx.p.str('schedule_end_time'));
    copyFields(ctx, 'adgroup', ctx.req.body as Record<string, unknown>, e, ['promotion_type', 'billing_event']);
    e.modifiedAt = Date.now();
    return render(s, 'adgroup', e);
  }));

  r.post('/adgroup/status/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const { ids, status } = statusArgs(ctx, 'adgroup_ids');
    const partial = ctx.p.bool('allow_partial_success') === true;
    const done: string[] = [];
    const errors: Array<{ adgroup_id: string; error_message: string }> = [];
    for (const id of ids) {
      try {
        const e = mustGet(s.adgroups, 'adgroup', adv.id, id);
        mustBeLive(e, 'adgroup');
        if (partial) applyStatus(s.adgroups, e, status, [s.ads]);
        done.push(id);
      } catch (err) {
        if (!partial || !(err instanceof TtError)) throw err;
        errors.push({ adgroup_id: id, error_message: err.message });
      }
    }
    if (!partial) for (const id of done) applyStatus(s.adgroups, s.adgroups.byId.get(id)!, status, [s.ads]);
    // Partial success answers code 0 with error_list (ASSUMED; 20001 is the generic partial code).
    return partial ? { adgroup_ids: done, status, error_list: errors } : { adgroup_ids: done, status };
  }));

  r.post('/ad/create/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const ag = mustGet(s.adgroups, 'adgroup', adv.id, ctx.p.str('adgroup_id', true));
    const creatives = creativeList(ctx, false);
    mustBeLive(ag, 'adgroup');
    // No request_id in ad/create's schema (AdCreateBody.js): every call creates.
    const ids = creatives.map((c) => {
      const e = newEntity(ctx, 'ad', adv.id, String(c.ad_name), ag.id);
      copyFields(ctx, 'ad', c, e);
      s.ads.add(e);
      return e.id;
    });
    return { ad_ids: ids, creatives: ids.map((id) => render(s, 'ad', s.ads.byId.get(id)!)) };
  }));

  r.post('/ad/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const ag = mustGet(s.adgroups, 'adgroup', adv.id, ctx.p.str('adgroup_id', true));
    const creatives = creativeList(ctx, ctx.p.bool('patch_update') === true);
    const ads = creatives.map((c, i) => {
      if (c.ad_id === undefined) throw paramError(`creatives[${i}].ad_id: Missing data for required field.`);
      const e = mustGet(s.ads, 'ad', adv.id, String(c.ad_id));
      if (e.parentId !== ag.id) throw new TtError(40007, `The ad ${e.id} does not exist.`);
      mustBeLive(e, 'ad');
      return e;
    });
    ads.forEach((e, i) => {
      const c = creatives[i]!;
      if (typeof c.ad_name === 'string') e.name = checkName('ad_name', c.ad_name);
      copyFields(ctx, 'ad', c, e);
      e.modifiedAt = Date.now();
    });
    return { ad_ids: ads.map((e) => e.id), creatives: ads.map((e) => render(s, 'ad', e)) };
  }));

  r.post('/ad/status/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const { ids, status } = statusArgs(ctx, 'ad_ids');
    const list = ids.map((id) => mustGet(s.ads, 'ad', adv.id, id));
    list.forEach((e) => mustBeLive(e, 'ad'));
    list.forEach((e) => applyStatus(s.ads, e, status, []));
    return { ad_ids: ids, status };
  }));
}

/** `creatives[≤20]`; full validation on create, only shapes on patch updates. */
function creativeList(ctx: Ctx, patch: boolean): Array<Record<string, unknown>> {
  const arr = ctx.p.arr('creatives', true)!;
  if (arr.length < 1 || arr.length > 20) throw paramError('creatives: Length must be between 1 and 20.');
  return arr.map((raw, i) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw paramError(`creatives[${i}]: Not a valid object.`);
    const c = raw as Record<string, unknown>;
    const need = (k: string) => {
      if (c[k] === undefined || c[k] === null || c[k] === '') throw paramError(`creatives[${i}].${k}: Missing data for required field.`);
    };
    const oneOf = (k: string, allowed: string[]) => {
      if (c[k] !== undefined && !allowed.includes(String(c[k]))) throw paramError(`creatives[${i}].${k}: Not a valid choice.`);
    };
    oneOf('ad_format', AD_FORMATS);
    oneOf('identity_type', IDENTITY_TYPES);
    if (patch || c.ad_id !== undefined) return c;
    ['ad_name', 'ad_format', 'identity_type', 'identity_id', 'ad_text'].forEach(need);
    if (c.ad_format === 'SINGLE_VIDEO' && !c.video_id && !c.tiktok_item_id) need('video_id');
    if ((c.ad_format === 'SINGLE_IMAGE' || c.ad_format === 'CAROUSEL_ADS') && !(Array.isArray(c.image_ids) && c.image_ids.length)) need('image_ids');
    checkName(`creatives[${i}].ad_name`, String(c.ad_name));
    return c;
  });
}
