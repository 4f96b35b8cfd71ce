import type { RouteSpec } from '../route';
import { listPlatformVersionsRoute } from './list-platform-versions.route';

export { withVersionWarnings } from './version-warning';

/** The platform API versions in use (docs/platforms/<platform>.md, Versions). */
export const platformsRoutes: RouteSpec[] = [listPlatformVersionsRoute];
