import type { RouteSpec } from '../route';
import { createAssetsRoute, readAssetsRoute, updateAssetsStatusRoute } from './assets.routes';
import { importAdAccountRoute, insightsRoute, pixelEventsRoute, pixelsRoute } from './reporting.routes';
import { smartRoutes } from './smart.routes';
import { adReviewInfoRoute, appealRoute, materialReviewInfoRoute, materialStatusRoute } from './smart-review.routes';

/** The short-video surface, API.md §7. */
export const tiktokRoutes: RouteSpec[] = [
  readAssetsRoute,
  createAssetsRoute,
  updateAssetsStatusRoute,
  importAdAccountRoute,
  insightsRoute,
  pixelsRoute,
  pixelEventsRoute,
  ...smartRoutes,
  appealRoute,
  adReviewInfoRoute,
  materialStatusRoute,
  materialReviewInfoRoute,
];
