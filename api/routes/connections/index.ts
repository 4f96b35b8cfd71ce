import type { RouteSpec } from '../route';
import { authUrlRoute } from './auth-url.route';
import { callbackRoute } from './callback.route';
import { activateRoute, deactivateRoute } from './activation.routes';
import { connectionStatusRoute, listConnectionsRoute } from './listing.routes';
import { removeAdAccountRoute, revokeConnectionRoute } from './removal.routes';
import { teamActivateRoute, teamListRoute } from './team.routes';

export const connectionsRoutes: RouteSpec[] = [
  authUrlRoute,
  callbackRoute,
  activateRoute,
  deactivateRoute,
  listConnectionsRoute,
  connectionStatusRoute,
  removeAdAccountRoute,
  revokeConnectionRoute,
  teamActivateRoute,
  teamListRoute,
];
