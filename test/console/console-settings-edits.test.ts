import { useWorld } from '../world';
import { csrfIn, fetchPage, makeUser, signIn } from './console-support';

/**
 * Platform apps, allowed origins and guardrails edited in the console over plain HTTP: the tenant
 * routes' checks and role rules, secrets never shown back, refusals as plain words on the page.
 */
jest.setTimeout(120_000);

const w = useWorld({ platforms: [] }, async (w) => {
  const member = await makeUser(w.app, w.tenant.tenantId, 'member');
  const admin = await makeUser(w.app, w.tenant.tenantId, 'admin');
  return { member, admin };
});

const settingsOf = async () =>
  (await w.app.infra.orm.em.getConnection().execute<{ settings: Record<string, unknown> }[]>('select settings from tenants where id = ?', [w.tenant.tenantId]))[0]!.settings;
const tiktokApp = () => w.app.services.tenantApps.get(w.app.infra.orm.em.fork(), w.tenant.tenantId, 'tiktok');

/** Posts a settings form the way the page's own form does: with its anti-forgery field. */
async function post(cookie: string, path: string, form: Record<string, string | string[]>) {
  const page = await fetchPage(w.url, '/console/settings', { cookie });
  return fetchPage(w.url, path, { cookie, form: { csrf: csrfIn(page.text), ...form } });
}

describe('console settings edits', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(w.url, w.admin.email, w.admin.password);
  });

  it('an admin adds a platform app; its secret is only ever "Set", and an empty secret field keeps it', async () => {
    const SECRET = 'tt-secret-value-not-to-show-9876';
    const added = await post(admin, '/console/settings/apps/tiktok', { app_appId: 'tt-app-1', app_secret: SECRET, app_redirectUri: '' });
    expect(added.status).toBe(303);
    const page = await fetchPage(w.url, added.location!, { cookie: admin });
    expect(page.text).toContain('The TikTok');
    expect(page.text).toContain('value="tt-app-1"');
    expect(page.text).toContain('Set. Leave empty to keep it');
    expect(page.text).not.toContain(SECRET);
    expect(page.text).not.toContain('9876');

    const changed = await post(admin, '/console/settings/apps/tiktok', { app_appId: 'tt-app-2', app_secret: '', app_redirectUri: 'https://app.example.com/cb' });
    expect(changed.status).toBe(303);
    expect(await tiktokApp()).toMatchObject({ appId: 'tt-app-2', secret: { configured: true, last4: '9876' }, redirectUri: 'https://app.example.com/cb' });
  });

  it('an invalid app field is refused on the page in plain words; what was typed stays, the secret does not', async () => {
    const r = await post(admin, '/console/settings/apps/tiktok', { app_appId: 'tt-typed', app_secret: 'another-secret-5555', app_redirectUri: 'not a url' });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(r.text).toContain('OAuth redirect URI registered with the platform: must be an http(s) URL');
    expect(r.text).toContain('value="tt-typed"');
    expect(r.text).not.toContain('another-secret-5555');
    expect(await tiktokApp()).toMatchObject({ appId: 'tt-app-2' });
  });

  it('allowed origins are saved one a line; a path is refused, naming the line', async () => {
    const ok = await post(admin, '/console/settings/origins', { origins: 'https://app.example.com\nhttps://shop.example.com:8443\n' });
    expect(ok.status).toBe(303);
    expect((await settingsOf()).allowedOrigins).toEqual(['https://app.example.com', 'https://shop.example.com:8443']);
    const page = await fetchPage(w.url, ok.location!, { cookie: admin });
    expect(page.text).toContain('The allowed origins are saved.');
    expect(page.text).toContain('<li><code>https://shop.example.com:8443</code></li>');

    const bad = await post(admin, '/console/settings/origins', { origins: 'https://app.example.com\nhttps://other.example.com/path' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Line 2 (https://other.example.com/path): must be an origin');
    expect((await settingsOf()).allowedOrigins).toEqual(['https://app.example.com', 'https://shop.example.com:8443']);
  });

  it('guardrails are saved through the tenant schema, shown back, and cleared when emptied', async () => {
    const ok = await post(admin, '/console/settings/guardrails', { maxDailyBudget: 'USD 500\neur 450.50', maxBudgetIncreasePercent: '50', requireConfirmation: ['activate', 'create'] });
    expect(ok.status).toBe(303);
    expect((await settingsOf()).guardrails).toEqual({ maxDailyBudget: { USD: '500', EUR: '450.50' }, maxBudgetIncreasePercent: 50, requireConfirmation: ['activate', 'create'] });
    const page = await fetchPage(w.url, ok.location!, { cookie: admin });
    expect(page.text).toMatch(/<dd>(500 USD, 450.50 EUR|450.50 EUR, 500 USD)<\/dd>/);
    expect(page.text).toContain('Turning a campaign, ad set or ad on, Creating anything');

    for (const [form, words] of [
      [{ maxDailyBudget: 'USD lots', maxBudgetIncreasePercent: '' }, 'Largest daily budget, USD: a decimal amount in that currency'],
      [{ maxDailyBudget: '500', maxBudgetIncreasePercent: '' }, 'write each limit as a currency code and an amount'],
      [{ maxDailyBudget: '', maxBudgetIncreasePercent: 'lots' }, 'Largest budget increase: a number of per cent'],
    ] as const) {
      const bad = await post(admin, '/console/settings/guardrails', form);
      expect(bad.status).toBe(400);
      expect(bad.text).toContain(words);
    }
    expect((await settingsOf()).guardrails).toMatchObject({ maxBudgetIncreasePercent: 50 });

    expect((await post(admin, '/console/settings/guardrails', { maxDailyBudget: '', maxBudgetIncreasePercent: '' })).status).toBe(303);
    expect((await settingsOf()).guardrails).toBeUndefined();
  });

  it('a member sees the settings without forms and cannot change them', async () => {
    const member = await signIn(w.url, w.member.email, w.member.password);
    const page = await fetchPage(w.url, '/console/settings', { cookie: member });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Only an owner or admin can change the platform apps.');
    expect(page.text).not.toMatch(/action="\/console\/settings\/(apps|origins|guardrails)/);
    const before = await settingsOf();
    for (const [path, form] of [
      ['/console/settings/origins', { origins: 'https://evil.example.com' }],
      ['/console/settings/guardrails', { maxDailyBudget: 'USD 1' }],
      ['/console/settings/apps/tiktok', { app_appId: 'member-app', app_secret: 'x-secret' }],
    ] as const) {
      const r = await post(member, path, form);
      expect(r.status).toBe(403);
      expect(r.text).toContain('Not allowed');
    }
    expect(await settingsOf()).toEqual(before);
    expect(await tiktokApp()).toMatchObject({ appId: 'tt-app-2' });
  });

  it('a change without the form’s anti-forgery field changes nothing', async () => {
    const r = await fetchPage(w.url, '/console/settings/origins', { cookie: admin, form: { origins: 'https://forged.example.com' } });
    expect(r.status).toBe(403);
    expect(r.text).toContain('Form refused');
    expect((await settingsOf()).allowedOrigins).not.toContain('https://forged.example.com');
  });
});
