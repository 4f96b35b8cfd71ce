import { at, budgetByPathId, statusByPathId, text, type ListTarget, type PlatformMcp } from '../../mcp/platform-mcp';

const list = (operationId: string, statusKey: string): ListTarget => ({
  operationId,
  statusFilter: statusKey,
  query: (a) => ({ adAccountId: a.adAccountId, [statusKey]: a.status, pageSize: a.limit, pageToken: a.cursor }),
  next: (d) => text(at(d, 'metadata', 'nextPageToken')),
});

/**
 * LinkedIn's routes behind the MCP tools. Its campaign groups are the unified campaigns and its
 * campaigns the ad sets, as in the unified report; a new campaign group is a DRAFT unless told otherwise.
 */
export const linkedinMcp: PlatformMcp = {
  levelNames: { campaign: 'campaign group', adset: 'campaign', ad: 'creative' },
  lists: {
    campaign: list('readLinkedinCampaignGroups', 'status'),
    adset: list('readLinkedinCampaigns', 'status'),
    ad: list('readLinkedinCreatives', 'intendedStatus'),
  },
  status: { campaign: statusByPathId('updateLinkedinCampaignGroupStatus'), adset: statusByPathId('updateLinkedinCampaignStatus') },
  budget: {
    routes: { campaign: 'updateLinkedinCampaignGroupBudget', adset: 'updateLinkedinCampaignBudget' },
    fields: ['dailyBudget', 'totalBudget'],
    unit: '{amount, currencyCode} in the account currency; a campaign group has totalBudget only',
    input: budgetByPathId('id'),
  },
  create: { operationId: 'createLinkedinCampaignGroup', what: 'a campaign group', statusKey: 'status' },
};
