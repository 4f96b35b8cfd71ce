import { defineRoute, type RouteSpec } from '../route';
import { TenantDto } from '../tenants/schemas';
import { TenantProfileDto, UpdateTenantDto, UpdateTenantProfileDto } from './schemas';
import { ADMINS, tenantOf } from './require-role';

export const tenantSelfRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/tenant',
    operationId: 'getTenant',
    summary: "The caller's tenant and its settings",
    tags: ['Tenant'],
    auth: 'tenant',
    response: { schema: TenantDto },
    handler: async ({ deps, em, auth }) => ({ data: await deps.services.tenants.get(em, tenantOf(auth)), message: 'Tenant fetched' }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/tenant',
    operationId: 'updateTenant',
    summary: "Update the tenant's name and settings (owner/admin)",
    description: 'Settings are merged; `null` removes one.',
    tags: ['Tenant'],
    auth: 'tenant',
    body: UpdateTenantDto,
    response: { schema: TenantDto },
    errors: [403],
    handler: async ({ deps, em, auth, body }) => ({
      data: await deps.services.tenants.update(em, tenantOf(auth, ADMINS), body),
      message: 'Tenant updated',
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/tenant/profile',
    operationId: 'getTenantProfile',
    summary: "The tenant's business profile",
    tags: ['Tenant'],
    auth: 'tenant',
    response: { schema: TenantProfileDto },
    handler: async ({ deps, em, auth }) => ({ data: await deps.services.tenants.getProfile(em, tenantOf(auth)), message: 'Profile fetched' }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/tenant/profile',
    operationId: 'updateTenantProfile',
    summary: "Update the tenant's business profile (owner/admin)",
    description: 'Fields are merged; `null` removes one.',
    tags: ['Tenant'],
    auth: 'tenant',
    body: UpdateTenantProfileDto,
    response: { schema: TenantProfileDto },
    errors: [403],
    handler: async ({ deps, em, auth, body }) => ({
      data: await deps.services.tenants.updateProfile(em, tenantOf(auth, ADMINS), body),
      message: 'Profile updated',
    }),
  }),
];
