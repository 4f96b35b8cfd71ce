import { PlatformRegistry, type AdapterDeps, type AdapterFactory } from './core/registry';
import { createFacebookAdapter } from './facebook';
import { createTiktokAdapter } from './tiktok';
import { createGoogleAdapter } from './google';

/** Every platform with an adapter; adding one is one line here plus its folder. */
const factories: AdapterFactory[] = [createFacebookAdapter, createTiktokAdapter, createGoogleAdapter];

export function createPlatformRegistry(deps: AdapterDeps): PlatformRegistry {
  return new PlatformRegistry(factories.map((f) => f(deps)));
}
