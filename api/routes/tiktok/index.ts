import type { RouteSpec } from '../route';
import { createAssetsRoute, readAssetsRoute, updateAssetsStatusRoute } from './assets.routes';
import { updateAssetRoute } from './asset-update.route';
import { importAdAccountRoute, insightsRoute, pixelEventsRoute, pixelsRoute } from './reporting.routes';
import { smartRoutes } from './smart.routes';
import { adReviewInfoRoute, appealRoute, materialReviewInfoRoute, materialStatusRoute } from './smart-review.routes';

/** The short-video surface, docs/api-conventions.md §7. */
export const tiktokRoutes: RouteSpec[] = [
  readAssetsRoute,
  createAssetsRoute,
  updateAssetsStatusRoute,
  updateAssetRoute,
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
