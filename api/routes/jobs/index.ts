import type { RouteSpec } from '../route';
import { getJobRoute } from './get-job.route';
import { importRoutes } from './import-routes';
import { listJobEntitiesRoute } from './list-job-entities.route';
import { listJobsRoute } from './list-jobs.route';

export const jobsRoutes: RouteSpec[] = [listJobsRoute, getJobRoute, listJobEntitiesRoute, ...importRoutes];
