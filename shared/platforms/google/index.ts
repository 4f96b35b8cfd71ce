import { PlatformHttpClient } from '../core/http-client';
import type { AdapterDeps } from '../core/registry';
import type { PlatformAdapter } from '../core/types';
import { googleDescriptor } from './descriptor';
import { googleWire } from './client';
import { googleErrors } from './errors';
import { googleOAuth } from './oauth';
import { googleOperations } from './account-operations';

export function createGoogleAdapter(deps: AdapterDeps): PlatformAdapter {
  const descriptor = googleDescriptor(deps.config);
  const client = new PlatformHttpClient(descriptor, googleErrors, googleWire(descriptor.apiBase), deps.http);
  return {
    platform: 'google',
    descriptor,
    client,
    errors: googleErrors,
    oauth: googleOAuth(client, descriptor),
    operations: googleOperations(client),
  };
}
