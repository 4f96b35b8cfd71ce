/** LinkedIn id normalisation, the scope model and the descriptor's configuration. */
import { idOf, normalizeLinkedinAccountId } from '../../../shared/platforms/linkedin/ids';
import { linkedinDescriptor, LINKEDIN_SCOPES } from '../../../shared/platforms/linkedin/descriptor';
import { LINKEDIN_SCOPE_MODEL } from '../../../shared/platforms/linkedin/scopes';
import { missingScopes } from '../../../shared/platforms/core/scopes';

describe('linkedin ids', () => {
  it.each([
    ['508000001', '508000001'],
    [' urn:li:sponsoredAccount:508000001 ', '508000001'],
    ['urn%3Ali%3AsponsoredAccount%3A508000001', '508000001'],
    ['000123', '123'],
  ])('accepts %p as account %p', (raw, id) => expect(normalizeLinkedinAccountId(raw)).toBe(id));

  it.each(['urn:li:sponsoredCampaign:1', 'act_123', '12a', '', '0', 'urn:li:sponsoredAccount:', '1'.repeat(20), 'urn%3Ali%3AsponsoredAccount%3Ax%ZZ'])('refuses %p', (raw) => {
    expect(normalizeLinkedinAccountId(raw)).toBeNull();
  });

  it('reads campaign group, campaign and creative URNs of their own kind only', () => {
    expect(idOf('group', 'urn:li:sponsoredCampaignGroup:6')).toBe('6');
    expect(idOf('campaign', 'urn:li:sponsoredCampaignGroup:6')).toBeNull();
    expect(idOf('creative', 'urn:li:sponsoredCreative:8')).toBe('8');
  });
});

describe('linkedin scopes and descriptor', () => {
  it('asks for r_ads, rw_ads and r_ads_reporting by default', () => {
    expect(LINKEDIN_SCOPES).toEqual(['r_ads', 'rw_ads', 'r_ads_reporting']);
  });

  it('maps reads to r_ads|rw_ads, writes to rw_ads and analytics to r_ads_reporting', () => {
    const m = LINKEDIN_SCOPE_MODEL;
    const need = (op: string, method: string, granted: string[]) => missingScopes(m.features[m.featureOf(op, method)!]!, granted);
    expect(need('readLinkedinCampaigns', 'GET', ['rw_ads'])).toEqual([]);
    expect(need('createLinkedinCampaign', 'POST', ['r_ads'])).toEqual(['rw_ads']);
    expect(need('readLinkedinAnalytics', 'GET', ['r_ads', 'rw_ads'])).toEqual(['r_ads_reporting']);
    // The generic import route is a POST that only reads.
    expect(need('startLinkedinImport', 'POST', ['r_ads'])).toEqual([]);
  });

  it('defaults to the production hosts and version, and takes LINKEDIN_* keys from the config', () => {
    const d = linkedinDescriptor({});
    expect(d).toMatchObject({ apiBase: 'https://api.linkedin.com/rest/', apiVersion: '202609', authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization', tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken', limitHeaders: [] });
    const sim = linkedinDescriptor({ LINKEDIN_API_URL: 'http://127.0.0.1:9/', LINKEDIN_OAUTH_URL: 'http://127.0.0.1:9', LINKEDIN_API_VERSION: '202603', LINKEDIN_APP_RPS: '3' });
    expect(sim).toMatchObject({ apiBase: 'http://127.0.0.1:9/rest/', apiVersion: '202603', revokeUrl: 'http://127.0.0.1:9/oauth/v2/revoke', appRps: 3 });
    expect(() => linkedinDescriptor({ LINKEDIN_API_VERSION: '2026-09' })).toThrow();
  });
});
