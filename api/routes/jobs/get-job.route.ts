import { defineRoute } from '../route';
import { JobDto, JobIdParams } from './job.schemas';

export const getJobRoute = defineRoute({
  method: 'get',
  path: '/api/v1/jobs/{jobId}',
  operationId: 'getJob',
  summary: 'Get a job',
  message: 'Job fetched',
  description:
    'State of a write or import job. Only the caller that created it can read it, with the same kind of credential (an external user: any of their credentials; the tenant: x-api-key alone); anyone else gets 404.',
  tags: ['Jobs'],
  auth: 'external-or-key',
  params: JobIdParams,
  response: { schema: JobDto },
  errors: [404],
  handler: async ({ deps, auth, params }) => ({ data: await deps.services.jobs.get(auth, params.jobId) }),
});
