/**
 * One valid request per write operation of every platform module, keyed by the operation's name,
 * for the table-driven safe-write tests. The bodies are the ones the platform route tests send;
 * the ids are seeded simulator objects of the accounts `connectAll` activates.
 */
import { ACCOUNTS, PAGES } from '../../simulators/facebook';
import { listKey } from '../../simulators/facebook/model/store';
import type { World } from '../../world';
import { G } from '../google/fixtures';
import { ALICE_US as TT, adGroupPart, campaignPart, creative, uniq } from '../tiktok/fixtures';

export const FB = ACCOUNTS.alice[0];
export const FB_BOB = ACCOUNTS.bob[0];
export const LI = '508000001';
export const LI_BOB = '508000011';
export { TT, G };
const PAGE = PAGES.alice[0];
/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export type Platform = 'facebook' | 'tiktok' | 'google' | 'linkedin';

export interface WriteRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  /** The query of a GET (which names its account there); a POST or PATCH names it in the body. */
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** The request's URL, with `dryRun=true` when asked. */
export function urlOf(r: WriteRequest, dryRun = false): string {
  const q = new URLSearchParams({ ...r.query, ...(dryRun ? { dryRun: 'true' } : {}) }).toString();
  return q ? `${r.path}?${q}` : r.path;
}

/** The same request naming another ad account (undefined: none). */
export function withAccount(r: WriteRequest, adAccountId: string | undefined): WriteRequest {
  const swap = <T extends Record<string, unknown>>(o: T) => {
    const { adAccountId: _old, ...rest } = o;
    return adAccountId === undefined ? rest : { ...rest, adAccountId };
  };
  return r.method === 'GET' ? { ...r, query: swap(r.query ?? {}) as Record<string, string> } : { ...r, body: swap(r.body ?? {}) };
}

/** Seeded objects the requests name, read from the simulators once the accounts are connected. */
export interface SeedIds {
  fb: { imageHash: string; campaignNoBudget: string; campaignWithBudget: string; adset: string; ad: string; creative: string; audience: string; pixel: string; form: string };
  tt: { campaign: string; adgroup: string; ad: string; spCampaign: string; spAdgroup: string; spAd: string; material: string; materialAd: string };
  google: { campaign: string };
  li: { group: string; campaign: string };
}

export interface Entry {
  platform: Platform;
  request: (ids: SeedIds) => WriteRequest;
  /** Every request it would send has a validate-only mode the platform checks (Meta, Google). */
  platformValidated: boolean;
}

/** An operation the table deliberately leaves out, and why. */
export interface Exclusion {
  excluded: string;
}

const post = (path: string, body: Record<string, unknown>): WriteRequest => ({ method: 'POST', path, body });
const patch = (path: string, body: Record<string, unknown>): WriteRequest => ({ method: 'PATCH', path, body });
const fb = (request: Entry['request'], platformValidated = true): Entry => ({ platform: 'facebook', request, platformValidated });
const tt = (request: Entry['request']): Entry => ({ platform: 'tiktok', request, platformValidated: false });
const li = (request: Entry['request']): Entry => ({ platform: 'linkedin', request, platformValidated: false });
const fbBody = (extra: Record<string, unknown>) => ({ adAccountId: FB, ...extra });
const smartCreative = [{ creativeInfo: { adFormat: 'SINGLE_VIDEO', identityType: 'CUSTOMIZED_USER', identityId: '7000001', videoInfo: { videoId: 'v9' } } }];

export const WRITE_REQUESTS: Record<string, Entry | Exclusion> = {
  'facebook.create-campaign': fb(() => post('/api/v1/facebook/campaigns/traffic', fbBody({ name: uniq('Dry campaign'), special_ad_categories: [], daily_budget: 2500 }))),
  'facebook.update-status': fb((ids) => post(`/api/v1/facebook/campaigns/${ids.fb.campaignNoBudget}/status`, fbBody({ status: 'PAUSED' }))),
  'facebook.create-ad': fb((ids) => post('/api/v1/facebook/ads', fbBody({ name: uniq('Dry ad'), adset_id: ids.fb.adset, creative: { creative_id: ids.fb.creative } }))),
  // Meta's ad copies (`/{ad}/copies`) have no validate-only mode.
  'facebook.clone-ad': fb((ids) => post(`/api/v1/facebook/ads/${ids.fb.ad}/clone`, fbBody({ rename_suffix: ' (dry)' })), false),
  'facebook.create-lookalike': fb((ids) =>
    post('/api/v1/facebook/audiences/lookalike', fbBody({ name: uniq('Dry lookalike'), origin_audience_id: ids.fb.audience, lookalike_spec: { ratio: 0.01, country: 'US' } })),
  ),
  'facebook.create-pixel': fb(() => post('/api/v1/facebook/pixels', fbBody({ name: uniq('Dry pixel') }))),
  'facebook.create-custom-conversion': fb((ids) =>
    post('/api/v1/facebook/custom-conversions', fbBody({ name: uniq('Dry conversion'), event_source_id: ids.fb.pixel, custom_event_type: 'LEAD', rule: { url: { eq: 'a' } } })),
  ),
  // A Page's lead forms have no validate-only mode.
  'facebook.create-lead-form': fb(
    () => post('/api/v1/facebook/lead-form', fbBody({ pageId: PAGE, name: uniq('Dry form'), questions: [{ type: 'EMAIL' }], privacy_policy: { url: 'https://example.test/p' } })),
    false,
  ),
  // A read that runs as a report job when asked (`async=true`) or too big: Meta's report runs have no validate-only mode.
  'facebook.insights-report': fb(() => ({ method: 'GET', path: '/api/v1/facebook/insights', query: { adAccountId: FB, level: 'campaign', datePreset: 'last_30d', async: 'true' } }), false),
  'facebook.create-adset': fb((ids) =>
    post(
      '/api/v1/facebook/adsets',
      fbBody({ name: uniq('Dry set'), campaign_id: ids.fb.campaignNoBudget, optimization_goal: 'LINK_CLICKS', billing_event: 'IMPRESSIONS', daily_budget: 1500, targeting: { geo_locations: { countries: ['US'] } } }),
    ),
  ),
  'facebook.update-object': fb((ids) => patch(`/api/v1/facebook/campaigns/${ids.fb.campaignWithBudget}`, fbBody({ name: uniq('Dry rename') }))),
  // A leads export only reads: nothing to validate, so the platform validates nothing.
  'facebook.export-leads': fb((ids) => post(`/api/v1/facebook/lead-form/${ids.fb.form}/leads/export`, fbBody({})), false),
  // Ad images (`act_X/adimages`) have no validate-only mode.
  'facebook.upload-image': fb(() => post('/api/v1/facebook/adimages', fbBody({ bytes: PNG })), false),
  'facebook.create-creative': fb((ids) => post('/api/v1/facebook/adcreatives', fbBody({ name: uniq('Dry creative'), type: 'LINK', page_id: PAGE, image_hash: ids.fb.imageHash, link: 'https://example.test' }))),

  'tiktok.assets.create': tt(() => post('/api/v1/tiktok/assets', { adAccountId: TT, campaign: campaignPart(), adGroup: adGroupPart(), ad: { creatives: [creative()] } })),
  'tiktok.assets.status': tt((ids) => post('/api/v1/tiktok/assets/status', { adAccountId: TT, level: 'campaign', ids: [ids.tt.campaign], status: 'DISABLE' })),
  'tiktok.assets.update': tt((ids) => patch(`/api/v1/tiktok/assets/campaign/${ids.tt.campaign}`, { adAccountId: TT, campaignName: uniq('Dry rename') })),
  'tiktok.smart.campaign.create': tt(() =>
    post('/api/v1/tiktok/smart/campaigns', { adAccountId: TT, campaignName: uniq('Dry SP'), objectiveType: 'WEB_CONVERSIONS', budget: 120, budgetMode: 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET' }),
  ),
  'tiktok.smart.campaign.update': tt((ids) => patch(`/api/v1/tiktok/smart/campaigns/${ids.tt.spCampaign}`, { adAccountId: TT, campaignName: uniq('Dry SP rename') })),
  'tiktok.smart.campaign.status': tt((ids) => post('/api/v1/tiktok/smart/campaigns/status', { adAccountId: TT, ids: [ids.tt.spCampaign], status: 'DISABLE' })),
  'tiktok.smart.adgroup.create': tt((ids) =>
    post('/api/v1/tiktok/smart/adgroups', {
      adAccountId: TT, campaignId: ids.tt.spCampaign, adgroupName: uniq('Dry SP group'), promotionType: 'WEBSITE', billingEvent: 'OCPM', optimizationGoal: 'CONVERT',
      scheduleType: 'SCHEDULE_FROM_NOW', scheduleStartTime: '2026-12-01 00:00:00', targetingSpec: { locationIds: ['6252001'] },
    }),
  ),
  'tiktok.smart.adgroup.update': tt((ids) => patch(`/api/v1/tiktok/smart/adgroups/${ids.tt.spAdgroup}`, { adAccountId: TT, adgroupName: uniq('Dry SP group rename') })),
  'tiktok.smart.adgroup.status': tt((ids) => post('/api/v1/tiktok/smart/adgroups/status', { adAccountId: TT, ids: [ids.tt.spAdgroup], status: 'DISABLE' })),
  'tiktok.smart.ad.create': tt((ids) =>
    post('/api/v1/tiktok/smart/ads', {
      adAccountId: TT, adgroupId: ids.tt.spAdgroup, adName: uniq('Dry SP ad'), creativeList: smartCreative,
      adTextList: [{ adText: 'Buy now' }], landingPageUrlList: [{ landingPageUrl: 'https://shop.example.com/' }],
    }),
  ),
  'tiktok.smart.ad.update': tt((ids) => patch(`/api/v1/tiktok/smart/ads/${ids.tt.spAd}`, { adAccountId: TT, adName: uniq('Dry SP ad rename') })),
  'tiktok.smart.ad.status': tt((ids) => post('/api/v1/tiktok/smart/ads/status', { adAccountId: TT, ids: [ids.tt.spAd], status: 'DISABLE' })),
  'tiktok.smart.ad.material-status': tt((ids) =>
    post('/api/v1/tiktok/smart/ads/material-status', { adAccountId: TT, smartPlusAdId: ids.tt.materialAd, adMaterialIds: [ids.tt.material], status: 'DISABLE' }),
  ),
  'tiktok.smart.ad.appeal': tt((ids) => post(`/api/v1/tiktok/smart/ads/${ids.tt.materialAd}/appeal`, { adAccountId: TT, appealReason: 'The claim is accurate.' })),

  'google.campaign.status': { platform: 'google', platformValidated: true, request: (ids) => post(`/api/v1/google/campaigns/${ids.google.campaign}/status`, { adAccountId: G.aliceUs, status: 'PAUSED' }) },
  'google.campaign.budget': { platform: 'google', platformValidated: true, request: (ids) => patch(`/api/v1/google/campaigns/${ids.google.campaign}/budget`, { adAccountId: G.aliceUs, amount: '42.50' }) },

  'linkedin.campaign-group.create': li(() =>
    post('/api/v1/linkedin/campaign-groups', { adAccountId: LI, name: uniq('Dry group'), runSchedule: { start: 1798761600000 }, totalBudget: { amount: '500.00', currencyCode: 'USD' } }),
  ),
  'linkedin.campaign-group.status': li((ids) => post(`/api/v1/linkedin/campaign-groups/${ids.li.group}/status`, { adAccountId: LI, status: 'PAUSED' })),
  'linkedin.campaign.create': li((ids) =>
    post('/api/v1/linkedin/campaigns', {
      adAccountId: LI, campaignGroupId: Number(ids.li.group), name: uniq('Dry LI campaign'), type: 'SPONSORED_UPDATES', costType: 'CPC',
      unitCost: { amount: '4.50', currencyCode: 'USD' }, runSchedule: { start: 1798761600000 }, locale: { country: 'US', language: 'en' },
      targetingCriteria: { include: { and: [{ or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } }] } },
    }),
  ),
  'linkedin.campaign.status': li((ids) => post(`/api/v1/linkedin/campaigns/${ids.li.campaign}/status`, { adAccountId: LI, status: 'PAUSED' })),
  'linkedin.campaign-group.budget': li((ids) => patch(`/api/v1/linkedin/campaign-groups/${ids.li.group}/budget`, { adAccountId: LI, totalBudget: { amount: '600.00', currencyCode: 'USD' } })),
  'linkedin.campaign.budget': li((ids) => patch(`/api/v1/linkedin/campaigns/${ids.li.campaign}/budget`, { adAccountId: LI, dailyBudget: { amount: '40.00', currencyCode: 'USD' } })),
};

export const isExclusion = (e: Entry | Exclusion): e is Exclusion => 'excluded' in e;

/** Alice's account on every platform (Google through one consent), and bob's, each bob's own; with alice's platform tokens. */
export async function connectAll(w: World) {
  const tokens: string[] = [];
  const kept = (a: { platformToken: string }) => void tokens.push(a.platformToken);
  kept(await w.connect('facebook', { adAccountId: `act_${FB}` }));
  kept(await w.connect('tiktok', { adAccountId: TT, via: 'token' }));
  const google = await w.consent('google');
  kept(google);
  await w.connect('google', { adAccountId: G.aliceUs, through: google });
  await w.connect('google', { adAccountId: G.aliceJp, through: google });
  kept(await w.connect('linkedin', { adAccountId: LI }));
  const bob = await w.userFor('bob-ext');
  await w.connect('facebook', { adAccountId: FB_BOB, as: bob, simUser: 'bob' });
  await w.connect('linkedin', { adAccountId: LI_BOB, as: bob, simUser: 'bob' });
  // Creatives name an image of the account: one real upload before the tests.
  const image = await w.call('POST', '/api/v1/facebook/adimages', { body: { adAccountId: FB, bytes: PNG } });
  expect(image.status).toBe(200);
  return { bob, platformTokens: tokens, imageHash: image.body.data.hash as string };
}

const first = <T>(items: Iterable<T>, ok: (t: T) => boolean, what: string): T => {
  for (const t of items) if (ok(t)) return t;
  throw new Error(`no seeded ${what}`);
};

/** The seeded objects of alice's accounts the requests name. */
export function seedIds(w: World, imageHash: string): SeedIds {
  const store = w.sims.facebook!.raw.state.store;
  const fbNode = (type: string, ok: (d: Record<string, unknown>) => boolean = () => true) =>
    first(store.nodes.values(), (n) => n.type === type && n.acct === FB && ok(n.data), `Meta ${type}`).id;
  const budget = (d: Record<string, unknown>) => Number(d.daily_budget ?? 0) > 0;
  const ts = w.sims.tiktok!.raw.state;
  const ttOf = (s: { byId: Map<string, { id: string; advertiserId: string; status: string }> }, what: string) =>
    first(s.byId.values(), (e) => e.advertiserId === TT && e.status !== 'DELETE', `TikTok ${what}`).id;
  const [material, materialAd] = first(ts.materials.entries(), ([, ad]) => ad.advertiserId === TT, 'TikTok material');
  const ls = w.sims.linkedin!.raw.state;
  return {
    fb: {
      imageHash,
      campaignNoBudget: fbNode('campaign', (d) => !budget(d) && !Number(d.lifetime_budget ?? 0)),
      campaignWithBudget: fbNode('campaign', budget),
      adset: fbNode('adset'),
      ad: fbNode('ad'),
      creative: fbNode('adcreative'),
      audience: fbNode('customaudience', (d) => d.subtype === 'CUSTOM'),
      pixel: fbNode('adspixel'),
      form: store.list(listKey.node(PAGE, 'leadgen_forms')).items[0]!.id,
    },
    tt: {
      campaign: ttOf(ts.campaigns, 'campaign'),
      adgroup: ttOf(ts.adgroups, 'ad group'),
      ad: ttOf(ts.ads, 'ad'),
      spCampaign: ttOf(ts.spCampaigns, 'Smart+ campaign'),
      spAdgroup: ttOf(ts.spAdgroups, 'Smart+ ad group'),
      spAd: ttOf(ts.spAds, 'Smart+ ad'),
      material,
      materialAd: materialAd.id,
    },
    google: { campaign: first(w.sims.google!.raw.state.account(G.aliceUs).campaigns, (c) => c.status !== 'REMOVED', 'Google campaign').id },
    li: {
      group: String(first(ls.groups.list(Number(LI)), (g) => g.status !== 'ARCHIVED', 'LinkedIn group').id),
      campaign: String(first(ls.campaigns.list(Number(LI)), (c) => c.status !== 'ARCHIVED', 'LinkedIn campaign').id),
    },
  };
}
