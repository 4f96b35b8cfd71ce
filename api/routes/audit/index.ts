import type { RouteSpec } from '../route';
import { listAuditRoute } from './list-audit.route';

export const auditRoutes: RouteSpec[] = [listAuditRoute];
