import type { RouteSpec } from '../route';
import { getJobRoute } from './get-job.route';
import { listJobEntitiesRoute } from './list-job-entities.route';

export const jobsRoutes: RouteSpec[] = [getJobRoute, listJobEntitiesRoute];
