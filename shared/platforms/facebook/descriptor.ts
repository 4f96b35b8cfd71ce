import type { Config } from '../../infra/config';
import { consentScopes } from '../core/scopes';
import type { PlatformDescriptor } from '../core/types';
import { FACEBOOK_SCOPE_MODEL } from './scopes';

/** What the login dialog asks for by default: every scope some operation needs (see scopes.ts). */
export const FACEBOOK_SCOPES = consentScopes(FACEBOOK_SCOPE_MODEL);

/** Headers that carry Meta's usage signals (docs/platforms/facebook.md §6). */
export const USAGE_HEADERS = ['x-app-usage', 'x-ad-account-usage', 'x-business-use-case-usage'];

export function facebookDescriptor(config: Config): PlatformDescriptor & { dialogBase: string; graphRoot: string } {
  const graphRoot = config.FACEBOOK_GRAPH_URL.replace(/\/+$/, '');
  return {
    platform: 'facebook',
    displayName: 'Meta',
    graphRoot,
    apiBase: `${graphRoot}/${config.FACEBOOK_API_VERSION}`,
    apiVersion: config.FACEBOOK_API_VERSION,
    dialogBase: `${config.FACEBOOK_DIALOG_URL.replace(/\/+$/, '')}/${config.FACEBOOK_API_VERSION}/dialog/oauth`,
    scopes: FACEBOOK_SCOPES,
    scopeModel: FACEBOOK_SCOPE_MODEL,
    limitHeaders: USAGE_HEADERS,
    appSecretProof: true,
    accountRps: config.FACEBOOK_ACCOUNT_RPS,
    appRps: config.FACEBOOK_APP_RPS,
  };
}
