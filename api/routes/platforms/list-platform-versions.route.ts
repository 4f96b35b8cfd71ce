import { z } from '../../../shared/infra/zod-openapi';
import { defineRoute } from '../route';
import { PlatformVersionDto } from './schemas';

export const listPlatformVersionsRoute = defineRoute({
  method: 'get',
  path: '/api/v1/platforms',
  operationId: 'listPlatformVersions',
  summary: 'The platform API versions in use and their sunsets',
  message: 'Platforms fetched',
  description:
    "Each platform's API version this gateway calls, its release and sunset dates with the platform's pages they come from, and the days left. " +
    'From 90 days before a sunset, that platform\'s routes answer with `Deprecation` and `Sunset` headers (docs/platforms/<platform>.md, Versions).',
  tags: ['Platforms'],
  auth: 'tenant-or-external',
  response: { schema: z.array(PlatformVersionDto) },
  handler: async ({ deps }) => ({ data: deps.services.platformVersions.list() }),
});
