import type { Config } from '../../infra/config';
import { consentScopes } from '../core/scopes';
import type { PlatformDescriptor } from '../core/types';
import { GOOGLE_ADS_SCOPE, GOOGLE_SCOPE_MODEL } from './scopes';

export { GOOGLE_ADS_SCOPE };

export interface GoogleDescriptor extends PlatformDescriptor {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
}

export function googleDescriptor(config: Config): GoogleDescriptor {
  const token = config.GOOGLE_TOKEN_URL.replace(/\/+$/, '');
  return {
    platform: 'google',
    displayName: 'Google Ads',
    apiBase: `${config.GOOGLE_ADS_URL.replace(/\/+$/, '')}/${config.GOOGLE_ADS_API_VERSION}/`,
    apiVersion: config.GOOGLE_ADS_API_VERSION,
    authorizeUrl: `${config.GOOGLE_OAUTH_URL.replace(/\/+$/, '')}/o/oauth2/v2/auth`,
    tokenUrl: `${token}/token`,
    revokeUrl: `${token}/revoke`,
    scopes: consentScopes(GOOGLE_SCOPE_MODEL),
    scopeModel: GOOGLE_SCOPE_MODEL,
    quotaOwnerHeader: 'developer-token',
    // Google sends no usage headers; its signal is quotaError with a retry delay (docs/platforms/google.md §7, §9).
    limitHeaders: [],
    accountRps: config.GOOGLE_ACCOUNT_RPS,
    appRps: config.GOOGLE_APP_RPS,
  };
}
