import { ACCOUNTS, PAGES } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from './fixtures';

const ID = '120210000000000001';
const PAGE = PAGES.alice[0];
const NOBODY = '424242424242';

type Case = { op: string; method: 'GET' | 'POST' | 'PATCH'; path: (acct: string) => string; body?: (acct: string) => Record<string, unknown> };

const get = (op: string, path: string, extra = ''): Case => ({ op, method: 'GET', path: (a) => `${path}?adAccountId=${a}${extra}` });
const post = (op: string, path: string, body: Record<string, unknown>): Case => ({ op, method: 'POST', path: () => path, body: (a) => ({ adAccountId: a, ...body }) });
const patch = (op: string, path: string, body: Record<string, unknown>): Case => ({ ...post(op, path, body), method: 'PATCH' });

/** One valid request per operation of the surface; only the account differs. */
const CASES: Case[] = [
  get('facebookImportAdAccount', '/api/v1/facebook/import-ad-account'),
  get('facebookListPages', '/api/v1/facebook/pages'),
  get('facebookListAdAccounts', '/api/v1/facebook/ad-accounts'),
  { op: 'facebookGetAdAccount', method: 'GET', path: (a) => `/api/v1/facebook/ad-accounts/${a}` },
  get('facebookListBusinesses', '/api/v1/facebook/businesses'),
  get('facebookGetBusiness', '/api/v1/facebook/businesses/300000000000001'),
  get('facebookListBusinessAdAccounts', '/api/v1/facebook/businesses/300000000000001/ad-accounts'),
  get('facebookListBusinessCatalogs', '/api/v1/facebook/businesses/300000000000001/catalogs'),
  post('facebookCreateCampaign', '/api/v1/facebook/campaigns', { objective: 'OUTCOME_LEADS', name: 'x', special_ad_categories: [], is_adset_budget_sharing_enabled: true }),
  ...['Lead', 'Awareness', 'Traffic', 'Engagement', 'Sales'].map((o) =>
    post(`facebookCreate${o}Campaign`, `/api/v1/facebook/campaigns/${o.toLowerCase()}`, { name: 'x', special_ad_categories: [], is_adset_budget_sharing_enabled: true }),
  ),
  get('facebookListCampaigns', '/api/v1/facebook/campaigns'),
  get('facebookGetCampaign', `/api/v1/facebook/campaigns/${ID}`),
  get('facebookListCampaignAds', `/api/v1/facebook/campaigns/${ID}/ads`),
  post('facebookUpdateCampaignStatus', `/api/v1/facebook/campaigns/${ID}/status`, { status: 'PAUSED' }),
  get('facebookListAdSets', '/api/v1/facebook/adsets'),
  get('facebookGetAdSet', `/api/v1/facebook/adsets/${ID}`),
  get('facebookListAdSetAds', `/api/v1/facebook/adsets/${ID}/ads`),
  post('facebookUpdateAdSetStatus', `/api/v1/facebook/adsets/${ID}/status`, { status: 'PAUSED' }),
  get('facebookListAds', '/api/v1/facebook/ads'),
  get('facebookGetAd', `/api/v1/facebook/ads/${ID}`),
  post('facebookUpdateAdStatus', `/api/v1/facebook/ads/${ID}/status`, { status: 'PAUSED' }),
  post('facebookCreateAd', '/api/v1/facebook/ads', { name: 'x', adset_id: ID, creative: { creative_id: ID } }),
  post('facebookCloneAd', `/api/v1/facebook/ads/${ID}/clone`, {}),
  get('facebookListCreatives', '/api/v1/facebook/creatives'),
  get('facebookGetCreative', `/api/v1/facebook/creatives/${ID}`),
  post('facebookPreviewCreative', '/api/v1/facebook/creatives/preview', { ad_format: 'MOBILE_FEED_STANDARD', creative_id: ID }),
  get('facebookListSavedAudiences', '/api/v1/facebook/audiences/saved'),
  get('facebookListCustomAudiences', '/api/v1/facebook/audiences/custom'),
  post('facebookCreateLookalikeAudience', '/api/v1/facebook/audiences/lookalike', { name: 'x', origin_audience_id: ID, lookalike_spec: { ratio: 0.01, country: 'US' } }),
  post('facebookEstimateAudience', '/api/v1/facebook/audiences/estimate', { targeting_spec: { geo_locations: { countries: ['US'] } } }),
  post('facebookTargetingSearch', '/api/v1/facebook/targeting/search', { q: 'a' }),
  post('facebookCreatePixel', '/api/v1/facebook/pixels', { name: 'x' }),
  get('facebookListPixels', '/api/v1/facebook/pixels'),
  get('facebookGetPixel', `/api/v1/facebook/pixels/${ID}`),
  get('facebookGetPixelStats', `/api/v1/facebook/pixels/${ID}/stats`),
  get('facebookGetDatasetQuality', `/api/v1/facebook/pixels/${ID}/dataset-quality`),
  post('facebookCreateCustomConversion', '/api/v1/facebook/custom-conversions', { name: 'x', event_source_id: ID, custom_event_type: 'LEAD', rule: { url: { eq: 'a' } } }),
  get('facebookListCustomConversions', '/api/v1/facebook/custom-conversions'),
  get('facebookGetCustomConversion', `/api/v1/facebook/custom-conversions/${ID}`),
  get('facebookListLeadForms', '/api/v1/facebook/lead-form', `&pageId=${PAGE}`),
  post('facebookCreateLeadForm', '/api/v1/facebook/lead-form', { pageId: PAGE, name: 'x', questions: [{ type: 'EMAIL' }], privacy_policy: { url: 'https://example.test/p' } }),
  get('facebookInsights', '/api/v1/facebook/insights'),
  post('facebookCreateAdSet', '/api/v1/facebook/adsets', { name: 'x', campaign_id: ID, optimization_goal: 'REACH', billing_event: 'IMPRESSIONS', daily_budget: 100, targeting: { geo_locations: { countries: ['US'] } } }),
  patch('facebookUpdateCampaign', `/api/v1/facebook/campaigns/${ID}`, { name: 'x' }),
  patch('facebookUpdateAdSet', `/api/v1/facebook/adsets/${ID}`, { name: 'x' }),
  patch('facebookUpdateAd', `/api/v1/facebook/ads/${ID}`, { name: 'x' }),
  get('facebookListLeads', `/api/v1/facebook/lead-form/${ID}/leads`),
  post('facebookExportLeads', `/api/v1/facebook/lead-form/${ID}/leads/export`, {}),
  post('facebookUploadAdImage', '/api/v1/facebook/adimages', { bytes: 'iVBORw0KGgo=' }),
  post('facebookCreateAdCreative', '/api/v1/facebook/adcreatives', { name: 'x', type: 'LINK', page_id: PAGE, image_hash: '0123456789abcdef0123456789abcdef', link: 'https://example.test' }),
  get('connectionsFacebookInsights', '/api/v1/connections/facebook/insights'),
];

describe('every Meta route checks ownership before any platform call', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
    const bob = await w.userFor('bob-ext');
    await w.connect('facebook', { adAccountId: ACCOUNTS.bob[0]!, as: bob, simUser: 'bob' });
  });

  const send = (c: Case, acct: string) => w.call(c.method, c.path(acct), { body: c.body?.(acct) });

  it('the table covers every operation of the catalog', async () => {
    const r = await w.call('GET', '/api/v1/facebook/operations');
    expect(CASES.map((c) => c.op).sort()).toEqual(r.body.data.operations.map((o: { operation: string }) => o.operation).sort());
  });

  it.each(CASES.map((c) => [c.op, c] as const))('%s: another user\'s account → 403 AD_ACCOUNT_NOT_OWNED', async (_op, c) => {
    const r = await send(c, ACCOUNTS.bob[0]);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it.each(CASES.map((c) => [c.op, c] as const))('%s: an unknown account → 404 AD_ACCOUNT_NOT_FOUND', async (_op, c) => {
    const r = await send(c, `act_${NOBODY}`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_FOUND');
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('the same holds through operations/execute', async () => {
    const r = await w.call('POST', '/api/v1/facebook/operations/execute', { body: { operation: 'facebookListCampaigns', params: { adAccountId: ACCOUNTS.bob[0] } } });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    expect(await w.sim.calls()).toHaveLength(0);
  });
});
