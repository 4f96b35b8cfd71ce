import { consentScopes } from '../core/scopes';
import type { PlatformDescriptor } from '../core/types';
import { facebookConfig } from './config';
import { FACEBOOK_SCOPE_MODEL } from './scopes';

/** What the login dialog asks for by default: every scope some operation needs (see scopes.ts). */
export const FACEBOOK_SCOPES = consentScopes(FACEBOOK_SCOPE_MODEL);

/** Headers that carry Meta's usage signals (docs/platforms/facebook.md §6). */
export const USAGE_HEADERS = ['x-app-usage', 'x-ad-account-usage', 'x-business-use-case-usage'];

/** From Meta's config slice (or any config object: `facebookConfig` reads it). */
export function facebookDescriptor(config: object): PlatformDescriptor & { dialogBase: string; graphRoot: string } {
  const c = facebookConfig(config);
  const graphRoot = c.FACEBOOK_GRAPH_URL.replace(/\/+$/, '');
  return {
    platform: 'facebook',
    graphRoot,
    apiBase: `${graphRoot}/${c.FACEBOOK_API_VERSION}`,
    apiVersion: c.FACEBOOK_API_VERSION,
    dialogBase: `${c.FACEBOOK_DIALOG_URL.replace(/\/+$/, '')}/${c.FACEBOOK_API_VERSION}/dialog/oauth`,
    scopes: FACEBOOK_SCOPES,
    limitHeaders: USAGE_HEADERS,
    appSecretProof: true,
    accountRps: c.FACEBOOK_ACCOUNT_RPS,
    appRps: c.FACEBOOK_APP_RPS,
  };
}
