import { PlatformHttpClient } from '../core/http-client';
import type { AdapterDeps } from '../core/registry';
import type { PlatformAdapter } from '../core/types';
import { tiktokProxyRules } from './proxy-rules';
import { definePlatformModule } from '../core/module';
import { tiktokVersions } from './versions';
import { redirectUriField } from '../core/app-credentials';
import { adAccountId } from './operations/common.dto';
import { tiktokDescriptor } from './descriptor';
import { tiktokWire } from './client';
import { tiktokErrors } from './errors';
import { tiktokOAuth } from './oauth';
import { tiktokOperations } from './account-operations';
import { tiktokImportSource } from './operations/import-source';
import { tiktokWriteOperations } from './operations/write-operations';
import { updateAssetOperation } from './operations/asset-update.operation';
import { tiktokConfigSchema } from './config';
import { tiktokReportSource } from './report/report-source';

export { tiktokConfig, tiktokConfigSchema, type TiktokConfig } from './config';

export function createTiktokAdapter(deps: AdapterDeps): PlatformAdapter {
  const descriptor = tiktokDescriptor(deps.platformConfig ?? deps.config);
  const errors = tiktokErrors;
  const client = new PlatformHttpClient(descriptor, errors, tiktokWire(descriptor.apiBase), deps.http);
  return {
    platform: 'tiktok',
    descriptor,
    client,
    errors,
    oauth: tiktokOAuth(client, descriptor),
    operations: tiktokOperations(client),
  };
}

/** The Tiktok platform: adapter, config slice, app credentials, writes and import (listed once in shared/platforms/index.ts). */
export const tiktokModule = definePlatformModule({
  name: 'tiktok',
  label: 'Tiktok',
  tag: 'TikTok',
  tagText: {
    TikTok: 'TikTok Business API: campaigns, ad groups, ads, pixels, reporting.',
    'TikTok Smart+': 'TikTok Smart+ (automated) campaigns, ad groups and ads, and their review.',
  },
  displayName: 'TikTok',
  config: tiktokConfigSchema,
  versions: tiktokVersions,
  createAdapter: createTiktokAdapter,
  appCredentials: {
    label: 'TikTok API for Business',
    clientIdField: 'appId',
    clientSecretField: 'secret',
    fields: [
      { name: 'appId', label: 'App ID', secret: false, required: true },
      { name: 'secret', label: 'App secret', secret: true, required: true },
      redirectUriField,
    ],
  },
  proxyRules: tiktokProxyRules,
  writeSafety: { budgetUnit: 'major' },
  writeOperations: [...tiktokWriteOperations, updateAssetOperation],
  importSource: tiktokImportSource,
  reportSource: tiktokReportSource,
  importRequest: { accountId: adAccountId, levels: 'campaigns, ad groups, ads and pixels' },
});
