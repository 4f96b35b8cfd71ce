/** The LinkedIn route specs before they are mounted: documented, guarded by the scope model, and wired to existing jobs. */
import { buildOpenApi } from '../../../api/openapi';
import { linkedinRoutes } from '../../../api/routes/linkedin';
import { LINKEDIN_SCOPE_MODEL } from '../../../shared/platforms/linkedin/scopes';
import { campaignGroupStatus, campaignStatus, createCampaign, createCampaignGroup, linkedinWriteOperations } from '../../../shared/platforms/linkedin/operations/write-operations';

describe('linkedin routes', () => {
  it('document every route under /api/v1/linkedin with a unique operationId', () => {
    const doc = buildOpenApi(linkedinRoutes, 'test') as { paths: Record<string, Record<string, { operationId: string }>>; components: { schemas: Record<string, unknown> } };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, o]) => `${m.toUpperCase()} ${path} ${o.operationId}`));
    expect(ops.sort()).toEqual([
      'GET /api/v1/linkedin/analytics readLinkedinAnalytics',
      'GET /api/v1/linkedin/campaign-groups readLinkedinCampaignGroups',
      'GET /api/v1/linkedin/campaigns readLinkedinCampaigns',
      'GET /api/v1/linkedin/creatives readLinkedinCreatives',
      'PATCH /api/v1/linkedin/campaign-groups/{id}/budget updateLinkedinCampaignGroupBudget',
      'PATCH /api/v1/linkedin/campaigns/{id}/budget updateLinkedinCampaignBudget',
      'POST /api/v1/linkedin/campaign-groups createLinkedinCampaignGroup',
      'POST /api/v1/linkedin/campaign-groups/{id}/status updateLinkedinCampaignGroupStatus',
      'POST /api/v1/linkedin/campaigns createLinkedinCampaign',
      'POST /api/v1/linkedin/campaigns/{id}/status updateLinkedinCampaignStatus',
    ]);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['CreateLinkedinCampaignDto', 'LinkedinCampaignPage', 'LinkedinAnalytics', 'LinkedinCreated']));
  });

  it('every route names the scope its feature needs: reads r_ads, writes rw_ads, analytics r_ads_reporting', () => {
    const needs = Object.fromEntries(linkedinRoutes.map((r) => [r.operationId, LINKEDIN_SCOPE_MODEL.features[LINKEDIN_SCOPE_MODEL.featureOf(r.operationId, r.method)!]!.needs]));
    expect(needs.readLinkedinCampaigns).toEqual([['r_ads', 'rw_ads']]);
    expect(needs.createLinkedinCampaign).toEqual([['rw_ads']]);
    expect(needs.updateLinkedinCampaignGroupStatus).toEqual([['rw_ads']]);
    expect(needs.updateLinkedinCampaignBudget).toEqual([['rw_ads']]);
    expect(needs.readLinkedinAnalytics).toEqual([['r_ads_reporting']]);
  });

  it('every write job the routes submit exists, for the linkedin platform, with a params schema', () => {
    expect([...linkedinWriteOperations]).toEqual(expect.arrayContaining([createCampaignGroup, campaignGroupStatus, createCampaign, campaignStatus]));
    for (const o of linkedinWriteOperations) {
      expect(o.platform).toBe('linkedin');
      expect(o.params).toBeDefined();
    }
  });
});
