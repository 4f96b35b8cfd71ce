import { z } from '../../../shared/infra/zod-openapi';
import { ExternalUserIdField } from '../auth/schemas';
import { PlatformParam } from '../connections/schemas';

export const CreateConnectSessionDto = z
  .object({
    externalUserId: ExternalUserIdField,
    platforms: z
      .array(PlatformParam)
      .min(1)
      .max(10)
      .optional()
      .openapi({ description: 'The platforms the page offers (each needs a configured tenant app); default: every configured one' }),
    returnUrl: z
      .string()
      .url()
      .max(2000)
      .refine((u) => /^https?:/i.test(u), 'must be an http(s) URL')
      .optional()
      .openapi({
        description:
          "Where the browser goes when the flow ends, with `status` and `connectionId` (or `code`) added. Its origin must be one of the tenant's `allowedOrigins` (when empty, only the gateway's own origin).",
        example: 'https://app.example.com/settings/ads?connect=done',
      }),
    locale: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/, 'a BCP 47 language tag such as en or en-GB')
      .max(35)
      .optional()
      .openapi({ description: 'The end user’s language (BCP 47), kept with the session: the pages use its language subtag when they have it (en, fr, es), else the browser’s Accept-Language, else English', example: 'en-GB' }),
  })
  .strict()
  .openapi('CreateConnectSessionDto');

export const ConnectSessionDto = z
  .object({
    token: z.string().openapi({ description: 'Single use; stored only as a hash. Do not log it.', example: 'cs_Qm9vZ2llLXdvb2dpZS1ib29naWUtd29vZ2llLWJvb2dpZQ' }),
    url: z.string().url().openapi({
      description: 'The hosted Connect page (HTML): open it in a popup or redirect the browser to it. Opening it uses the token.',
      example: 'https://gateway.example.com/connect/cs_Qm9vZ2llLXdvb2dpZS1ib29naWUtd29vZ2llLWJvb2dpZQ',
    }),
    expiresAt: z.string().datetime().openapi({ description: 'The link must be opened before this (30 minutes)' }),
  })
  .openapi('ConnectSessionDto');
