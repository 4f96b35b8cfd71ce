import { defineRoute } from '../route';
import { CreateUserDto, SignUpResponseDto } from './schemas';

export const signUpRoute = defineRoute({
  method: 'post',
  path: '/api/v1/tenants',
  operationId: 'signUp',
  summary: 'Sign up: create a tenant, its owner and its first API key',
  description: 'The API key is returned once and stored only as a hash. The owner is logged in (tokens).',
  tags: ['Tenant'],
  auth: 'none',
  limit: 'credential',
  body: CreateUserDto,
  response: { status: 201, schema: SignUpResponseDto },
  errors: [409],
  handler: async ({ deps, em, body }) => ({
    data: await deps.services.tenants.signUp(em, body),
    status: 201,
    message: 'Tenant created',
  }),
});
