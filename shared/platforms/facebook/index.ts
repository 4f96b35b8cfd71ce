import { PlatformHttpClient } from '../core/http-client';
import type { AdapterDeps } from '../core/registry';
import type { PlatformAdapter } from '../core/types';
import { definePlatformModule } from '../core/module';
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

export function createFacebookAdapter(deps: AdapterDeps): PlatformAdapter {
  const descriptor = facebookDescriptor(deps.config);
  const client = new PlatformHttpClient(descriptor, facebookErrors, facebookWire(descriptor.apiBase), deps.http);
  return {
    platform: 'facebook',
    descriptor,
    client,
    errors: facebookErrors,
    oauth: facebookOAuth(client, descriptor),
    operations: facebookOperations(client),
  };
}

/** The Facebook platform: adapter, scopes, writes and import (listed once in shared/platforms/index.ts). */
export const facebookModule = definePlatformModule({
  name: 'facebook',
  label: 'Facebook',
  tag: 'Facebook',
  displayName: 'Meta',
  createAdapter: createFacebookAdapter,
  scopeModel: FACEBOOK_SCOPE_MODEL,
  writeOperations: [...facebookWriteOperations, ...facebookObjectWriteOperations, ...facebookLeadsWriteOperations, ...facebookCreativeWriteOperations],
  importSource: facebookImportSource,
  importRequest: { accountId: AdAccountId, levels: 'campaigns, ad sets, ads, creatives, custom audiences, pixels and custom conversions' },
});
