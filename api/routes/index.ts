import type { RouteSpec } from './route';
import { healthRoutes } from './ops/health.routes';
import { identityRoutes } from './tenant';
import { jobsRoutes } from './jobs';
import { connectionsRoutes } from './connections';
import { platformRoutes } from './platform-routes';
import { connectRoutes } from './connect';

/** Every API route; each area appends its list. */
export const apiRoutes: RouteSpec[] = [...healthRoutes, ...identityRoutes, ...jobsRoutes, ...connectionsRoutes, ...Object.values(platformRoutes).flat(), ...connectRoutes];
