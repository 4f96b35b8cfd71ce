/**
 * Upgraded Smart+ writes (docs/platforms/tiktok.md §7): campaign / ad group / ad create, update and status/update.
 */
import type express from 'express';
import { op, type Ctx, type SimDeps } from '../ctx';
import { render, type Kind } from '../records';
import type { Entity, EntityStore, OperationStatus } from '../store';
import { applyStatus, checkName, copyFields, idempotent, mustBeLive, mustGet, newEntity, statusArgs } from '../writes';
import { checkTime, paramError, TtError } from '../wire';
import { budget } from './write.routes';

const SP_OBJECTIVES = ['APP_PROMOTION', 'WEB_CONVERSIONS', 'LEAD_GENERATION'] as const;
const CBO_MODES = ['BUDGET_MODE_DYNAMIC_DAILY_BUDGET', 'BUDGET_MODE_TOTAL'] as const;
const NO_CBO_MODES = ['BUDGET_MODE_INFINITE', 'BUDGET_MODE_DAY', 'BUDGET_MODE_TOTAL'] as const;

export function smartPlusRoutes(r: express.Router, deps: SimDeps): void {
  const s = deps.state;

  r.post('/smart_plus/campaign/create/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    ctx.p.str('request_id', true);
    const name = checkName('campaign_name', ctx.p.str('campaign_name', true));
    const objective = ctx.p.enumOf('objective_type', SP_OBJECTIVES, true);
    if (objective === 'APP_PROMOTION') ctx.p.str('app_promotion_type', true);
    const cbo = ctx.p.bool('budget_optimize_on') ?? true;
    const mode = ctx.p.enumOf('budget_mode', cbo ? CBO_MODES : NO_CBO_MODES) ?? (cbo ? 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET' : 'BUDGET_MODE_INFINITE');
    const b = budget(ctx, mode, false);
    const status = ctx.p.enumOf('operation_status', ['ENABLE', 'DISABLE'] as const);
    const [id] = idempotent(ctx, 'smart_plus/campaign/create', adv.id, () => {
      const e = newEntity(ctx, 'spCampaign', adv.id, name);
      copyFields(ctx, 'spCampaign', ctx.req.body as Record<string, unknown>, e);
      e.data = { ...e.data, objective_type: objective, objective: objective === 'APP_PROMOTION' ? 'APP' : 'LANDING_PAGE', budget_optimize_on: cbo, budget_mode: mode, budget: b ?? 0 };
      s.spCampaigns.add(e);
      if (status === 'DISABLE') s.spCampaigns.setStatus(e, 'DISABLE', e.modifiedAt);
      return [e.id];
    });
    return render(s, 'spCampaign', s.spCampaigns.byId.get(id!)!);
  }));

  r.post('/smart_plus/campaign/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const e = mustGet(s.spCampaigns, 'spCampaign', adv.id, ctx.p.str('campaign_id', true));
    mustBeLive(e, 'spCampaign');
    const name = ctx.p.str('campaign_name');
    if (name !== undefined) e.name = checkName('campaign_name', name);
    const b = budget(ctx, undefined, false);
    if (b !== undefined) (e.data ??= {}).budget = b;
    if (ctx.p.has('po_number')) (e.data ??= {}).po_number = ctx.p.str('po_number');
    e.modifiedAt = Date.now();
    return render(s, 'spCampaign', e);
  }));

  r.post('/smart_plus/campaign/status/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const { ok, errors, status } = batchStatus(ctx, adv.id, 'campaign_ids', s.spCampaigns, 'spCampaign', [s.spAdgroups, s.spAds as unknown as EntityStore]);
    return { campaign_list: ok.map((id) => ({ campaign_id: id, status })), error_list: errors.map((x) => ({ campaign_id: x.id, error_message: x.message })) };
  }));

  r.post('/smart_plus/adgroup/create/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    // Required by SmartPlusAdgroupCreateBody.js (a constructor argument), as on the Smart+ campaign create.
    ctx.p.str('request_id', true);
    const camp = mustGet(s.spCampaigns, 'spCampaign', adv.id, ctx.p.str('campaign_id', true));
    const name = checkName('adgroup_name', ctx.p.str('adgroup_name', true));
    for (const k of ['billing_event', 'optimization_goal', 'promotion_type']) ctx.p.str(k, true);
    const schedule = ctx.p.enumOf('schedule_type', ['SCHEDULE_FROM_NOW', 'SCHEDULE_START_END'] as const, true);
    checkTime('schedule_start_time', ctx.p.str('schedule_start_time', true));
    if (schedule === 'SCHEDULE_START_END') checkTime('schedule_end_time', ctx.p.str('schedule_end_time', true));
    const spec = ctx.p.obj('targeting_spec');
    if (!spec) throw paramError('targeting_spec: Missing data for required field.');
    if (!Array.isArray(spec.location_ids) || spec.location_ids.length === 0) throw paramError('targeting_spec.location_ids: Missing data for required field.');
    mustBeLive(camp, 'spCampaign');
    const [id] = idempotent(ctx, 'smart_plus/adgroup/create', adv.id, () => {
      const e = newEntity(ctx, 'spAdgroup', adv.id, name, camp.id);
      copyFields(ctx, 'spAdgroup', ctx.req.body as Record<string, unknown>, e);
      return [s.spAdgroups.add(e).id];
    });
    return render(s, 'spAdgroup', s.spAdgroups.byId.get(id!)!);
  }));

  r.post('/smart_plus/adgroup/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const e = mustGet(s.spAdgroups, 'spAdgroup', adv.id, ctx.p.str('adgroup_id', true));
    mustBeLive(e, 'spAdgroup');
    const name = ctx.p.str('adgroup_name');
    if (name !== undefined) e.name = checkName('adgroup_name', name);
    if (ctx.p.has('targeting_spec')) ctx.p.obj('targeting_spec');
    copyFields(ctx, 'spAdgroup', ctx.req.body as Record<string, unknown>, e, ['promotion_type']);
    e.modifiedAt = Date.now();
    return render(s, 'spAdgroup', e);
  }));

  r.post('/smart_plus/adgroup/status/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const { ok, errors, status } = batchStatus(ctx, adv.id, 'adgroup_ids', s.spAdgroups, 'spAdgroup', [s.spAds as unknown as EntityStore]);
    return { adgroup_list: ok.map((id) => ({ adgroup_id: id, status })), error_list: errors.map((x) => ({ adgroup_id: x.id, error_message: x.message })) };
  }));

  r.post('/smart_plus/ad/create/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const ag = mustGet(s.spAdgroups, 'spAdgroup', adv.id, ctx.p.str('adgroup_id', true));
    const name = checkName('ad_name', ctx.p.str('ad_name', true));
    const creatives = ctx.p.arr('creative_list', true)!;
    if (creatives.length < 1 || creatives.length > 31) throw paramError('creative_list: Length must be between 1 and 31.');
    creatives.forEach((c, i) => checkCreative(c, i));
    listMax(ctx, 'ad_text_list', 5);
    listMax(ctx, 'call_to_action_list', 3);
    listMax(ctx, 'landing_page_url_list', 1);
    mustBeLive(ag, 'spAdgroup');
    // No request_id in smart_plus/ad/create's schema (SmartPlusAdCreateBody.js): every call creates.
    const e = newEntity(ctx, 'spAd', adv.id, name, ag.id);
    copyFields(ctx, 'spAd', ctx.req.body as Record<string, unknown>, e, ['creative_list']);
    const ad = s.addSmartAd(e, creatives.length, creatives.map((c) => (c as Record<string, unknown>).creative_info));
    return render(s, 'spAd', ad);
  }));

  r.post('/smart_plus/ad/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const e = mustGet(s.spAds, 'spAd', adv.id, ctx.p.str('smart_plus_ad_id', true));
    mustBeLive(e, 'spAd');
    const name = ctx.p.str('ad_name');
    if (name !== undefined) e.name = checkName('ad_name', name);
    listMax(ctx, 'ad_text_list', 5);
    listMax(ctx, 'call_to_action_list', 3);
    listMax(ctx, 'landing_page_url_list', 1);
    copyFields(ctx, 'spAd', ctx.req.body as Record<string, unknown>, e, ['creative_list']);
    e.modifiedAt = Date.now();
    return render(s, 'spAd', e);
  }));

  r.post('/smart_plus/ad/status/update/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const { ids, status } = statusArgs(ctx, 'smart_plus_ad_ids');
    const list = ids.map((id) => mustGet(s.spAds, 'spAd', adv.id, id));
    list.forEach((e) => mustBeLive(e, 'spAd'));
    list.forEach((e) => applyStatus(s.spAds as unknown as EntityStore, e, status, []));
    return { smart_plus_ad_ids: ids, status };
  }));
}

/** Smart+ campaign/ad group status: failures go to error_list, the rest are applied. */
function batchStatus(ctx: Ctx, advId: string, key: string, store: EntityStore<Entity>, kind: Kind, cascade: Array<EntityStore<Entity>>): { ok: string[]; errors: Array<{ id: string; message: string }>; status: OperationStatus } {
  const { ids, status } = statusArgs(ctx, key);
  const ok: string[] = [];
  const errors: Array<{ id: string; message: string }> = [];
  for (const id of ids) {
    try {
      const e = mustGet(store, kind, advId, id);
      mustBeLive(e, kind);
      applyStatus(store, e, status, cascade);
      ok.push(id);
    } catch (err) {
      if (!(err instanceof TtError)) throw err;
      errors.push({ id, message: err.message });
    }
  }
  return { ok, errors, status };
}

function checkCreative(raw: unknown, i: number): void {
  const info = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).creative_info : undefined;
  if (!info || typeof info !== 'object') throw paramError(`creative_list[${i}].creative_info: Missing data for required field.`);
  const c = info as Record<string, unknown>;
  for (const k of ['ad_format', 'identity_type', 'identity_id']) {
    if (c[k] === undefined || c[k] === '') throw paramError(`creative_list[${i}].creative_info.${k}: Missing data for required field.`);
  }
  if (!c.video_info && !c.image_info && !c.tiktok_item_id) throw paramError(`creative_list[${i}].creative_info.video_info: Missing data for required field.`);
}

function listMax(ctx: Ctx, key: string, max: number): void {
  const a = ctx.p.arr(key);
  if (a && a.length > max) throw paramError(`${key}: Length must be between 1 and ${max}.`);
}
