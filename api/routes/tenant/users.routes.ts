import { z } from '../../../shared/infra/zod-openapi';
import { userView } from '../../../shared/domain/tenants/tenant-users.service';
import { defineRoute, type RouteSpec } from '../route';
import { TenantUserDto } from '../tenants/schemas';
import { IdParams, PaginatedUsersResponse, UpdateTenantUserDto, UsersQuery } from './schemas';
import { OWNER, tenantOf } from './require-role';

export const userRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/tenant/users',
    operationId: 'listTenantUsers',
    summary: "The tenant's users, oldest first",
    tags: ['Tenant users'],
    auth: 'tenant',
    query: UsersQuery,
    response: { schema: PaginatedUsersResponse },
    handler: async ({ deps, em, auth, query }) => ({
      data: await deps.services.tenantUsers.list(em, tenantOf(auth), query.page, query.pageSize),
      message: 'Users fetched',
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/tenant/users/{id}',
    operationId: 'getTenantUser',
    summary: 'One user of the tenant',
    tags: ['Tenant users'],
    auth: 'tenant',
    params: IdParams,
    response: { schema: TenantUserDto },
    errors: [404],
    handler: async ({ deps, em, auth, params }) => ({
      data: userView(await deps.services.tenantUsers.get(em, tenantOf(auth), params.id)),
      message: 'User fetched',
    }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/tenant/users/{id}',
    operationId: 'updateTenantUser',
    summary: "Change a user's role (owner)",
    description: 'The tenant always keeps at least one owner (403 otherwise).',
    tags: ['Tenant users'],
    auth: 'tenant',
    params: IdParams,
    body: UpdateTenantUserDto,
    response: { schema: TenantUserDto },
    errors: [403, 404],
    handler: async ({ deps, em, auth, params, body }) => ({
      data: await deps.services.tenantUsers.updateRole(em, tenantOf(auth, OWNER), params.id, body.role),
      message: 'User updated',
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/tenant/users/{id}',
    operationId: 'deleteTenantUser',
    summary: 'Remove a user from the tenant (owner)',
    description: 'Their sessions end at once. The tenant always keeps at least one owner (403 otherwise).',
    tags: ['Tenant users'],
    auth: 'tenant',
    params: IdParams,
    response: { schema: z.object({ id: z.string().uuid(), deleted: z.literal(true) }) },
    errors: [403, 404],
    handler: async ({ deps, em, auth, params }) => {
      await deps.services.tenantUsers.remove(em, tenantOf(auth, OWNER), params.id);
      return { data: { id: params.id, deleted: true }, message: 'User removed' };
    },
  }),
];
