import { defineRoute } from '../route';
import { AcceptInvitationDto, AcceptInvitationResponseDto } from './schemas';

export const acceptInvitationRoute = defineRoute({
  method: 'post',
  path: '/api/v1/invitations/accept',
  operationId: 'acceptInvitation',
  summary: 'Accept an invitation: create the tenant user and log in',
  description: 'The token from the invitation email works once. Invalid, used or revoked → 401 TOKEN_INVALID; expired → 401 TOKEN_EXPIRED.',
  tags: ['Tenant'],
  auth: 'none',
  limit: 'credential',
  body: AcceptInvitationDto,
  response: { status: 201, schema: AcceptInvitationResponseDto },
  errors: [401, 409],
  handler: async ({ deps, em, body }) => ({
    data: await deps.services.invitations.accept(em, body.token, body),
    status: 201,
    message: 'Invitation accepted',
  }),
});
