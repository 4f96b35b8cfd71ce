import { at, budgetByPathId, statusByPathId, text, type ListTarget, type PlatformMcp } from '../../mcp/platform-mcp';
import { count, routeReadTool, rows } from '../../mcp/route-tool';

const list = (level: string): ListTarget => ({
  operationId: 'googleAssets',
  statusFilter: 'status',
  query: (a) => ({ adAccountId: a.adAccountId, level, statuses: a.status, limit: a.limit, pageToken: a.cursor }),
  next: (d) => text(at(d, 'paging', 'nextPageToken')),
});

const googleAdsSearch = routeReadTool({
  name: 'google_ads_search',
  title: 'Search Google Ads (GAQL)',
  description:
    'Runs one Google Ads Query Language query (raw `query`, or the structured resource/fields/where form) on one or more of the user\'s Google Ads accounts. The query is parsed and checked before any call to Google: a bad one is INVALID_QUERY with the position of the error.',
  operationId: 'googleGaql',
  summary: (d) => `${count(rows(d, 'data'), 'row')} from ${count(rows(d, 'accountIds'), 'account')}`,
});

/** Google Ads' routes behind the MCP tools: a campaign's status and daily budget are its only writes here. */
export const googleMcp: PlatformMcp = {
  levelNames: { adset: 'ad group' },
  tools: [googleAdsSearch],
  lists: { campaign: list('campaign'), adset: list('ad_group'), ad: list('ad') },
  status: { campaign: statusByPathId('googleSetCampaignStatus', 'campaignId') },
  budget: {
    routes: { campaign: 'googleSetCampaignBudget' },
    fields: ['amount', 'amountMicros'],
    unit: "a campaign's daily amount, in currency units or micros",
    input: budgetByPathId('campaignId'),
  },
};
