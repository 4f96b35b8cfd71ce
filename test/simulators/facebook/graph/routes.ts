import type { GNode } from '../model/types';
import { route, type NodeRoutes } from './context';
import * as acc from '../handlers/accounts';
import * as img from '../handlers/adimages';
import * as labels from '../handlers/adlabels';
import * as ads from '../handlers/ad-objects';
import * as aud from '../handlers/audiences';
import * as cp from '../handlers/copies';
import * as ins from '../handlers/insights';
import * as lead from '../handlers/leadgen';
import * as pix from '../handlers/pixels';
import * as prev from '../handlers/previews';
import * as search from '../handlers/search';
import { readNode } from '../handlers/common';

const write = (h: Parameters<typeof route>[0]) => route(h, 'ads_write');
const insightsEdge = { get: route(ins.syncInsights, 'ads_read', 'ads_insights'), post: route(ins.startReportRun, 'ads_read', 'ads_insights') };
const adObject = { get: route(ads.getAdObject), post: write(ads.updateAdObject), delete: write(ads.deleteAdObject) };

/** Which operations exist on which node type (docs/platforms/facebook.md §3). */
export const ROUTES: Partial<Record<GNode['type'], NodeRoutes>> = {
  user: {
    get: route(acc.getMe, 'none'),
    edges: {
      adaccounts: { get: route(acc.listAdAccounts) },
      accounts: { get: route(acc.listPages, 'none', 'pages') },
      businesses: { get: route(acc.listBusinesses, 'business') },
      permissions: { get: route(acc.listPermissions, 'none'), delete: route(acc.revokePermissions, 'none') },
    },
  },
  adaccount: {
    get: route(acc.getAccount),
    edges: {
      campaigns: { get: route(ads.listAdObjects('campaigns')), post: write(ads.createCampaign) },
      adsets: { get: route(ads.listAdObjects('adsets')), post: write(ads.createAdSet) },
      ads: { get: route(ads.listAdObjects('ads')), post: write(ads.createAd) },
      adcreatives: { get: route(ads.listAdObjects('adcreatives')), post: write(ads.createCreative) },
      adimages: { get: route(img.listAdImages), post: write(img.createAdImage) },
      promote_pages: { get: route(acc.listPromotePages) },
      adlabels: { get: route(labels.listAdLabels), post: write(labels.createAdLabel) },
      saved_audiences: { get: route(aud.listSavedAudiences, 'ads_read', 'custom_audience') },
      customaudiences: {
        get: route(aud.listCustomAudiences, 'ads_read', 'custom_audience'),
        post: route(aud.createCustomAudience, 'ads_write', 'custom_audience'),
      },
      reachestimate: { get: route(aud.reachEstimate) },
      delivery_estimate: { get: route(aud.deliveryEstimate) },
      targetingsearch: { get: route(search.targetingSearch) },
      adspixels: { get: route(pix.listPixels), post: write(pix.createPixel) },
      customconversions: { get: route(pix.listCustomConversions), post: write(pix.createCustomConversion) },
      generatepreviews: { get: route(prev.generatePreviews) },
      insights: insightsEdge,
    },
  },
  campaign: {
    ...adObject,
    edges: {
      adsets: { get: route(ads.listAdObjects('adsets')) },
      ads: { get: route(ads.listAdObjects('ads')) },
      copies: { post: write(cp.copyCampaign) },
      insights: insightsEdge,
    },
  },
  adset: {
    ...adObject,
    edges: {
      ads: { get: route(ads.listAdObjects('ads')) },
      copies: { post: write(cp.copyAdSetRoute) },
      delivery_estimate: { get: route(aud.deliveryEstimate) },
      insights: insightsEdge,
    },
  },
  ad: {
    ...adObject,
    edges: {
      copies: { post: write(cp.copyAd) },
      previews: { get: route(prev.nodePreviews) },
      insights: insightsEdge,
    },
  },
  adcreative: { ...adObject, edges: { previews: { get: route(prev.nodePreviews) } } },
  customaudience: {
    get: route(aud.getAudience, 'ads_read', 'custom_audience'),
    post: route(aud.updateCustomAudience, 'ads_write', 'custom_audience'),
    delete: route(aud.deleteCustomAudience, 'ads_write', 'custom_audience'),
  },
  savedaudience: { get: route(aud.getAudience, 'ads_read', 'custom_audience') },
  adspixel: { get: route(pix.getPixelLike), post: write(aud.updateNamed), edges: { stats: { get: route(pix.pixelStats) } } },
  customconversion: { get: route(pix.getPixelLike), post: write(aud.updateNamed) },
  page: {
    get: route(acc.getPage, 'none', 'pages'),
    edges: {
      leadgen_forms: { get: route(lead.listLeadForms, 'page_token', 'leadgen'), post: route(lead.createLeadForm, 'page_token', 'leadgen') },
    },
  },
  leadgenform: {
    get: route(lead.getLeadForm, 'page_token', 'leadgen'),
    post: route(lead.updateLeadForm, 'page_token', 'leadgen'),
    edges: { leads: { get: route(lead.listLeads, 'page_token', 'leadgen') } },
  },
  lead: { get: route((ctx, n) => readNode(ctx, n), 'page_token', 'leadgen') },
  business: {
    get: route(acc.getBusiness, 'business'),
    edges: {
      owned_ad_accounts: { get: route(acc.listOwnedAdAccounts, 'business') },
      owned_product_catalogs: { get: route(acc.listCatalogs, 'business'), post: route(acc.createCatalog, 'business') },
    },
  },
  productcatalog: { get: route((ctx, n) => readNode(ctx, n), 'business') },
  reportrun: {
    get: route(ins.getReportRun, 'ads_read', 'ads_insights'),
    edges: { insights: { get: route(ins.reportRunInsights, 'ads_read', 'ads_insights') } },
  },
};

export const TOKEN_ROOTS = {
  search: route(search.globalSearch),
  dataset_quality: { ...route(pix.datasetQuality, 'none'), node: pix.datasetNode },
};

