import { defineRoute } from '../route';
import { ImportedEntitiesPageDto, ImportedEntitiesQuery, JobIdParams } from './job.schemas';

export const listJobEntitiesRoute = defineRoute({
  method: 'get',
  path: '/api/v1/jobs/{jobId}/entities',
  operationId: 'listJobEntities',
  summary: "List an import's stored records",
  message: 'Imported entities fetched',
  description:
    'Pages the records an import stored for its ad account (each once, in import order); `nextCursor` is null on the last page.',
  tags: ['Jobs'],
  auth: 'external-or-key',
  params: JobIdParams,
  query: ImportedEntitiesQuery,
  response: { schema: ImportedEntitiesPageDto },
  errors: [404],
  handler: async ({ deps, auth, params, query }) => ({
    data: await deps.services.jobs.entities(auth, params.jobId, { level: query.level, cursor: query.cursor, limit: query.limit }),
  }),
});
