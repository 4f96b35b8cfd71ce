import type { RouteSpec } from '../route';
import { reportRoute } from './report.route';

/** The cross-platform performance report (docs/reports.md). */
export const reportsRoutes: RouteSpec[] = [reportRoute];
