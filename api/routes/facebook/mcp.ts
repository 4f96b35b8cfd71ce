import { budgetByPathId, at, statusByPathId, text, type ListTarget, type PlatformMcp } from '../../mcp/platform-mcp';

const list = (operationId: string): ListTarget => ({
  operationId,
  statusFilter: 'effective_status',
  query: (a) => ({ adAccountId: a.adAccountId, limit: a.limit, after: a.cursor, effectiveStatus: a.status }),
  next: (d) => (at(d, 'paging', 'hasNext') === true ? text(at(d, 'paging', 'cursors', 'after')) : null),
});

/** Meta's routes behind the MCP tools. A new campaign is PAUSED unless its arguments say otherwise. */
export const facebookMcp: PlatformMcp = {
  lists: { campaign: list('facebookListCampaigns'), adset: list('facebookListAdSets'), ad: list('facebookListAds') },
  status: {
    campaign: statusByPathId('facebookUpdateCampaignStatus'),
    adset: statusByPathId('facebookUpdateAdSetStatus'),
    ad: statusByPathId('facebookUpdateAdStatus'),
  },
  budget: {
    routes: { campaign: 'facebookUpdateCampaign', adset: 'facebookUpdateAdSet' },
    fields: ['daily_budget', 'lifetime_budget'],
    unit: "in the currency's minor unit (cents)",
    input: budgetByPathId('id'),
  },
  create: { operationId: 'facebookCreateCampaign', what: 'a campaign', statusKey: 'status' },
};
