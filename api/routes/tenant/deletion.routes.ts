import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { EXTERNAL_ID } from '../../../shared/domain/identity/authenticator';
import { defineRoute, type RouteSpec } from '../route';
import { ADMINS, OWNER, tenantOf } from './require-role';

const ExternalUserParams = z.object({
  externalUserId: z.string().regex(EXTERNAL_ID, '1–128 characters of A–Z a–z 0–9 . _ : @ + | -').openapi({ example: 'user-42' }),
});

const DeletedUserDto = z
  .object({
    externalUserId: z.string(),
    connectionsRevoked: z.number().int(),
    revokedAtPlatform: z.number().int().openapi({ description: 'Connections the platform confirmed revoking (the rest were removed locally)' }),
    adAccountsRemoved: z.number().int(),
  })
  .openapi('DeletedExternalUserDto');

const CloseTenantDto = z
  .object({ confirmTenantId: z.string().uuid().openapi({ description: "The tenant's own id, as confirmation" }) })
  .strict()
  .openapi('CloseTenantDto');

export const deletionRoutes: RouteSpec[] = [
  defineRoute({
    method: 'delete',
    path: '/api/v1/external-users/{externalUserId}',
    operationId: 'deleteExternalUser',
    summary: 'Delete an external user',
    message: 'External user deleted',
    description:
      'Revokes every connection of the user at its platform (best effort) and locally, removes its ad accounts, refresh tokens, ' +
      'pending OAuth states and the user. From then on every token issued to the user answers 401 on every replica. ' +
      "Tenant API key, or a tenant user with the owner or admin role. Unknown in the caller's tenant → 404.",
    tags: ['Tenant'],
    auth: 'tenant',
    params: ExternalUserParams,
    response: { schema: DeletedUserDto },
    errors: [403, 404],
    handler: async ({ deps, em, auth, params }) => ({
      data: await deps.services.deletion.deleteExternalUser(em, tenantOf(auth, ADMINS), params.externalUserId),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/tenant/close',
    operationId: 'closeTenant',
    summary: 'Close the tenant',
    message: 'Tenant closed',
    description:
      'Owner only, confirmed by sending the tenant id. Deletes every external user as `DELETE /external-users/{id}` does, ' +
      'disables every API key and signs every tenant user out; from then on each of them answers 401 on every replica.',
    tags: ['Tenant'],
    auth: 'tenant',
    body: CloseTenantDto,
    response: { schema: z.object({ tenantId: z.string(), externalUsersDeleted: z.number().int(), closedAt: z.string() }) },
    errors: [403],
    handler: async ({ deps, em, auth, body }) => {
      const tenantId = tenantOf(auth, OWNER, { userOnly: true });
      if (body.confirmTenantId !== tenantId) {
        throw new AppError('VALIDATION_FAILED', 'Confirm by sending this tenant’s id', { details: [{ path: 'body.confirmTenantId', message: "Must be the caller's tenant id" }] });
      }
      return { data: await deps.services.deletion.closeTenant(em, tenantId) };
    },
  }),
];
