import type { ScopeModel } from '../core/scopes';

export const GOOGLE_ADS_SCOPE = 'https://www.googleapis.com/auth/adwords';

/**
 * Google Ads API has one OAuth scope for every call
 * (https://developers.google.com/google-ads/api/docs/oauth/overview); a token without it is refused
 * with ACCESS_TOKEN_SCOPE_INSUFFICIENT.
 */
export const GOOGLE_SCOPE_MODEL: ScopeModel = {
  features: {
    ads: { summary: 'Every Google Ads API call (GAQL, reads, mutates, imports)', needs: [[GOOGLE_ADS_SCOPE]], source: 'https://developers.google.com/google-ads/api/docs/oauth/overview' },
  },
  featureOf: () => 'ads',
};
