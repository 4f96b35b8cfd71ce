import { pingJob } from '../../shared/queues/jobs';
import { defineHandler } from '../job-handler';

export const pingHandler = defineHandler({
  job: pingJob,
  handle: async (_ctx, payload) => ({ echo: payload.echo, pid: process.pid }),
});
