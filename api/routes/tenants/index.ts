import type { RouteSpec } from '../route';
import { signUpRoute } from './sign-up.route';
import { acceptInvitationRoute } from './accept-invitation.route';

export const tenantsRoutes: RouteSpec[] = [signUpRoute, acceptInvitationRoute];
