import type { ScopeModel } from '../core/scopes';

const ROLES = 'https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-account-users';
const REPORTING = 'https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/ads-reporting';

/** Reporting operations, and reads sent as POST; everything else follows the HTTP method (GET reads, the rest writes). */
const REPORTING_OPS = new Set(['readLinkedinAnalytics']);
/** The generic `POST /api/v1/linkedin/import-ad-account` only reads the account. */
const POST_READS = new Set(['startLinkedinImport']);

/**
 * LinkedIn scopes per feature: `r_ads` (or `rw_ads`) reads ad accounts, campaign groups, campaigns
 * and creatives; `rw_ads` creates and changes them (the member also needs a campaign role, which
 * LinkedIn checks); `r_ads_reporting` reads `/rest/adAnalytics`.
 */
export const LINKEDIN_SCOPE_MODEL: ScopeModel = {
  features: {
    ads_read: { summary: 'Read ad accounts, campaign groups, campaigns and creatives; import an account', needs: [['r_ads', 'rw_ads']], source: ROLES },
    ads_write: { summary: 'Create campaign groups and campaigns and change their status', needs: [['rw_ads']], source: ROLES },
    reporting: { summary: 'Ads reporting (adAnalytics)', needs: [['r_ads_reporting']], source: REPORTING },
  },
  featureOf(operationId, method) {
    if (REPORTING_OPS.has(operationId)) return 'reporting';
    return method.toUpperCase() === 'GET' || POST_READS.has(operationId) ? 'ads_read' : 'ads_write';
  },
};
