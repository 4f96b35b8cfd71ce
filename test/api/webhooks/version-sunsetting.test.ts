/**
 * `platform.version_sunsetting`: the housekeeping sweep tells a tenant with a Meta connection, once
 * per notice, that the Meta version in use (pinned to v25.0, sunset 2027-02-23) sunsets in 90, 30
 * or 7 days. The days come from a fake clock; the webhook is read at the tenant's receiver.
 */
import { PlatformVersions } from '../../../shared/domain/platform-versions/platform-versions';
import { sendSunsetNotices } from '../../../shared/domain/platform-versions/sunset-notices';
import { ACCOUNTS } from '../../simulators/facebook';
import { eventually } from '../../helpers/eventually';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { trackSecret } from '../../helpers/identity';
import { http, useWorld } from '../../world';
import { key } from './support';

const TYPE = 'platform.version_sunsetting';
let rx: WebhookReceiver;
beforeAll(async () => {
  rx = await startWebhookReceiver();
});
afterAll(() => rx?.close());

describe('platform.version_sunsetting', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: { FACEBOOK_API_VERSION: 'v25.0', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
    const r = await http(w.app.url, 'POST', '/api/v1/tenant/webhooks', { headers: key(w.apiKey), body: { url: rx.url, events: ['job.failed'] } });
    trackSecret(r.body.data.secret);
    return { endpointId: r.body.data.id as string };
  });

  /** One sweep on `day` (noon UTC), as the hourly job runs it. */
  const sweepOn = (day: string) => {
    const { orm, redis, config, logger } = w.app.infra;
    const versions = new PlatformVersions(w.app.config, () => Date.parse(`${day}T12:00:00Z`));
    return sendSunsetNotices({ orm, redis, prefix: config.REDIS_PREFIX, logger }, versions);
  };
  const received = () => rx.received.filter((x) => x.json.type === TYPE);
  const subscribe = (events: string[]) => http(w.app.url, 'PATCH', `/api/v1/tenant/webhooks/${w.endpointId}`, { headers: key(w.apiKey), body: { events } });

  it('is sent only to subscribed tenants, once when 90 days are crossed, and once more at 30', async () => {
    // Not subscribed: nothing, and the notice is not used up.
    expect((await sweepOn('2026-11-25')).sent).toEqual([]);

    expect((await subscribe(['job.failed', TYPE])).status).toBe(200);
    expect((await sweepOn('2026-11-24')).sent).toEqual([]); // 91 days left
    const first = await sweepOn('2026-11-25');
    expect(first.sent).toEqual([{ tenantId: w.tenant.tenantId, platform: 'facebook', version: 'v25.0', threshold: 90 }]);
    const hook = await rx.waitFor((x) => x.json.type === TYPE);
    expect(hook.json.data).toEqual({
      platform: 'facebook',
      displayName: 'Meta',
      version: 'v25.0',
      configVariable: 'FACEBOOK_API_VERSION',
      sunset: '2027-02-23',
      daysLeft: 90,
      threshold: 90,
      source: 'https://developers.facebook.com/documentation/ads-commerce/marketing-api/marketing-api-changelog/versions',
    });

    // Run again (a restart, a second worker at the same time, a later day before 30): nothing more.
    const again = await Promise.all([sweepOn('2026-11-25'), sweepOn('2026-11-25'), sweepOn('2026-12-20')]);
    expect(again.flatMap((r) => r.sent)).toEqual([]);

    const thirty = await sweepOn('2027-01-24');
    expect(thirty.sent).toEqual([{ tenantId: w.tenant.tenantId, platform: 'facebook', version: 'v25.0', threshold: 30 }]);
    const all = await eventually(async () => received(), (xs) => xs.length >= 2);
    expect(all.map((x) => x.json.data.threshold)).toEqual([90, 30]);
    expect((await sweepOn('2027-01-24')).sent).toEqual([]);
  });
});
