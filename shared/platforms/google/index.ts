import { PlatformHttpClient } from '../core/http-client';
import type { AdapterDeps } from '../core/registry';
import type { PlatformAdapter } from '../core/types';
import { googleProxyRules } from './proxy-rules';
import { definePlatformModule } from '../core/module';
import { googleVersions } from './versions';
import { redirectUriField } from '../core/app-credentials';
import { z } from '../../infra/zod-openapi';
import { googleDescriptor } from './descriptor';
import { googleHeaders, googleWire } from './client';
import { googleErrors } from './errors';
import { googleOAuth } from './oauth';
import { googleOperations } from './account-operations';
import { googleImportSource } from './operations/import-source';
import { googleWriteOperations } from './operations/write-operations';
import { GOOGLE_SCOPE_MODEL } from './scopes';
import { googleConfig, googleConfigSchema } from './config';
import { googleWriteSafety } from './write-safety';
import { googleReportSource } from './report/report-source';

export { googleConfig, googleConfigSchema, type GoogleConfig } from './config';

export function createGoogleAdapter(deps: AdapterDeps): PlatformAdapter {
  const descriptor = googleDescriptor(deps.platformConfig ?? deps.config);
  const errors = googleErrors;
  const fanOutConnections = googleConfig(deps.platformConfig ?? deps.config).GOOGLE_FANOUT_CONNECTIONS;
  const client = new PlatformHttpClient(descriptor, errors, googleWire(descriptor.apiBase), { ...deps.http, fanOutConnections });
  return {
    platform: 'google',
    descriptor,
    client,
    errors,
    oauth: googleOAuth(client, descriptor),
    operations: googleOperations(client),
    // An account without a manager is reached directly: no login-customer-id, not the app's default.
    callHeaders: (app, account) => googleHeaders(app, account.loginCustomerId ?? null),
  };
}

const GOOGLE_IMPORT_ACCOUNT_ID = z
  .string()
  .min(1)
  .max(40)
  .openapi({ description: 'Google Ads customer id: `1234567890` or `123-456-7890`', example: '1234567890' });

/** The Google platform: adapter, config slice, app credentials, scopes, writes and import (listed once in shared/platforms/index.ts). */
export const googleModule = definePlatformModule({
  name: 'google',
  label: 'Google',
  tag: 'Google',
  tagText: { Google: 'Google Ads API: GAQL, insights, assets and accessible accounts.' },
  displayName: 'Google Ads',
  config: googleConfigSchema,
  versions: googleVersions,
  createAdapter: createGoogleAdapter,
  appCredentials: {
    label: 'Google Ads API',
    clientIdField: 'clientId',
    clientSecretField: 'clientSecret',
    fields: [
      { name: 'clientId', label: 'OAuth client ID', secret: false, required: true },
      { name: 'clientSecret', label: 'OAuth client secret', secret: true, required: true },
      // Developer tokens were sunset on 2026-09-09 (header optional, ignored); kept for accounts that still send one.
      { name: 'developerToken', label: 'Developer token (optional since the 2026-09 sunset)', secret: true, required: false, extra: true },
      {
        name: 'loginCustomerId',
        label: 'Manager (login) customer ID',
        secret: false,
        required: false,
        pattern: { re: /^\d{3}-?\d{3}-?\d{4}$/, message: 'must be a 10-digit customer id' },
        // The login-customer-id header takes the bare 10 digits.
        extra: (id) => id.replace(/-/g, ''),
      },
      redirectUriField,
    ],
  },
  scopeModel: GOOGLE_SCOPE_MODEL,
  proxyRules: googleProxyRules,
  writeSafety: googleWriteSafety,
  writeOperations: googleWriteOperations,
  importSource: googleImportSource,
  reportSource: googleReportSource,
  importRequest: { accountId: GOOGLE_IMPORT_ACCOUNT_ID, levels: 'campaigns, ad groups, ads, keywords and assets' },
});
