import { PlatformHttpClient } from '../core/http-client';
import type { AdapterDeps } from '../core/registry';
import type { PlatformAdapter } from '../core/types';
import { facebookProxyRules } from './proxy-rules';
import { definePlatformModule } from '../core/module';
import { facebookVersions } from './versions';
import { redirectUriField } from '../core/app-credentials';
import { AdAccountId } from './dto/common.dto';
import { facebookDescriptor } from './descriptor';
import { facebookWire } from './client';
import { facebookErrors } from './errors';
import { facebookOAuth } from './oauth';
import { facebookOperations } from './account-operations';
import { facebookImportSource } from './operations/import-source';
import { facebookWriteOperations } from './operations/write-operations';
import { facebookObjectWriteOperations } from './operations/object-writes';
import { facebookLeadsWriteOperations } from './operations/leads-export';
import { facebookCreativeWriteOperations } from './operations/creative-writes';
import { FACEBOOK_SCOPE_MODEL } from './scopes';
import { facebookConfig, facebookConfigSchema } from './config';
import { facebookWriteSafety } from './write-safety';
import { facebookReportSource } from './report/report-source';

export { facebookConfig, facebookConfigSchema, type FacebookConfig } from './config';

const DAY_MS = 24 * 3600_000;

export function createFacebookAdapter(deps: AdapterDeps): PlatformAdapter {
  const settings = facebookConfig(deps.platformConfig ?? deps.config);
  const descriptor = facebookDescriptor(settings);
  const errors = facebookErrors;
  const client = new PlatformHttpClient(descriptor, errors, facebookWire(descriptor.apiBase), deps.http);
  return {
    platform: 'facebook',
    descriptor,
    client,
    errors,
    oauth: facebookOAuth(client, descriptor, settings.FACEBOOK_TOKEN_EXTEND_DAYS * DAY_MS),
    operations: facebookOperations(client),
  };
}

/** The Facebook platform: adapter, config slice, app credentials, scopes, writes and import (listed once in shared/platforms/index.ts). */
export const facebookModule = definePlatformModule({
  name: 'facebook',
  label: 'Facebook',
  tag: 'Facebook',
  tagText: { Facebook: 'Meta Marketing API (Graph): ad accounts, campaigns, ad sets, ads, creatives, audiences, pixels, insights.' },
  displayName: 'Meta',
  config: facebookConfigSchema,
  versions: facebookVersions,
  createAdapter: createFacebookAdapter,
  appCredentials: {
    label: 'Meta (Facebook) Marketing API',
    clientIdField: 'appId',
    clientSecretField: 'appSecret',
    fields: [
      { name: 'appId', label: 'App ID', secret: false, required: true, pattern: { re: /^\d{5,20}$/, message: 'must be the numeric app id' } },
      { name: 'appSecret', label: 'App secret', secret: true, required: true },
      redirectUriField,
    ],
  },
  scopeModel: FACEBOOK_SCOPE_MODEL,
  proxyRules: facebookProxyRules,
  writeSafety: facebookWriteSafety,
  writeOperations: [...facebookWriteOperations, ...facebookObjectWriteOperations, ...facebookLeadsWriteOperations, ...facebookCreativeWriteOperations],
  importSource: facebookImportSource,
  reportSource: facebookReportSource,
  importRequest: { accountId: AdAccountId, levels: 'campaigns, ad sets, ads, creatives, custom audiences, pixels and custom conversions' },
});
