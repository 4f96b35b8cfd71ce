import { ImportResultDto } from '../jobs/job.schemas';
import { guardedRoute, submitImport } from '../guarded-route';
import { GoogleImportQueryDto } from './schemas';

export const googleImportRoute = guardedRoute({
  platform: 'google',
  from: 'query',
  method: 'get',
  path: '/api/v1/google/import-ad-account',
  operationId: 'googleImportAdAccount',
  deprecated: true,
  job: 'import',
  summary: 'Import a Google Ads account (deprecated GET form)',
  message: 'Ad account imported',
  description:
    'Imports campaigns, ad groups, ads, keywords and assets of the account as a job: 200 with the per-level counts when it finishes within the wait, else 202 with the poll URL. Imported records are read from `/api/v1/jobs/{jobId}/entities`.',
  tags: ['Google'],
  auth: 'external',
  query: GoogleImportQueryDto,
  response: { schema: ImportResultDto, description: 'The import finished within the wait' },
  errors: [403, 404, 429, 502],
  handler: async (ctx) => submitImport(ctx, 'Ad account imported'),
});
