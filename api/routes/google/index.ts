import type { RouteSpec } from '../route';
import { googleAssetsRoute } from './assets.route';
import { googleCampaignBudgetRoute, googleCampaignStatusRoute } from './campaign-writes.routes';
import { googleGaqlRoute } from './gaql.route';
import { googleImportRoute } from './import-ad-account.route';
import { googleInsightsRoute } from './insights.route';
import { googleListAccessibleRoute, teamGoogleListAccessibleRoute } from './list-accessible-accounts.route';

/** docs/api-conventions.md §8 and the team-scoped list-accessible-accounts. */
export const googleRoutes: RouteSpec[] = [
  googleGaqlRoute,
  googleListAccessibleRoute,
  teamGoogleListAccessibleRoute,
  googleImportRoute,
  googleInsightsRoute,
  googleAssetsRoute,
  googleCampaignStatusRoute,
  googleCampaignBudgetRoute,
];
