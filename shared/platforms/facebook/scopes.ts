import type { ScopeModel } from '../core/scopes';

const PERMISSIONS = 'https://developers.facebook.com/docs/permissions';

/**
 * Operations that read with POST because their input is a JSON document (no write on Meta's side):
 * they need read scopes only, and the operations catalog lists them as reads.
 */
export const META_POST_READS: ReadonlySet<string> = new Set(['facebookPreviewCreative', 'facebookEstimateAudience', 'facebookTargetingSearch', 'teamFacebookTargetingSearch']);

const BY_OPERATION: Record<string, string> = {
  facebookListLeadForms: 'lead_forms',
  facebookCreateLeadForm: 'lead_forms',
  facebookListLeads: 'lead_forms',
  facebookExportLeads: 'lead_forms',
  facebookListBusinesses: 'businesses',
  facebookGetBusiness: 'businesses',
  facebookListBusinessAdAccounts: 'businesses',
  facebookListBusinessCatalogs: 'businesses',
  facebookListPages: 'pages',
  facebookGetDatasetQuality: 'dataset_quality',
};

/**
 * Meta permissions per feature (Permissions Reference, https://developers.facebook.com/docs/permissions):
 * ads_read reads ads and Ads Insights, ads_management reads and manages them; business_management
 * reads Business Manager assets; pages_show_list lists the Pages a person manages. Lead forms follow
 * the lead ads guide (https://developers.facebook.com/docs/marketing-api/guides/lead-ads/): ads_management,
 * leads_retrieval, pages_show_list, pages_read_engagement and pages_manage_ads, with a Page token.
 * read_insights is for Page/app/domain insights, which no operation here reads.
 */
export const FACEBOOK_SCOPE_MODEL: ScopeModel = {
  features: {
    ads_read: { summary: 'Read ad accounts, campaigns, ad sets, ads, creatives, audiences, pixels and insights', needs: [['ads_read', 'ads_management']], source: PERMISSIONS },
    ads_write: { summary: 'Create and change campaigns, ads, audiences, pixels and conversions', needs: [['ads_management']], source: PERMISSIONS },
    businesses: { summary: 'Businesses, their ad accounts and catalogs', needs: [['business_management']], source: PERMISSIONS },
    pages: { summary: 'Pages the ad account can promote', needs: [['ads_read', 'ads_management'], ['pages_show_list']], source: PERMISSIONS },
    lead_forms: {
      summary: 'List and create lead forms (Page token)',
      needs: [['ads_management'], ['leads_retrieval'], ['pages_show_list'], ['pages_read_engagement'], ['pages_manage_ads']],
      source: 'https://developers.facebook.com/docs/marketing-api/guides/lead-ads/',
    },
    dataset_quality: {
      summary: 'Dataset quality of a pixel',
      needs: [['ads_read'], ['ads_management', 'business_management']],
      source: 'https://developers.facebook.com/docs/marketing-api/conversions-api/dataset-quality-api/',
    },
  },
  featureOf(operationId, method) {
    const known = BY_OPERATION[operationId];
    if (known) return known;
    if (operationId === 'facebookExecuteOperation' || operationId === 'facebookListOperations') return undefined;
    return method.toUpperCase() === 'GET' || META_POST_READS.has(operationId) ? 'ads_read' : 'ads_write';
  },
};
