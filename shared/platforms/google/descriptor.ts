import { consentScopes } from '../core/scopes';
import type { PlatformDescriptor } from '../core/types';
import { googleConfig } from './config';
import { GOOGLE_ADS_SCOPE, GOOGLE_SCOPE_MODEL } from './scopes';

export { GOOGLE_ADS_SCOPE };

export interface GoogleDescriptor extends PlatformDescriptor {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
}

/** From Google's config slice (or any config object: `googleConfig` reads it). */
export function googleDescriptor(config: object): GoogleDescriptor {
  const c = googleConfig(config);
  const token = c.GOOGLE_TOKEN_URL.replace(/\/+$/, '');
  return {
    platform: 'google',
    apiBase: `${c.GOOGLE_ADS_URL.replace(/\/+$/, '')}/${c.GOOGLE_ADS_API_VERSION}/`,
    apiVersion: c.GOOGLE_ADS_API_VERSION,
    authorizeUrl: `${c.GOOGLE_OAUTH_URL.replace(/\/+$/, '')}/o/oauth2/v2/auth`,
    tokenUrl: `${token}/token`,
    revokeUrl: `${token}/revoke`,
    scopes: consentScopes(GOOGLE_SCOPE_MODEL),
    quotaOwnerHeader: 'developer-token',
    // Google sends no usage headers; its signal is quotaError with a retry delay (docs/platforms/google.md §7, §9).
    limitHeaders: [],
    accountRps: c.GOOGLE_ACCOUNT_RPS,
    appRps: c.GOOGLE_APP_RPS,
  };
}
