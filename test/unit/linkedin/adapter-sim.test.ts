/**
 * The LinkedIn adapter against the LinkedIn simulator over HTTP, through a registry that holds the
 * adapter (added here only: LinkedIn is not in the platform list yet): the OAuth round trip,
 * account discovery, token refresh, the daily-quota hold, and reads and writes through the same
 * calls the routes and jobs make.
 */
import { randomBytes } from 'node:crypto';
import IORedis from 'ioredis';
import pino from 'pino';
import { loadConfig } from '../../../shared/infra/config';
import { OutboundLimiter } from '../../../shared/platforms/core/limiter';
import { PlatformRegistry } from '../../../shared/platforms/core/registry';
import type { PlatformAdapter, TokenSource } from '../../../shared/platforms/core/types';
import { createLinkedinAdapter } from '../../../shared/platforms/linkedin';
import { readAnalytics } from '../../../shared/platforms/linkedin/operations/analytics';
import type { LinkedinCall } from '../../../shared/platforms/linkedin/operations/call';
import { ReadAnalyticsDto } from '../../../shared/platforms/linkedin/operations/read.dto';
import { startLinkedinSim } from '../../simulators/linkedin';

let sim: Awaited<ReturnType<typeof startLinkedinSim>>;
let redis: IORedis;
let limiter: OutboundLimiter;
let registry: PlatformRegistry;
let li: PlatformAdapter;
const app = { clientId: 'li-app-1', clientSecret: 'li-secret-1', extras: {} };
const redirectUri = 'https://gw.example.com/api/v1/connections/linkedin/callback';

const control = (path: string, body?: unknown) =>
  fetch(`${sim.baseUrl}/__sim${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, unknown>>);
const callsTo = async (path: string) => ((await control(`/calls?path=${encodeURIComponent(path)}`)).calls as unknown[]).length;

beforeAll(async () => {
  sim = await startLinkedinSim({ strict: true, apps: [{ ...app, redirectUris: [redirectUri] }] });
  const config = { ...loadConfig({ ...process.env }), LINKEDIN_API_URL: sim.baseUrl, LINKEDIN_OAUTH_URL: sim.baseUrl, LINKEDIN_APP_RPS: 0 };
  const logger = pino({ level: 'silent' });
  redis = new IORedis(config.REDIS_URL);
  limiter = new OutboundLimiter({ redisUrl: config.REDIS_URL, redis, prefix: `li:${randomBytes(5).toString('hex')}`, logger, readDeadlineMs: 3000 });
  registry = new PlatformRegistry([createLinkedinAdapter({ config, http: { limiter, logger, connectTimeoutMs: 1000, responseTimeoutMs: 3000, maxRetries: 2 } })]);
  // registry.get('linkedin') answers NOT_FOUND until `linkedin` is in PLATFORMS; the adapter is found by name.
  li = registry.all().find((a) => (a.platform as string) === 'linkedin')!;
});
afterAll(async () => {
  await registry.close();
  await limiter.close();
  redis.disconnect();
  await sim.close();
});

async function consent(user = 'alice') {
  const url = new URL(li.oauth.authorizeUrl({ app, redirectUri, state: 'st-1', scopes: [] }));
  url.searchParams.set('sim_user', user);
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(redirectUri);
  return li.oauth.readCallback(Object.fromEntries(back.searchParams));
}

describe('linkedin adapter against the simulator', () => {
  it('consent → code → grant with refresh token and granted scopes → the member’s accounts with names and currencies', async () => {
    const cb = await consent();
    expect(cb.state).toBe('st-1');
    const grant = await li.oauth.exchangeCode({ app, code: cb.code!, redirectUri });
    expect(grant.scopes).toEqual(['r_ads', 'rw_ads', 'r_ads_reporting']);
    expect(grant.refreshToken).toEqual(expect.any(String));
    expect(grant.expiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * 86_400_000);
    const accounts = await li.operations.discoverAccounts({ app, token: grant.accessToken, grant });
    expect(accounts).toEqual([
      { platformAccountId: '508000001', name: 'Alice Robotics US', currency: 'USD', timezone: null },
      { platformAccountId: '508000002', name: 'Alice Robotics EU', currency: 'EUR', timezone: null },
      { platformAccountId: '508000003', name: 'Partner Agency (view only)', currency: 'USD', timezone: null },
    ]);
    await expect(li.operations.fetchAccount({ app, token: grant.accessToken, platformAccountId: '508000002' })).resolves.toMatchObject({ name: 'Alice Robotics EU' });
    await expect(li.operations.fetchAccount({ app, token: grant.accessToken, platformAccountId: '508000011' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(li.oauth.inspect!(app, grant.accessToken)).resolves.toMatchObject({ scopes: ['r_ads', 'rw_ads', 'r_ads_reporting'] });
  });

  it('a code is single use and a wrong secret is refused', async () => {
    const { code } = await consent();
    await li.oauth.exchangeCode({ app, code: code!, redirectUri });
    await expect(li.oauth.exchangeCode({ app, code: code!, redirectUri })).rejects.toMatchObject({ code: 'PLATFORM_REJECTED' });
    const again = await consent();
    await expect(li.oauth.exchangeCode({ app: { ...app, clientSecret: 'wrong' }, code: again.code!, redirectUri })).rejects.toMatchObject({ code: 'PLATFORM_REJECTED' });
  });

  it('an expired access token is refreshed once by the token source and the call goes through; a revoked grant asks to re-authorize', async () => {
    const grant = await li.oauth.exchangeCode({ app, code: (await consent()).code!, redirectUri });
    await control('/tokens/expire', { token: grant.accessToken });
    let current = grant.accessToken;
    let refreshes = 0;
    const source: TokenSource = {
      get: async () => current,
      refresh: async () => {
        refreshes++;
        current = (await li.oauth.refresh!(app, grant.refreshToken!)).accessToken;
        return current;
      },
    };
    const acct = await li.client.request<{ id: number }>({ method: 'GET', path: 'adAccounts/508000001', token: source, kind: 'read', accountKey: '508000001' });
    expect(acct.id).toBe(508000001);
    expect(refreshes).toBe(1);
    await li.oauth.revoke(app, { accessToken: current });
    await expect(li.oauth.refresh!(app, grant.refreshToken!)).rejects.toMatchObject({ code: 'CONNECTION_REAUTH_REQUIRED' });
  });

  it('a daily-quota 429 answers PLATFORM_RATE_LIMITED with Retry-After and holds the account: the next call does not reach LinkedIn', async () => {
    const { access_token: token } = (await control('/tokens', { user: 'bob' })) as { access_token: string };
    await control('/faults', { path: '/adAccounts/508000011', kind: 'quota', count: 1 });
    const read = () => li.client.request({ method: 'GET', path: 'adAccounts/508000011', token, kind: 'read', accountKey: '508000011' });
    const err = await read().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'PLATFORM_RATE_LIMITED' });
    expect((err as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    expect((err as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(3600);
    const before = await callsTo('/adAccounts/508000011');
    await expect(read()).rejects.toMatchObject({ code: 'PLATFORM_RATE_LIMITED' });
    expect(await callsTo('/adAccounts/508000011')).toBe(before);
  });

  it('a create answers the new id from x-restli-id, a status change goes through, and analytics refuses a campaign of another account before reporting', async () => {
    const { access_token: token } = (await control('/tokens', { user: 'alice' })) as { access_token: string };
    const call = <T>(c: LinkedinCall) => li.client.request<T>({ method: c.method, path: c.path, query: c.query, body: c.body, headers: c.headers, token, kind: c.method === 'GET' ? 'read' : 'write', accountKey: '508000002' });
    const created = await call<{ id: string }>({ method: 'POST', path: 'adAccounts/508000002/adCampaignGroups', body: { account: 'urn:li:sponsoredAccount:508000002', name: 'From adapter', status: 'DRAFT', runSchedule: { start: 1767225600000 } }, headers: { 'X-RestLi-Method': 'CREATE' } });
    expect(created.id).toMatch(/^\d+$/);
    await call({ method: 'POST', path: `adAccounts/508000002/adCampaignGroups/${created.id}`, body: { patch: { $set: { status: 'PAUSED' } } }, headers: { 'X-RestLi-Method': 'PARTIAL_UPDATE' } });
    expect(await call({ method: 'GET', path: `adAccounts/508000002/adCampaignGroups/${created.id}`, headers: {} })).toMatchObject({ status: 'PAUSED', name: 'From adapter' });

    const q = (campaignIds: string) => ReadAnalyticsDto.parse({ adAccountId: '508000002', pivot: 'CAMPAIGN', startDate: '2025-02-01', endDate: '2025-02-03', campaignIds, fields: 'pivotValues,impressions' });
    const own = await call<{ elements: { id: number }[] }>({ method: 'GET', path: 'adAccounts/508000002/adCampaigns', query: { q: 'search', pageSize: 1 }, headers: {} });
    const ownCampaign = String(own.elements[0]!.id);
    const report = await readAnalytics<{ elements: { pivotValues: string[] }[] }>(call, '508000002', q(ownCampaign));
    expect(report.elements.map((e) => e.pivotValues[0])).toEqual([`urn:li:sponsoredCampaign:${ownCampaign}`]);
    // 700000001 is a campaign of 508000001, which alice can also read on LinkedIn.
    await expect(readAnalytics(call, '508000002', q('700000001'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
