import { z } from '../../../shared/infra/zod-openapi';
import { PLATFORMS } from '../../../shared/platforms';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const PlatformVersionDto = z
  .object({
    platform: z.enum(PLATFORMS),
    displayName: z.string().openapi({ example: 'Meta' }),
    version: z.string().openapi({ description: 'The platform API version every call of this gateway uses', example: 'v27.0' }),
    configVariable: z.string().nullable().openapi({ description: 'The setting that picks it; null when the version is fixed in the gateway (TikTok)', example: 'FACEBOOK_API_VERSION' }),
    state: z.enum(['current', 'sunsetting', 'retired', 'unsupported']).openapi({
      description: '`sunsetting`: sunset within 90 days (platform routes then answer with `Deprecation` and `Sunset`); `retired`: past its sunset; `unsupported`: not a version the gateway knows',
    }),
    released: day.nullable().openapi({ example: '2026-02-18' }),
    sunset: day.nullable().openapi({ description: 'The first day the platform no longer serves the version; null while the platform has announced none', example: '2027-02-23' }),
    daysLeft: z.number().int().nullable().openapi({ description: 'Whole days from today (UTC) to the sunset; 0 or less once past it; null without a sunset', example: 87 }),
    sources: z
      .object({ released: z.string().url(), sunset: z.string().url() })
      .nullable()
      .openapi({ description: "The platform's pages each date comes from" }),
    unconfirmed: z.string().nullable().openapi({ description: 'What no source settles about these dates (an estimated sunset); null when both are confirmed' }),
  })
  .openapi('PlatformVersionDto');
