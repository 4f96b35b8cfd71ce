/**
 * A platform that no longer serves the configured API version: each simulator is set to retire the
 * version the gateway sends and answers as its platform does (its README, Versions). A read and a
 * write job then fail with 502 PLATFORM_VERSION_RETIRED naming the platform and the version, after
 * one call to the platform: no retry by the HTTP client, none by the job.
 */
import { facebookConfig } from '../../../shared/platforms/facebook/config';
import { googleConfig } from '../../../shared/platforms/google/config';
import { linkedinConfig } from '../../../shared/platforms/linkedin/config';
import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld, type JsonResponse, type World } from '../../world';
import { FB_ENV } from '../facebook/fixtures';
import { aliceAndBob, G, gaqlPath } from '../google/fixtures';
import { ALICE_US, qs } from '../tiktok/fixtures';

const uniq = (what: string) => `${what} ${Date.now()}`;

/** What the user sees: the envelope, the job that ran once, and each platform call made once. */
async function expectRetired(w: World, r: JsonResponse, message: string, calledPath: string) {
  expect(r.status).toBe(502);
  expect(r.body).toMatchObject({ success: false, message, error: { code: 'PLATFORM_VERSION_RETIRED' } });
  const jobId = r.body.jobId as string | undefined;
  if (jobId) {
    const job = await w.call('GET', `/api/v1/jobs/${jobId}`);
    expect(job.body.data).toMatchObject({ state: 'failed', attempts: 1, error: { code: 'PLATFORM_VERSION_RETIRED' } });
  }
  // No call repeated: neither the HTTP client nor the job retried.
  const calls = (await w.sim!.calls(calledPath)).map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body ?? c.query)}`);
  expect(calls.length).toBeGreaterThan(0);
  expect(new Set(calls).size).toBe(calls.length);
}

describe('Meta: (#2635) for an expired version', () => {
  const A1 = ACCOUNTS.alice[0]!;
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${A1}` });
  });
  const version = () => facebookConfig(w.app.config).FACEBOOK_API_VERSION;
  const message = () => `Meta no longer serves API version ${version()}: set FACEBOOK_API_VERSION to a version it serves`;
  beforeEach(() => w.sim.settings({ oldestVersion: 'v99.0', versionAutoUpgrade: false }));
  afterEach(() => w.sim.settings({ oldestVersion: version() }));

  it('a read answers 502 PLATFORM_VERSION_RETIRED', async () => {
    const r = await w.call('GET', `/api/v1/facebook/campaigns?adAccountId=act_${A1}`);
    await expectRetired(w, r, message(), `/act_${A1}/campaigns`);
  });

  it('a write job fails at once with PLATFORM_VERSION_RETIRED', async () => {
    const r = await w.call('POST', '/api/v1/facebook/campaigns/traffic', { body: { adAccountId: A1, name: uniq('Retired'), special_ad_categories: ['NONE'], is_adset_budget_sharing_enabled: false } });
    await expectRetired(w, r, message(), `/act_${A1}/campaigns`);
  });

  it('with the app\'s auto-upgrade on, the call is served by the oldest live version with its warning header', async () => {
    await w.sim.settings({ oldestVersion: 'v99.0', versionAutoUpgrade: true });
    const r = await w.call('GET', `/api/v1/facebook/campaigns?adAccountId=act_${A1}`);
    expect(r.status).toBe(200);
  });
});

describe('Google Ads: UNSUPPORTED_VERSION, then a bare 404 once the version is gone', () => {
  const w = useWorld({ platform: 'google', workers: true }, aliceAndBob);
  const version = () => googleConfig(w.app.config).GOOGLE_ADS_API_VERSION;
  const message = () => `Google Ads no longer serves API version ${version()}: set GOOGLE_ADS_API_VERSION to a version it serves`;
  const n = () => Number(version().slice(1));
  afterEach(() => w.sim.settings({ minVersion: n(), goneBelow: 0 }));
  const read = () => w.call('GET', gaqlPath({ adAccountId: G.aliceUs, query: 'SELECT campaign.id FROM campaign' }));

  it.each([
    ['refused with UNSUPPORTED_VERSION', { minVersion: 99 }],
    ['no longer routed', { goneBelow: 99 }],
  ])('a read answers 502 PLATFORM_VERSION_RETIRED when the version is %s', async (_what, settings) => {
    await w.sim.settings(settings);
    await expectRetired(w, await read(), message(), `/customers/${G.aliceUs}/googleAds:search`);
  });

  it('a write job fails at once with PLATFORM_VERSION_RETIRED', async () => {
    await w.sim.settings({ minVersion: 99 });
    const r = await w.call('POST', `/api/v1/google/campaigns/1/status`, { body: { adAccountId: G.aliceUs, status: 'PAUSED' } });
    await expectRetired(w, r, message(), `/customers/${G.aliceUs}/`);
  });
});

describe('LinkedIn: 426 NONEXISTENT_VERSION', () => {
  const US = '508000001';
  const w = useWorld({ platform: 'linkedin', workers: true }, async (w) => {
    await w.connect('linkedin', { adAccountId: US });
  });
  const version = () => linkedinConfig(w.app.config).LINKEDIN_API_VERSION;
  const message = () => `LinkedIn no longer serves API version ${version()}: set LINKEDIN_API_VERSION to a version it serves`;
  beforeEach(() => w.sim.settings({ oldestVersion: '209901', newestVersion: '209912' }));
  afterEach(() => w.sim.settings({ oldestVersion: '202512', newestVersion: version().slice(0, 6) > '202609' ? version().slice(0, 6) : '202609' }));

  it('a read answers 502 PLATFORM_VERSION_RETIRED', async () => {
    await expectRetired(w, await w.call('GET', `/api/v1/linkedin/campaigns?adAccountId=${US}`), message(), '/rest/');
  });

  it('a write job fails at once with PLATFORM_VERSION_RETIRED', async () => {
    const r = await w.call('POST', '/api/v1/linkedin/campaign-groups', { body: { adAccountId: US, name: uniq('Retired'), runSchedule: { start: 1798761600000 }, totalBudget: { amount: '500.00', currencyCode: 'USD' } } });
    await expectRetired(w, r, message(), '/rest/');
  });
});

describe('TikTok: its 404 for a path under a version it no longer routes', () => {
  const w = useWorld({ platform: 'tiktok', workers: true }, async (w) => {
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
  });
  const message = 'TikTok no longer serves API version v1.3: the gateway must move to a version it serves';
  beforeEach(() => w.sim.settings({ servedVersions: ['v9.9'] }));
  afterEach(() => w.sim.settings({ servedVersions: ['v1.3'] }));

  it('a read answers 502 PLATFORM_VERSION_RETIRED', async () => {
    const r = await w.call('GET', `/api/v1/tiktok/assets?${qs({ adAccountId: ALICE_US, level: 'campaign' })}`);
    await expectRetired(w, r, message, '/open_api/v1.3/');
  });

  it('a write job fails at once with PLATFORM_VERSION_RETIRED', async () => {
    const r = await w.call('POST', '/api/v1/tiktok/assets/status', { body: { adAccountId: ALICE_US, level: 'campaign', ids: ['1800000000000000011'], status: 'DISABLE' } });
    await expectRetired(w, r, message, '/open_api/v1.3/');
  });
});
