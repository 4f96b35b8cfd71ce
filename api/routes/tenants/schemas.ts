import { z } from '../../../shared/infra/zod-openapi';
import { AccessTokensDto } from '../auth/schemas';
import { CREATE_LOOKUP_STYLES } from '../../../shared/platforms/core/write-operation';
import { GuardrailsSchema } from '../../../shared/domain/safe-writes/guardrails';

export const Email = z.string().trim().email().max(254);
export const Password = z.string().min(10, 'at least 10 characters').max(200);
export const Name = z.string().trim().min(1).max(200);

export const TenantRoleEnum = z.enum(['owner', 'admin', 'member']).openapi('TenantRole');

export const TenantDto = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    settings: z.object({ timezone: z.string().optional(), locale: z.string().optional(), defaultRedirectUri: z.string().optional(), allowedOrigins: z.array(z.string()).optional(), createLookup: z.enum(CREATE_LOOKUP_STYLES).optional(), guardrails: GuardrailsSchema.optional(), auditRetentionDays: z.number().int().optional() }),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi('TenantDto');

export const TenantUserDto = z
  .object({ id: z.string().uuid(), email: z.string(), name: z.string(), role: TenantRoleEnum, createdAt: z.string().datetime() })
  .openapi('TenantUserDto');

export const CreateUserDto = z
  .object({ email: Email, password: Password, name: Name, tenantName: Name })
  .strict()
  .openapi('CreateUserDto');

export const SignUpResponseDto = z
  .object({
    tenant: TenantDto,
    user: TenantUserDto,
    apiKey: z.string().openapi({ description: 'The first API key. Shown once; store it now.' }),
    tokens: AccessTokensDto,
  })
  .openapi('SignUpResponseDto');

export const AcceptInvitationDto = z
  .object({ token: z.string().min(1).max(200), name: Name, password: Password })
  .strict()
  .openapi('AcceptInvitationDto');

export const AcceptInvitationResponseDto = AccessTokensDto.extend({ tenantId: z.string().uuid() }).openapi('AcceptInvitationResponseDto');
