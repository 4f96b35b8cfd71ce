/**
 * GET /api/v1/platforms and the sunset warning on platform routes, on days set by a fake clock: Meta
 * is pinned to v25.0 (sunset 2027-02-23) so its warnings show; the others are the defaults (Google
 * v26, LinkedIn 202609, TikTok v1.3): this world starts the Meta simulator only.
 */
import { PlatformVersions } from '../../../shared/domain/platform-versions/platform-versions';
import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from '../facebook/fixtures';

const A1 = ACCOUNTS.alice[0];

describe('the platform API versions in use', () => {
  const w = useWorld({ platform: 'facebook', env: { ...FB_ENV, FACEBOOK_API_VERSION: 'v25.0' } }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${A1}` });
  });

  /** The gateway's days from now on are those of `day` (noon UTC). */
  const onDay = (day: string) => {
    w.app.services.platformVersions = new PlatformVersions(w.app.config, () => Date.parse(`${day}T12:00:00Z`));
  };
  afterEach(() => {
    w.app.services.platformVersions = new PlatformVersions(w.app.config);
  });

  it('lists each platform with its version, sunset, days left and sources, to an external user', async () => {
    onDay('2026-11-28');
    const r = await w.call('GET', '/api/v1/platforms');
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Platforms fetched');
    const byPlatform = Object.fromEntries(r.body.data.map((p: { platform: string }) => [p.platform, p]));
    expect(Object.keys(byPlatform).sort()).toEqual(['facebook', 'google', 'linkedin', 'tiktok']);
    expect(byPlatform.facebook).toEqual({
      platform: 'facebook',
      displayName: 'Meta',
      version: 'v25.0',
      configVariable: 'FACEBOOK_API_VERSION',
      state: 'sunsetting',
      released: '2026-02-18',
      sunset: '2027-02-23',
      daysLeft: 87,
      sources: {
        released: 'https://developers.facebook.com/documentation/ads-commerce/marketing-api/marketing-api-changelog/versions',
        sunset: 'https://developers.facebook.com/documentation/ads-commerce/marketing-api/marketing-api-changelog/versions',
      },
      unconfirmed: null,
    });
    expect(byPlatform.tiktok).toMatchObject({ version: 'v1.3', configVariable: null, state: 'current', sunset: null, daysLeft: null });
    expect(byPlatform.linkedin).toMatchObject({ version: '202609', configVariable: 'LINKEDIN_API_VERSION', state: 'current', unconfirmed: expect.stringContaining('estimated') });
    expect(byPlatform.google).toMatchObject({ version: 'v26', configVariable: 'GOOGLE_ADS_API_VERSION', sunset: '2027-10-06', daysLeft: 312 });
  });

  it('counts the days on the clock: more on an earlier day, retired past the sunset', async () => {
    onDay('2026-10-01');
    const early = await w.call('GET', '/api/v1/platforms');
    expect(early.body.data.find((p: { platform: string }) => p.platform === 'facebook')).toMatchObject({ daysLeft: 145, state: 'current' });
    onDay('2027-02-23');
    const late = await w.call('GET', '/api/v1/platforms');
    expect(late.body.data.find((p: { platform: string }) => p.platform === 'facebook')).toMatchObject({ daysLeft: 0, state: 'retired' });
  });

  it('answers the tenant itself (x-api-key alone), and 401 without a credential', async () => {
    const asTenant = await w.call('GET', '/api/v1/platforms', { as: { 'x-api-key': w.apiKey } });
    expect(asTenant.status).toBe(200);
    expect(asTenant.body.data).toHaveLength(4);
    const anonymous = await w.call('GET', '/api/v1/platforms', { as: {} });
    expect(anonymous.status).toBe(401);
  });

  it("warns on the platform's routes from 90 days before the sunset: Deprecation, Sunset and a Link naming the version", async () => {
    onDay('2026-11-28');
    const r = await w.call('GET', `/api/v1/facebook/campaigns?adAccountId=act_${A1}&limit=1`);
    expect(r.status).toBe(200);
    expect(r.headers.get('deprecation')).toBe(`@${Date.parse('2026-11-25T00:00:00Z') / 1000}`);
    expect(r.headers.get('sunset')).toBe('Tue, 23 Feb 2027 00:00:00 GMT');
    expect(r.headers.get('link')).toContain('rel="sunset"; title="Meta API v25.0 is sunset on 2027-02-23"');
  });

  it('sends no warning before the window opens, nor on routes of other areas', async () => {
    onDay('2026-11-24');
    const before = await w.call('GET', `/api/v1/facebook/campaigns?adAccountId=act_${A1}&limit=1`);
    expect(before.status).toBe(200);
    expect(before.headers.get('deprecation')).toBeNull();
    expect(before.headers.get('sunset')).toBeNull();
    onDay('2026-11-28');
    const jobs = await w.call('GET', '/api/v1/jobs');
    expect(jobs.headers.get('deprecation')).toBeNull();
  });

  it('shows the days left per platform as a metrics gauge, none for a platform without a sunset', async () => {
    onDay('2026-11-28');
    const text = await w.app.infra.metrics!.registry.getSingleMetricAsString('platform_version_days_left');
    expect(text).toContain('platform_version_days_left{platform="facebook"} 87');
    expect(text).toContain('platform_version_days_left{platform="google"} 312');
    expect(text).not.toContain('platform="tiktok"');
  });
});
