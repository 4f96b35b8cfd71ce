/** LinkedIn request building without HTTP: the wire headers, finder queries, writes, DTO checks and the consent URL. */
import { linkedinWire } from '../../../shared/platforms/linkedin/client';
import { linkedinDescriptor } from '../../../shared/platforms/linkedin/descriptor';
import { linkedinOAuth, parseScopes } from '../../../shared/platforms/linkedin/oauth';
import { encodeQuery } from '../../../shared/platforms/linkedin/restli';
import { accountPath, create, partialUpdate } from '../../../shared/platforms/linkedin/operations/call';
import { analyticsCall, campaignGroupsCall, campaignsCall, creativesCall } from '../../../shared/platforms/linkedin/operations/reads';
import { ReadAnalyticsDto, ReadCampaignsDto, ReadCampaignGroupsDto, ReadCreativesDto } from '../../../shared/platforms/linkedin/operations/read.dto';
import { CreateCampaignDto, CreateCampaignGroupDto, StatusChangeDto } from '../../../shared/platforms/linkedin/operations/write.dto';
import type { PlatformClient } from '../../../shared/platforms/core/types';

const d = linkedinDescriptor({});
const app = { clientId: 'cid 1', clientSecret: 's', extras: {} };

describe('linkedin wire', () => {
  const wire = linkedinWire(d);

  it('every /rest call carries LinkedIn-Version, X-Restli-Protocol-Version 2.0.0 and the Bearer token; the query is Rest.li', () => {
    const out = wire.encode({ method: 'GET', path: 'adAccounts', query: { q: 'search', search: { id: { values: ['urn:li:sponsoredAccount:1'] } } }, kind: 'read' }, 'tok');
    expect(out.headers).toEqual({ 'LinkedIn-Version': '202609', 'X-Restli-Protocol-Version': '2.0.0', authorization: 'Bearer tok' });
    expect(out.url).toBe('https://api.linkedin.com/rest/adAccounts?q=search&search=(id:(values:List(urn%3Ali%3AsponsoredAccount%3A1)))');
    expect(out.body).toBeUndefined();
  });

  it('a POST always has a JSON body; OAuth calls go to their URL as a form without REST headers', () => {
    expect(wire.encode({ method: 'POST', path: 'x', kind: 'write' }, 't')).toMatchObject({ body: '{}', headers: { 'content-type': 'application/json' } });
    const o = wire.encode({ method: 'POST', path: '', absoluteUrl: d.tokenUrl, form: { grant_type: 'refresh_token', refresh_token: 'r t' }, kind: 'write' }, undefined);
    expect(o).toEqual({ url: 'https://www.linkedin.com/oauth/v2/accessToken', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=refresh_token&refresh_token=r+t' });
  });
});

describe('linkedin calls', () => {
  it('lists campaign groups by status, id and exact name with cursor paging', () => {
    const q = ReadCampaignGroupsDto.parse({ adAccountId: '5', status: 'ACTIVE,PAUSED', ids: 'urn:li:sponsoredCampaignGroup:6,7', name: 'Q1 (EU)', pageSize: '50', pageToken: 'abc' });
    const c = campaignGroupsCall('5', q);
    expect(c.path).toBe('adAccounts/5/adCampaignGroups');
    expect(c.headers).toEqual({ 'X-RestLi-Method': 'FINDER' });
    expect(encodeQuery(c.query!)).toBe(
      'q=search&search=(id:(values:List(urn%3Ali%3AsponsoredCampaignGroup%3A6,urn%3Ali%3AsponsoredCampaignGroup%3A7)),name:(values:List(Q1%20%28EU%29)),status:(values:List(ACTIVE,PAUSED)))&pageSize=50&pageToken=abc',
    );
  });

  it('lists campaigns of groups, and creatives of campaigns with q=criteria; an unknown status is refused before any call', () => {
    const c = campaignsCall('5', ReadCampaignsDto.parse({ adAccountId: '5', campaignGroupIds: '6' }));
    expect(encodeQuery(c.query!)).toBe('q=search&search=(campaignGroup:(values:List(urn%3Ali%3AsponsoredCampaignGroup%3A6)))&pageSize=100');
    const cr = creativesCall('5', ReadCreativesDto.parse({ adAccountId: '5', campaignIds: '7', intendedStatus: 'ACTIVE' }));
    expect(encodeQuery(cr.query!)).toBe('q=criteria&campaigns=List(urn%3Ali%3AsponsoredCampaign%3A7)&intendedStatuses=List(ACTIVE)&pageSize=100');
    expect(ReadCampaignsDto.safeParse({ adAccountId: '5', status: 'RUNNING' }).success).toBe(false);
    expect(ReadCreativesDto.safeParse({ adAccountId: '5', pageSize: '101' }).success).toBe(false);
  });

  it('analytics always names the guarded account as a facet, with dateRange as Rest.li dates', () => {
    const q = ReadAnalyticsDto.parse({ adAccountId: '5', pivot: 'CAMPAIGN', timeGranularity: 'DAILY', startDate: '2025-02-01', endDate: '2025-02-28', campaignIds: '7', fields: 'dateRange,pivotValues,impressions' });
    expect(encodeQuery(analyticsCall('5', q).query!)).toBe(
      'q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=(end:(day:28,month:2,year:2025),start:(day:1,month:2,year:2025))&accounts=List(urn%3Ali%3AsponsoredAccount%3A5)&campaigns=List(urn%3Ali%3AsponsoredCampaign%3A7)&fields=dateRange,pivotValues,impressions',
    );
    expect(ReadAnalyticsDto.safeParse({ adAccountId: '5', pivot: 'CAMPAIGN', startDate: '2025-02-01', fields: Array.from({ length: 21 }, (_, i) => `m${i}`).join(',') }).success).toBe(false);
    expect(() => analyticsCall('5', ReadAnalyticsDto.parse({ adAccountId: '5', pivot: 'CAMPAIGN', startDate: '2025-02-10', endDate: '2025-02-01' }))).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('a create is a CREATE never retried blindly; a status change is a PARTIAL_UPDATE $set that may be', () => {
    expect(create(accountPath('5', 'adCampaigns'), { name: 'n', x: undefined })).toEqual({ method: 'POST', path: 'adAccounts/5/adCampaigns', body: { name: 'n' }, headers: { 'X-RestLi-Method': 'CREATE' }, idempotent: false });
    expect(partialUpdate(accountPath('5', 'adCampaigns', '7'), { status: 'PAUSED' })).toEqual({ method: 'POST', path: 'adAccounts/5/adCampaigns/7', body: { patch: { $set: { status: 'PAUSED' } } }, headers: { 'X-RestLi-Method': 'PARTIAL_UPDATE' }, idempotent: true });
    expect(accountPath('5', 'creatives', 'urn:li:sponsoredCreative:8')).toBe('adAccounts/5/creatives/urn%3Ali%3AsponsoredCreative%3A8');
  });

  it('a campaign create takes the group as a number or URN, amounts as decimal strings, and names up to LinkedIn’s limit', () => {
    const base = { adAccountId: '5', campaignGroupId: 'urn:li:sponsoredCampaignGroup:6', name: 'Spring', type: 'SPONSORED_UPDATES', costType: 'CPC', unitCost: { amount: '4.50', currencyCode: 'USD' }, runSchedule: { start: 1767225600000 }, locale: { country: 'US', language: 'en' }, targetingCriteria: { include: { and: [] } } };
    expect(CreateCampaignDto.parse(base)).toMatchObject({ campaignGroupId: '6', status: 'DRAFT' });
    expect(CreateCampaignDto.safeParse({ ...base, unitCost: { amount: 4.5, currencyCode: 'USD' } }).success).toBe(false);
    expect(CreateCampaignDto.safeParse({ ...base, name: 'x'.repeat(101) }).success).toBe(false);
    expect(CreateCampaignDto.safeParse({ ...base, campaignGroupId: 'urn:li:sponsoredCampaign:6' }).success).toBe(false);
    expect(CreateCampaignDto.safeParse({ ...base, runSchedule: { start: 2, end: 1 } }).success).toBe(false);
  });

  it('a body takes ids as the JSON numbers LinkedIn (and our reads) give them, and hands them on as text', () => {
    const base = { adAccountId: 5, campaignGroupId: 6, name: 'Spring', type: 'SPONSORED_UPDATES', costType: 'CPC', unitCost: { amount: '4.50', currencyCode: 'USD' }, runSchedule: { start: 1767225600000 }, locale: { country: 'US', language: 'en' }, targetingCriteria: { include: { and: [] } } };
    expect(CreateCampaignDto.parse(base)).toMatchObject({ adAccountId: '5', campaignGroupId: '6' });
    expect(CreateCampaignGroupDto.parse({ adAccountId: 5, name: 'G', runSchedule: { start: 1767225600000 } })).toMatchObject({ adAccountId: '5' });
    expect(StatusChangeDto.parse({ adAccountId: 5, status: 'PAUSED' })).toEqual({ adAccountId: '5', status: 'PAUSED' });
    for (const bad of [0, -6, 6.5, 2 ** 60]) expect(CreateCampaignDto.safeParse({ ...base, campaignGroupId: bad }).success).toBe(false);
    expect(CreateCampaignDto.safeParse({ ...base, adAccountId: 5.5 }).success).toBe(false);
  });
});

describe('linkedin consent URL and callback', () => {
  const oauth = linkedinOAuth({} as PlatformClient, d);

  it('asks for code with client_id, redirect_uri, state and space-separated scopes (the defaults when none are named)', () => {
    const u = oauth.authorizeUrl({ app, redirectUri: 'https://gw.example.com/api/v1/connections/linkedin/callback', state: 'st', scopes: [] });
    expect(u.startsWith('https://www.linkedin.com/oauth/v2/authorization?')).toBe(true);
    expect(u).toContain('scope=r_ads%20rw_ads%20r_ads_reporting');
    expect(u).toContain('client_id=cid%201');
    const p = new URL(u).searchParams;
    expect(Object.fromEntries(p)).toEqual({ response_type: 'code', client_id: 'cid 1', redirect_uri: 'https://gw.example.com/api/v1/connections/linkedin/callback', state: 'st', scope: 'r_ads rw_ads r_ads_reporting' });
    expect(oauth.usesPkce).toBe(false);
  });

  it('reads code, state and a cancel from the callback; scopes come space- or comma-separated', () => {
    expect(oauth.readCallback({ code: 'c', state: 's' })).toEqual({ code: 'c', state: 's', error: undefined, errorDescription: undefined });
    expect(oauth.readCallback({ error: 'user_cancelled_authorize', error_description: 'x', state: 's' })).toMatchObject({ error: 'user_cancelled_authorize' });
    expect(parseScopes('r_ads,rw_ads r_ads_reporting')).toEqual(['r_ads', 'rw_ads', 'r_ads_reporting']);
    expect(parseScopes(undefined)).toEqual([]);
  });
});
