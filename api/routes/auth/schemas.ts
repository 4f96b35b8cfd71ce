import { z } from '../../../shared/infra/zod-openapi';

const tokenFields = {
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().openapi({ description: 'Access token lifetime in seconds' }),
  refreshExpiresIn: z.number().int().openapi({ description: 'Refresh token lifetime in seconds' }),
};

export const AuthTokensDto = z.object(tokenFields).openapi('AuthTokensDto');
export const AccessTokensDto = z.object(tokenFields).openapi('AccessTokensDto');

export const ExternalUserIdField = z
  .string()
  .regex(/^[A-Za-z0-9._:@+|-]{1,128}$/, '1–128 characters of A–Z a–z 0–9 . _ : @ + | -')
  .openapi({ description: "The tenant's own id for its user" });

export const CreateAuthTokenDto = z
  .object({
    externalUserId: ExternalUserIdField,
    email: z.string().email().max(254).optional(),
    name: z.string().min(1).max(200).optional(),
  })
  .strict()
  .openapi('CreateAuthTokenDto');

export const CreateTeamAuthTokenDto = CreateAuthTokenDto.omit({ externalUserId: true }).strict().openapi('CreateTeamAuthTokenDto');

export const TeamParams = z.object({ teamId: ExternalUserIdField });
