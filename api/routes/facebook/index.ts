import type { RouteSpec } from '../route';
import { accountRoutes } from './accounts.routes';
import { adObjectRoutes } from './ad-objects.routes';
import { createRoutes } from './create.routes';
import { adSetWriteRoutes } from './adset-writes.routes';
import { leadsRoutes } from './leads.routes';
import { creativeWriteRoutes } from './creative-writes.routes';
import { creativeRoutes } from './creatives.routes';
import { audienceRoutes } from './audiences.routes';
import { pixelRoutes } from './pixels.routes';
import { leadFormRoutes } from './lead-forms.routes';
import { insightsRoutes } from './insights.routes';
import { operationsRoutes } from './operations.routes';

/** Every operation of the Meta surface (docs/api-conventions.md §6 and the connection-surface insights). */
const surface: RouteSpec[] = [
  ...accountRoutes, ...createRoutes, ...adSetWriteRoutes, ...adObjectRoutes, ...creativeRoutes, ...creativeWriteRoutes, ...audienceRoutes, ...pixelRoutes, ...leadFormRoutes, ...leadsRoutes, ...insightsRoutes,
];

/** What the operations catalog lists and executes: the main surface (team-scoped twins use another credential). */
export const catalogRoutes = () => surface.filter((r) => r.auth === 'external');

export const facebookRoutes: RouteSpec[] = [...surface, ...operationsRoutes(catalogRoutes)];
