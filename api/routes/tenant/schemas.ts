import { z } from '../../../shared/infra/zod-openapi';
import { isOrigin } from '../../../shared/domain/tenants/allowed-origins';
import { GuardrailsSchema } from '../../../shared/domain/safe-writes/guardrails';
import { CREATE_LOOKUP_STYLES } from '../../../shared/platforms/core/write-operation';
import { Email, Name, Password, TenantRoleEnum, TenantUserDto } from '../tenants/schemas';

const nullableText = (max: number) => z.string().trim().min(1).max(max).nullable().optional();
const atLeastOne = (o: object) => Object.keys(o).length > 0;

export const TenantLoginDto = z.object({ email: Email, password: z.string().min(1).max(200) }).strict().openapi('TenantLoginDto');
export const ChangePasswordDto = z
  .object({ currentPassword: z.string().min(1).max(200), newPassword: Password })
  .strict()
  .openapi('ChangePasswordDto');
export const ForgetPasswordDto = z.object({ email: Email }).strict().openapi('ForgetPasswordDto');
export const ResetPasswordDto = z
  .object({ token: z.string().min(1).max(200), newPassword: Password })
  .strict()
  .openapi('ResetPasswordDto');

export const UpdateTenantDto = z
  .object({
    name: Name.optional(),
    settings: z
      .object({
        timezone: nullableText(64),
        locale: nullableText(35),
        defaultRedirectUri: z.string().url().max(2000).nullable().optional(),
        allowedOrigins: z
          .array(z.string().max(300).refine(isOrigin, 'must be an origin: http(s)://host[:port], no path or trailing slash'))
          .max(20)
          .transform((list) => [...new Set(list)])
          .nullable()
          .optional()
          .openapi({ description: "Origins users may return to (auth-url redirectUri, Connect returnUrl) and that may frame the Connect page. Empty or absent: only the gateway's own PUBLIC_URL origin." }),
        createLookup: z
          .enum(CREATE_LOOKUP_STYLES)
          .nullable()
          .optional()
          .openapi({
            description:
              'How a create on a platform without an idempotency key is found again after a crash. `name-and-time` (the default): the object keeps exactly the name you gave; a retry matches that name, the create\'s fields and the created time, and fails with CREATE_UNCONFIRMED rather than guess. `tagged-name`: the name gets a ` #xxxxxxxx` tag unique to the job step.',
          }),
        guardrails: GuardrailsSchema.nullable()
          .optional()
          .openapi({
            description:
              'Limits every write of the tenant is checked against (none by default): `maxDailyBudget` per ISO 4217 currency (a decimal amount; each platform\'s unit is converted first), `maxBudgetIncreasePercent` (one change against the budget the platform holds), `requireConfirmation` (`activate`, `budgetIncrease`, `create`). Replaced whole; null removes them. See docs/safe-writes.md.',
            example: { maxDailyBudget: { USD: '500', EUR: '450' }, maxBudgetIncreasePercent: 50, requireConfirmation: ['activate'] },
          }),
        auditRetentionDays: z
          .number()
          .int()
          .min(1)
          .max(3650)
          .nullable()
          .optional()
          .openapi({ description: 'Days the audit trail keeps a record (GET /api/v1/audit); older ones are deleted hourly. Absent or null: 400 days.' }),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine(atLeastOne, { message: 'send at least one field' })
  .openapi('UpdateTenantDto');

const profileFields = {
  companyName: nullableText(200),
  website: z.string().url().max(2000).nullable().optional(),
  contactEmail: Email.nullable().optional(),
  phone: nullableText(40),
  country: z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code').nullable().optional(),
  logoUrl: z.string().url().max(2000).nullable().optional(),
};
export const UpdateTenantProfileDto = z.object(profileFields).strict().refine(atLeastOne, { message: 'send at least one field' }).openapi('UpdateTenantProfileDto');
export const TenantProfileDto = z
  .object({
    tenantId: z.string().uuid(),
    companyName: z.string().optional(),
    website: z.string().optional(),
    contactEmail: z.string().optional(),
    phone: z.string().optional(),
    country: z.string().optional(),
    logoUrl: z.string().optional(),
  })
  .openapi('TenantProfileDto');

const ApiKeyView = z.object({
  id: z.string().uuid(),
  prefix: z.string(),
  maskedKey: z.string(),
  createdAt: z.string().datetime(),
  expiresAt: z.string().datetime().nullable(),
  lastUsedAt: z.string().datetime().nullable(),
});
export const TenantApiKeyDto = z
  .object({
    current: ApiKeyView.nullable(),
    previous: z.array(ApiKeyView).openapi({ description: 'Rotated-out keys still inside their grace period' }),
  })
  .openapi('TenantApiKeyDto');
export const RotatedApiKeyDto = z
  .object({
    apiKey: z.string().openapi({ description: 'The new key. Shown once; store it now.' }),
    id: z.string().uuid(),
    prefix: z.string(),
    createdAt: z.string().datetime(),
    previousKeyExpiresAt: z.string().datetime().openapi({ description: 'Until then the previous key keeps working' }),
  })
  .openapi('RotatedApiKeyDto');

export const CreateTenantInvitationDto = z
  .object({ email: Email, role: z.enum(['admin', 'member']).default('member') })
  .strict()
  .openapi('CreateTenantInvitationDto');
export const InvitationDto = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    role: TenantRoleEnum,
    status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    expiresAt: z.string().datetime(),
    createdAt: z.string().datetime(),
  })
  .openapi('InvitationDto');

export const UsersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const PaginatedUsersResponse = z
  .object({ items: z.array(TenantUserDto), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })
  .openapi('PaginatedUsersResponse');
export const UpdateTenantUserDto = z.object({ role: TenantRoleEnum }).strict().openapi('UpdateTenantUserDto');

export const IdParams = z.object({ id: z.string().uuid() });
