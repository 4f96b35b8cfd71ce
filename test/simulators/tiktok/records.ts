/**
 * Builds wire records (docs/platforms/tiktok.md §3, §7) from compact entities. Fields nobody wrote get deterministic
 * defaults from hash01(seed, id); fields written by create/update (entity.data) win.
 */
import { formatTime } from './wire';
import { hash01 } from '../common/hash';
import type { TiktokState, SmartAd } from './state';
import type { Entity } from './store';

export type Kind = 'campaign' | 'adgroup' | 'ad' | 'spCampaign' | 'spAdgroup' | 'spAd';
type Rec = Record<string, unknown>;

const OBJECTIVES = ['WEB_CONVERSIONS', 'TRAFFIC', 'REACH', 'VIDEO_VIEWS', 'APP_PROMOTION', 'LEAD_GENERATION', 'ENGAGEMENT', 'PRODUCT_SALES'];
const BUDGET_MODES = ['BUDGET_MODE_DAY', 'BUDGET_MODE_TOTAL', 'BUDGET_MODE_INFINITE'];

function pick<T>(state: TiktokState, id: string, salt: string, arr: readonly T[]): T {
  return arr[Math.floor(hash01(state.seed, id + salt) * arr.length)]!;
}

function money(state: TiktokState, id: string, salt: string, min: number, max: number): number {
  return Math.round((min + hash01(state.seed, id + salt) * (max - min)) * 100) / 100;
}

export function operationStatus(e: Entity): 'ENABLE' | 'DISABLE' {
  // Deleted objects keep reporting DISABLE as their operation status (ASSUMED).
  return e.status === 'ENABLE' ? 'ENABLE' : 'DISABLE';
}

export function campaignSecondary(e: Entity): string {
  if (e.status === 'DELETE') return 'CAMPAIGN_STATUS_DELETE';
  return e.status === 'DISABLE' ? 'CAMPAIGN_STATUS_DISABLE' : 'CAMPAIGN_STATUS_ENABLE';
}

export function adgroupSecondary(e: Entity, campaign: Entity | undefined): string {
  if (e.status === 'DELETE') return 'ADGROUP_STATUS_DELETE';
  if (e.status === 'DISABLE') return 'ADGROUP_STATUS_DISABLE';
  if (campaign && campaign.status !== 'ENABLE') return 'ADGROUP_STATUS_CAMPAIGN_DISABLE';
  return 'ADGROUP_STATUS_DELIVERY_OK';
}

export function adSecondary(e: Entity, adgroup: Entity | undefined, campaign: Entity | undefined): string {
  if (e.status === 'DELETE') return 'AD_STATUS_DELETE';
  if (e.status === 'DISABLE') return 'AD_STATUS_DISABLE';
  if ((adgroup && adgroup.status !== 'ENABLE') || (campaign && campaign.status !== 'ENABLE')) return 'AD_STATUS_ADGROUP_DISABLE';
  return 'AD_STATUS_DELIVERY_OK';
}

function campaignRecord(s: TiktokState, e: Entity, smart: boolean): Rec {
  const objective = pick(s, e.id, 'obj', smart ? ['WEB_CONVERSIONS', 'APP_PROMOTION', 'LEAD_GENERATION'] : OBJECTIVES);
  const budgetMode = smart ? 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET' : pick(s, e.id, 'bm', BUDGET_MODES);
  const rec: Rec = {
    advertiser_id: e.advertiserId,
    campaign_id: e.id,
    campaign_name: e.name,
    create_time: formatTime(e.createdAt),
    modify_time: formatTime(e.modifiedAt),
    objective_type: objective,
    objective: objective === 'APP_PROMOTION' ? 'APP' : 'LANDING_PAGE',
    campaign_type: 'REGULAR_CAMPAIGN',
    campaign_automation_type: smart ? 'UPGRADED_SMART_PLUS' : 'MANUAL',
    is_smart_performance_campaign: false,
    is_search_campaign: false,
    is_new_structure: true,
    budget: budgetMode === 'BUDGET_MODE_INFINITE' ? 0 : money(s, e.id, 'b', 50, 1000),
    budget_mode: budgetMode,
    budget_optimize_on: smart,
    operation_status: operationStatus(e),
    secondary_status: campaignSecondary(e),
    bid_type: null,
    deep_bid_type: null,
    roas_bid: 0,
    optimization_goal: null,
    app_id: null,
    app_promotion_type: objective === 'APP_PROMOTION' ? 'APP_INSTALL' : null,
    sales_destination: null,
    campaign_product_source: null,
    catalog_enabled: false,
    special_industries: [],
    rf_campaign_type: 'STANDARD',
    po_number: null,
    postback_window_mode: null,
    disable_skan_campaign: null,
    rta_id: null,
  };
  if (smart) rec.smart_plus_adgroup_mode = 'SINGLE';
  return rec;
}

function adgroupRecord(s: TiktokState, e: Entity): Rec {
  const camp = e.parentId ? s.campaigns.byId.get(e.parentId) : undefined;
  const goal = pick(s, e.id, 'og', ['CLICK', 'CONVERT', 'REACH', 'SHOW']);
  return {
    advertiser_id: e.advertiserId,
    campaign_id: e.parentId ?? null,
    campaign_name: camp?.name ?? null,
    adgroup_id: e.id,
    adgroup_name: e.name,
    create_time: formatTime(e.createdAt),
    modify_time: formatTime(e.modifiedAt),
    promotion_type: 'WEBSITE',
    operation_status: operationStatus(e),
    secondary_status: adgroupSecondary(e, camp),
    placement_type: 'PLACEMENT_TYPE_NORMAL',
    placements: ['PLACEMENT_TIKTOK'],
    location_ids: [pick(s, e.id, 'loc', ['6252001', '2635167', '2921044', '1861060'])],
    languages: [],
    gender: 'GENDER_UNLIMITED',
    age_groups: ['AGE_18_24', 'AGE_25_34'],
    audience_ids: [],
    excluded_audience_ids: [],
    interest_category_ids: [],
    interest_keyword_ids: [],
    actions: [],
    operating_systems: [],
    budget_mode: 'BUDGET_MODE_DAY',
    budget: money(s, e.id, 'b', 20, 500),
    schedule_type: 'SCHEDULE_FROM_NOW',
    schedule_start_time: formatTime(e.createdAt),
    schedule_end_time: null,
    dayparting: null,
    optimization_goal: goal,
    billing_event: goal === 'CLICK' ? 'CPC' : 'OCPM',
    bid_type: 'BID_TYPE_NO_BID',
    bid_price: 0,
    conversion_bid_price: 0,
    deep_bid_type: null,
    pacing: 'PACING_MODE_SMOOTH',
    pixel_id: null,
    optimization_event: goal === 'CONVERT' ? 'COMPLETE_PAYMENT' : null,
    app_id: null,
    identity_id: null,
    identity_type: null,
    comment_disabled: false,
    video_download_disabled: false,
    share_disabled: false,
    creative_material_mode: 'CUSTOM',
    click_attribution_window: 'SEVEN_DAYS',
    view_attribution_window: 'ONE_DAY',
    is_hfss: false,
    is_new_structure: true,
    skip_learning_phase: false,
  };
}

/** The fields every ad record starts with, regular or Smart+: its parents, times and statuses. */
function adHead(e: Entity, idField: 'ad_id' | 'smart_plus_ad_id', ag: Entity | undefined, camp: Entity | undefined): Rec {
  return {
    advertiser_id: e.advertiserId,
    campaign_id: camp?.id ?? null,
    campaign_name: camp?.name ?? null,
    adgroup_id: e.parentId ?? null,
    adgroup_name: ag?.name ?? null,
    [idField]: e.id,
    ad_name: e.name,
    create_time: formatTime(e.createdAt),
    modify_time: formatTime(e.modifiedAt),
    operation_status: operationStatus(e),
    secondary_status: adSecondary(e, ag, camp),
  };
}

function adRecord(s: TiktokState, e: Entity): Rec {
  const ag = e.parentId ? s.adgroups.byId.get(e.parentId) : undefined;
  const camp = ag?.parentId ? s.campaigns.byId.get(ag.parentId) : undefined;
  return {
    ...adHead(e, 'ad_id', ag, camp),
    identity_type: 'CUSTOMIZED_USER',
    identity_id: `7${e.advertiserId.slice(-6)}000001`,
    identity_authorized_bc_id: null,
    ad_format: 'SINGLE_VIDEO',
    video_id: `v10033g50000${e.id.slice(-10)}`,
    image_ids: [],
    music_id: null,
    tiktok_item_id: null,
    ad_text: `Great deals ${e.ix % 100}`,
    ad_texts: null,
    call_to_action: pick(s, e.id, 'cta', ['SHOP_NOW', 'LEARN_MORE', 'SIGN_UP']),
    call_to_action_id: null,
    card_id: null,
    landing_page_url: `https://shop.example.com/p/${e.id.slice(-6)}`,
    display_name: 'Sim Store',
    app_name: null,
    deeplink: null,
    deeplink_type: 'NORMAL',
    utm_params: [],
    tracking_pixel_id: null,
    impression_tracking_url: null,
    click_tracking_url: null,
    is_aco: false,
    is_new_structure: true,
    creative_authorized: false,
    dark_post_status: 'OFF',
    optimization_event: null,
  };
}

function spAdgroupRecord(s: TiktokState, e: Entity): Rec {
  const camp = e.parentId ? s.spCampaigns.byId.get(e.parentId) : undefined;
  return {
    advertiser_id: e.advertiserId,
    campaign_id: e.parentId ?? null,
    campaign_name: camp?.name ?? null,
    adgroup_id: e.id,
    adgroup_name: e.name,
    create_time: formatTime(e.createdAt),
    modify_time: formatTime(e.modifiedAt),
    operation_status: operationStatus(e),
    secondary_status: adgroupSecondary(e, camp),
    promotion_type: 'WEBSITE',
    billing_event: 'OCPM',
    optimization_goal: 'CONVERT',
    optimization_event: 'COMPLETE_PAYMENT',
    pixel_id: null,
    budget_mode: 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET',
    budget: 0,
    schedule_type: 'SCHEDULE_FROM_NOW',
    schedule_start_time: formatTime(e.createdAt),
    schedule_end_time: null,
    targeting_spec: { location_ids: ['6252001'], age_groups: ['AGE_18_24', 'AGE_25_34'], gender: 'GENDER_UNLIMITED', languages: [] },
  };
}

function spAdRecord(s: TiktokState, e: SmartAd): Rec {
  const ag = e.parentId ? s.spAdgroups.byId.get(e.parentId) : undefined;
  const camp = ag?.parentId ? s.spCampaigns.byId.get(ag.parentId) : undefined;
  return {
    ...adHead(e, 'smart_plus_ad_id', ag, camp),
    creative_list: e.materials.map((m) => ({
      ad_material_id: m.id,
      material_operation_status: m.status,
      creative_info: m.info ?? { ad_format: 'SINGLE_VIDEO', identity_type: 'CUSTOMIZED_USER', identity_id: `7${e.advertiserId.slice(-6)}000001`, video_info: { video_id: `v10033g50000${m.id.slice(-10)}` }, image_info: null, tiktok_item_id: null },
    })),
    ad_text_list: [{ ad_text: `Smart deals ${e.ix % 100}` }],
    call_to_action_list: [{ call_to_action: 'SHOP_NOW' }],
    landing_page_url_list: [{ landing_page_url: `https://shop.example.com/sp/${e.id.slice(-6)}` }],
    ad_configuration: null,
  };
}

/** The wire record of an entity: generated defaults, then whatever writes stored. */
export function render(s: TiktokState, kind: Kind, e: Entity): Rec {
  let rec: Rec;
  switch (kind) {
    case 'campaign': rec = campaignRecord(s, e, false); break;
    case 'spCampaign': rec = campaignRecord(s, e, true); break;
    case 'adgroup': rec = adgroupRecord(s, e); break;
    case 'spAdgroup': rec = spAdgroupRecord(s, e); break;
    case 'ad': rec = adRecord(s, e); break;
    case 'spAd': rec = spAdRecord(s, e as SmartAd); break;
  }
  if (e.data) for (const [k, v] of Object.entries(e.data)) if (k in rec) rec[k] = v;
  return rec;
}

const fieldCache = new Map<Kind, Set<string>>();
/** Field names a kind's records carry: what `fields` may name. */
export function knownFields(s: TiktokState, kind: Kind): Set<string> {
  let set = fieldCache.get(kind);
  if (!set) {
    const dummy: SmartAd = { id: '0', advertiserId: '0', name: '', status: 'ENABLE', createdAt: 0, modifiedAt: 0, ix: 0, materials: [], appealStatus: '' };
    set = new Set(Object.keys(render(s, kind, dummy)));
    fieldCache.set(kind, set);
  }
  return set;
}
