import { PlatformHttpClient } from '../core/http-client';
import type { AdapterDeps } from '../core/registry';
import type { PlatformAdapter } from '../core/types';
import { definePlatformModule } from '../core/module';
import { adAccountId } from './operations/common.dto';
import { tiktokDescriptor } from './descriptor';
import { tiktokWire } from './client';
import { tiktokErrors } from './errors';
import { tiktokOAuth } from './oauth';
import { tiktokOperations } from './account-operations';
import { tiktokImportSource } from './operations/import-source';
import { tiktokWriteOperations } from './operations/write-operations';
import { updateAssetOperation } from './operations/asset-update.operation';

export function createTiktokAdapter(deps: AdapterDeps): PlatformAdapter {
  const descriptor = tiktokDescriptor(deps.config);
  const client = new PlatformHttpClient(descriptor, tiktokErrors, tiktokWire(descriptor.apiBase), deps.http);
  return {
    platform: 'tiktok',
    descriptor,
    client,
    errors: tiktokErrors,
    oauth: tiktokOAuth(client, descriptor),
    operations: tiktokOperations(client),
  };
}

/** The Tiktok platform: adapter, scopes, writes and import (listed once in shared/platforms/index.ts). */
export const tiktokModule = definePlatformModule({
  name: 'tiktok',
  label: 'Tiktok',
  tag: 'TikTok',
  displayName: 'TikTok',
  createAdapter: createTiktokAdapter,
  writeOperations: [...tiktokWriteOperations, updateAssetOperation],
  importSource: tiktokImportSource,
  importRequest: { accountId: adAccountId, levels: 'campaigns, ad groups, ads and pixels' },
});
