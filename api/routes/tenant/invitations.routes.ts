import { z } from '../../../shared/infra/zod-openapi';
import { defineRoute, type RouteSpec } from '../route';
import { CreateTenantInvitationDto, IdParams, InvitationDto } from './schemas';
import { ADMINS, tenantOf } from './require-role';

export const invitationRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/tenant/invitations',
    operationId: 'createInvitation',
    summary: 'Invite someone to the tenant (owner/admin)',
    description: 'Emails a single-use token valid for 7 days. The email must not belong to an existing user (409).',
    tags: ['Tenant users'],
    auth: 'tenant',
    body: CreateTenantInvitationDto,
    response: { status: 201, schema: InvitationDto },
    errors: [403, 409],
    handler: async ({ deps, em, auth, body }) => ({
      data: await deps.services.invitations.create(
        em,
        tenantOf(auth, ADMINS),
        body,
        auth.kind === 'tenant-user' ? auth.tenantUserId : null,
      ),
      status: 201,
      message: 'Invitation sent',
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/tenant/invitations',
    operationId: 'listInvitations',
    summary: "The tenant's invitations (owner/admin)",
    tags: ['Tenant users'],
    auth: 'tenant',
    response: { schema: z.array(InvitationDto) },
    errors: [403],
    handler: async ({ deps, em, auth }) => ({
      data: await deps.services.invitations.list(em, tenantOf(auth, ADMINS)),
      message: 'Invitations fetched',
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/tenant/invitations/{id}',
    operationId: 'revokeInvitation',
    summary: 'Revoke a pending invitation (owner/admin)',
    tags: ['Tenant users'],
    auth: 'tenant',
    params: IdParams,
    response: { schema: z.object({ id: z.string().uuid(), revoked: z.literal(true) }) },
    errors: [403, 404],
    handler: async ({ deps, em, auth, params }) => {
      await deps.services.invitations.revoke(em, tenantOf(auth, ADMINS), params.id);
      return { data: { id: params.id, revoked: true }, message: 'Invitation revoked' };
    },
  }),
];
