import type { RouteSpec } from './route';
import { healthRoutes } from './ops/health.routes';
import { identityRoutes } from './tenant';
import { jobsRoutes } from './jobs';
import { auditRoutes } from './audit';
import { connectionsRoutes } from './connections';
import { platformRoutes } from './platform-routes';
import { connectRoutes } from './connect';
import { reportsRoutes } from './reports';
import { proxyRoutes } from './proxy/proxy.routes';
import { platformsRoutes, withVersionWarnings } from './platforms';

/** Every API route; each area appends its list. */
export const apiRoutes: RouteSpec[] = [...healthRoutes, ...identityRoutes, ...jobsRoutes, ...auditRoutes, ...connectionsRoutes, ...withVersionWarnings(platformRoutes), ...connectRoutes, ...reportsRoutes, ...proxyRoutes, ...platformsRoutes];
