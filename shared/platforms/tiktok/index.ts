import { PlatformHttpClient } from '../core/http-client';
import type { AdapterDeps } from '../core/registry';
import type { PlatformAdapter } from '../core/types';
import { tiktokDescriptor } from './descriptor';
import { tiktokWire } from './client';
import { tiktokErrors } from './errors';
import { tiktokOAuth } from './oauth';
import { tiktokOperations } from './account-operations';

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
