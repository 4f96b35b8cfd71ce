import type { RouteSpec } from '../route';
import { tokenRoutes } from './token.routes';

export const authRoutes: RouteSpec[] = [...tokenRoutes];
