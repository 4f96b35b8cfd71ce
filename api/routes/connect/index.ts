import type { RouteSpec } from '../route';
import { createConnectSessionRoute } from './sessions.route';

/** The JSON side of the hosted Connect page; the pages themselves are in api/pages/connect/. */
export const connectRoutes: RouteSpec[] = [createConnectSessionRoute];
