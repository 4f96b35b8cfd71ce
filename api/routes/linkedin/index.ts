import type { RouteSpec } from '../route';
import { campaignGroupBudgetRoute, campaignGroupStatusRoute, createCampaignGroupRoute, readCampaignGroupsRoute } from './campaign-groups.routes';
import { campaignBudgetRoute, campaignStatusRoute, createCampaignRoute, readCampaignsRoute } from './campaigns.routes';
import { readAnalyticsRoute, readCreativesRoute } from './reporting.routes';

/**
 * The LinkedIn Ads surface. Ad accounts come through the generic connection routes
 * (`/api/v1/connections`) and the import through the generic `POST /api/v1/{platform}/import-ad-account`.
 */
export const linkedinRoutes: RouteSpec[] = [
  readCampaignGroupsRoute,
  createCampaignGroupRoute,
  campaignGroupStatusRoute,
  campaignGroupBudgetRoute,
  readCampaignsRoute,
  createCampaignRoute,
  campaignStatusRoute,
  campaignBudgetRoute,
  readCreativesRoute,
  readAnalyticsRoute,
];
