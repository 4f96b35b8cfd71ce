import type { RouteSpec } from './route';
import { healthRoutes } from './ops/health.routes';
import { identityRoutes } from './tenant';
import { jobsRoutes } from './jobs';
import { connectionsRoutes } from './connections';
import { tiktokRoutes } from './tiktok';
import { googleRoutes } from './google';
import { facebookRoutes } from './facebook';

/** Every API route; each area appends its list. */
export const apiRoutes: RouteSpec[] = [...healthRoutes, ...identityRoutes, ...jobsRoutes, ...connectionsRoutes, ...tiktokRoutes, ...googleRoutes, ...facebookRoutes];
