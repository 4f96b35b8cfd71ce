import type { Platform } from '../../shared/platforms';
import type { RouteSpec } from './route';
import { facebookRoutes } from './facebook';
import { googleRoutes } from './google';
import { linkedinRoutes } from './linkedin';
import { tiktokRoutes } from './tiktok';

/**
 * Each listed platform's own routes (besides the generic connection, job and import routes, which
 * read the module list). Keyed by every `Platform`: a module added to shared/platforms/index.ts
 * without an entry here does not compile. The entries' order is the order of the OpenAPI document.
 */
export const platformRoutes: { readonly [P in Platform]: readonly RouteSpec[] } = {
  tiktok: tiktokRoutes,
  google: googleRoutes,
  facebook: facebookRoutes,
  linkedin: linkedinRoutes,
};
