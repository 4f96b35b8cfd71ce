import type { RouteSpec } from '../route';
import { authRoutes } from '../auth';
import { tenantsRoutes } from '../tenants';
import { tenantAuthRoutes } from './auth.routes';
import { tenantSelfRoutes } from './tenant.routes';
import { apiKeyRoutes } from './api-key.routes';
import { tenantAppRoutes } from './apps.routes';
import { invitationRoutes } from './invitations.routes';
import { userRoutes } from './users.routes';
import { deletionRoutes } from './deletion.routes';
import { webhookRoutes } from './webhooks.routes';

export const tenantRoutes: RouteSpec[] = [
  ...tenantAuthRoutes,
  ...tenantSelfRoutes,
  ...apiKeyRoutes,
  ...tenantAppRoutes,
  ...invitationRoutes,
  ...userRoutes,
  ...deletionRoutes,
  ...webhookRoutes,
];

/** The tenant surface: external-user tokens, sign-up and invitation acceptance, tenant administration. */
export const identityRoutes: RouteSpec[] = [...authRoutes, ...tenantsRoutes, ...tenantRoutes];
