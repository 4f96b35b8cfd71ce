import { z } from '../../../shared/infra/zod-openapi';
import { PLATFORMS, platformModules } from '../../../shared/platforms';

export const PlatformParam = z.enum(PLATFORMS).openapi({ description: platformModules.map((m) => `${m.name} (${m.displayName})`).join(', ') });
export const PlatformParams = z.object({ platform: PlatformParam });

export const AuthUrlRequestDto = z
  .object({
    redirectUri: z.string().url().max(2000).refine((u) => /^https?:/i.test(u), 'must be an http(s) URL').optional()
      .openapi({ description: "Where the user lands after the callback (defaults to the tenant app's redirectUri; without either the callback answers JSON)" }),
    scopes: z.array(z.string().min(1).max(200)).max(50).optional().openapi({ description: 'Platform scopes; the platform defaults when absent' }),
  })
  .strict()
  .openapi('AuthUrlRequestDto');

export const AuthUrlDto = z
  .object({ url: z.string().url(), state: z.string(), expiresAt: z.string().datetime() })
  .openapi('AuthUrlDto');

const AdAccountId = z.string().min(1).max(64).openapi({ description: 'Platform id form: act_123 or 123; 123-456-7890 or 1234567890' });

export const ActivateAdAccountDto = z
  .object({
    adAccountId: AdAccountId,
    accessToken: z.string().min(1).max(4096).optional().openapi({ description: 'A platform token (e.g. a Meta system-user token) to connect with instead of the OAuth connection' }),
  })
  .strict()
  .openapi('ActivateAdAccountDto');

export const DeactivateAdAccountDto = z.object({ adAccountId: AdAccountId }).strict().openapi('DeactivateAdAccountDto');

export const TeamActivateDto = ActivateAdAccountDto.extend({ platform: PlatformParam }).strict().openapi('TeamConnectionActivateDto');

export const AdAccountViewDto = z
  .object({
    id: z.string().uuid(),
    adAccountId: z.string(),
    name: z.string().nullable(),
    currency: z.string().nullable(),
    timezone: z.string().nullable(),
    managerId: z.string().nullable(),
    connectionId: z.string().uuid().nullable(),
    status: z.enum(['active', 'deactivated', 'available', 'owned_by_other']),
    validatedAt: z.string().nullable(),
  })
  .openapi('ConnectionAdAccountDto');

const ConnStatus = z.enum(['active', 'expired', 'revoked', 'error']);

export const UnavailableFeatureDto = z
  .object({
    feature: z.string().openapi({ example: 'lead_forms' }),
    summary: z.string(),
    missingScopes: z.array(z.string()).openapi({ example: ['pages_manage_ads'] }),
  })
  .openapi('UnavailableFeatureDto', { description: 'A feature the granted scopes do not cover; re-consent with POST /api/v1/connections/{platform}/auth-url to get it' });

export const ConnectionStatusItemDto = z
  .object({
    connectionId: z.string().uuid(),
    platform: PlatformParam,
    kind: z.enum(['oauth', 'token']),
    status: ConnStatus,
    connected: z.boolean(),
    scopes: z.array(z.string()).openapi({ description: 'Scopes the platform granted (Meta debug_token, TikTok and Google token answers); empty when not known' }),
    unavailableFeatures: z.array(UnavailableFeatureDto),
    expiresAt: z.string().nullable(),
    lastRefreshedAt: z.string().nullable(),
    createdAt: z.string(),
    adAccounts: z.array(AdAccountViewDto),
  })
  .openapi('ConnectionStatusItemDto');

export const ConnectionStatusDto = z
  .object({
    items: z.array(
      z.object({
        platform: PlatformParam,
        connected: z.boolean(),
        status: ConnStatus.nullable(),
        connectionId: z.string().uuid().nullable(),
        scopes: z.array(z.string()),
        unavailableFeatures: z.array(UnavailableFeatureDto),
        adAccounts: z.array(AdAccountViewDto),
        expiresAt: z.string().nullable(),
        lastRefreshedAt: z.string().nullable(),
      }),
    ),
  })
  .openapi('ConnectionStatusDto');

export const StatusQuery = z.object({ platform: PlatformParam.optional() });

export const ListConnectionsQuery = z.object({
  platform: PlatformParam.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(300).optional().openapi({ description: '`nextCursor` of the previous page' }),
});

export const ConnectionsPageDto = z
  .object({ items: z.array(ConnectionStatusItemDto), nextCursor: z.string().nullable() })
  .openapi('ConnectionsPageDto');
export const RemoveAccountParams = z.object({ adAccountId: z.string().min(1).max(64) });
export const RevokeParams = z.object({ connectionId: z.string().min(1).max(64) });

export const CallbackResultDto = z
  .object({ status: z.enum(['success', 'error']), platform: z.string(), connectionId: z.string().optional(), adAccounts: z.number().int().optional() })
  .openapi('ConnectionCallbackResultDto');
