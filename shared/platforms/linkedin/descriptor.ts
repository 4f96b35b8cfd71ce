import { consentScopes } from '../core/scopes';
import type { PlatformDescriptor } from '../core/types';
import { linkedinConfig } from './config';
import { LINKEDIN_SCOPE_MODEL } from './scopes';

export const LINKEDIN_PLATFORM = 'linkedin';

/** What the consent dialog asks for by default: every scope some operation needs. */
export const LINKEDIN_SCOPES = consentScopes(LINKEDIN_SCOPE_MODEL);

export interface LinkedinDescriptor extends PlatformDescriptor {
  authorizeUrl: string;
  tokenUrl: string;
  introspectUrl: string;
  revokeUrl: string;
}

export function linkedinDescriptor(config: object): LinkedinDescriptor {
  const c = linkedinConfig(config);
  const oauth = `${c.LINKEDIN_OAUTH_URL.replace(/\/+$/, '')}/oauth/v2`;
  return {
    platform: LINKEDIN_PLATFORM,
    apiBase: `${c.LINKEDIN_API_URL.replace(/\/+$/, '')}/rest/`,
    apiVersion: c.LINKEDIN_API_VERSION,
    authorizeUrl: `${oauth}/authorization`,
    tokenUrl: `${oauth}/accessToken`,
    introspectUrl: `${oauth}/introspectToken`,
    revokeUrl: `${oauth}/revoke`,
    scopes: LINKEDIN_SCOPES,
    // LinkedIn documents no rate-limit headers; its signal is a 429 (docs/platforms/linkedin.md).
    limitHeaders: [],
    accountRps: c.LINKEDIN_ACCOUNT_RPS,
    appRps: c.LINKEDIN_APP_RPS,
  };
}
