import { PlatformHttpClient } from '../core/http-client';
import type { AdapterDeps } from '../core/registry';
import type { PlatformAdapter } from '../core/types';
import { facebookDescriptor } from './descriptor';
import { facebookWire } from './client';
import { facebookErrors } from './errors';
import { facebookOAuth } from './oauth';
import { facebookOperations } from './account-operations';

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
