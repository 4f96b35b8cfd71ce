import { http } from '../helpers/test-app';
import type { Browser } from '../helpers/browser';
import { heading, useConnectBrowser, waitForHeading, WAIT_MS, type ConnectWorld } from './connect-support';

/**
 * The hosted Connect page end to end in a real Chromium, against the simulators: the tenant's site
 * opens it in a popup or sends the whole tab to it; the person picks a platform, consents on the
 * platform's dialog, and activates ad accounts.
 */
// A browser flow is a dozen page loads and platform calls: generous on a shared machine.
jest.setTimeout(180_000);

describe('the Connect page in a browser: popup and redirect flows', () => {
  let w: ConnectWorld;
  let browser: Browser;

  useConnectBrowser((world, b) => ((w = world), (browser = b)));

  const apiAs = (apiKey: string, externalUserId: string, path: string) => http(w.app.url, 'GET', path, { headers: { 'x-api-key': apiKey, 'x-external-user-id': externalUserId } });

  it('popup: the opener on the tenant site receives the documented message when the accounts are activated', async () => {
    const t = await w.newTenant();
    const s = await t.session({ externalUserId: 'popup-user' });
    const page = await browser.newPage();
    await page.goto(`${w.site.origin}/opener?connect=${encodeURIComponent(s.url)}`);
    const [popup] = await Promise.all([browser.context.waitForEvent('page', { timeout: WAIT_MS }), page.getByRole('button', { name: 'Connect ad accounts' }).click()]);

    await waitForHeading(popup, 'Connect your ad accounts');
    // The token went with the first hop: the page's address no longer carries it.
    expect(popup.url()).toBe(`${w.app.url}/connect`);
    await browser.screenshot(popup, 'popup-1-choose-platform');
    await popup.getByRole('button', { name: 'Continue with Meta' }).click();

    await waitForHeading(popup, 'Choose your Meta ad accounts');
    // Meta appends `#_=_` to its redirect, which browsers carry over; no query, no token.
    expect(new URL(popup.url())).toMatchObject({ origin: w.app.url, pathname: '/connect/accounts', search: '' });
    await browser.screenshot(popup, 'popup-2-choose-accounts');
    await popup.getByLabel(/ID 100000000000003/).check();
    await popup.getByRole('button', { name: 'Activate the chosen accounts' }).click();

    await waitForHeading(popup, 'Meta is connected');
    await browser.screenshot(popup, 'popup-3-done');
    // Posted to each of the tenant's allowed origins by name, never to '*'.
    expect((await popup.locator('#connect-message').getAttribute('data-target-origins'))!.split(' ').sort()).toEqual([w.site.origin, w.app.url].sort());
    await page.waitForFunction('window.connectMessages.length > 0', null, { timeout: WAIT_MS });
    const messages = (await page.evaluate('window.connectMessages')) as { origin: string; data: Record<string, unknown> }[];
    expect(messages).toEqual([
      {
        origin: w.app.url,
        data: { type: 'ads-gateway:connect', version: 1, status: 'success', platform: 'facebook', connectionId: expect.any(String), externalUserId: 'popup-user', adAccountIds: ['100000000000003'] },
      },
    ]);
    const connections = await apiAs(t.tenant.apiKey, 'popup-user', '/api/v1/connections');
    expect(connections.body.data.items).toEqual([
      expect.objectContaining({ connectionId: messages[0]!.data.connectionId, platform: 'facebook', adAccounts: expect.arrayContaining([expect.objectContaining({ adAccountId: '100000000000003', status: 'active' })]) }),
    ]);
    await page.close();
  });

  it('redirect: the tab goes back to returnUrl with status, connectionId and platform', async () => {
    const t = await w.newTenant();
    const s = await t.session({ externalUserId: 'redirect-user', platforms: ['tiktok'], returnUrl: `${w.site.origin}/back?from=connect` });
    const page = await browser.newPage();
    await page.goto(s.url);
    await waitForHeading(page, 'Connect your ad accounts');
    await expect(page.getByRole('button', { name: /^Continue with/ }).allTextContents()).resolves.toEqual(['Continue with TikTok']);
    await browser.screenshot(page, 'redirect-1-choose-platform');
    await page.getByRole('button', { name: 'Continue with TikTok' }).click();
    await waitForHeading(page, 'Choose your TikTok ad accounts');
    await expect(page.locator('main').textContent()).resolves.toContain('Alice Shoes UK');
    await expect(page.locator('main').textContent()).resolves.toContain('GBP · Europe/London');
    await browser.screenshot(page, 'redirect-2-choose-accounts');
    await page.getByLabel(/ID 7000000000000000012/).check();
    await page.getByRole('button', { name: 'Activate the chosen accounts' }).click();

    await page.waitForURL((u) => u.pathname === '/back', { timeout: WAIT_MS });
    await expect(heading(page)).resolves.toBe('Back at the tenant');
    const back = new URL(page.url());
    expect(back.origin).toBe(w.site.origin);
    expect(back.searchParams.get('from')).toBe('connect');
    expect(back.searchParams.get('status')).toBe('success');
    expect(back.searchParams.get('platform')).toBe('tiktok');
    const account = await apiAs(t.tenant.apiKey, 'redirect-user', '/api/v1/connections/status?platform=tiktok');
    expect(account.body.data.items[0]).toMatchObject({ connected: true, connectionId: back.searchParams.get('connectionId') });
    const statuses = Object.fromEntries((account.body.data.items[0].adAccounts as { adAccountId: string; status: string }[]).map((a) => [a.adAccountId, a.status]));
    expect(statuses).toEqual({ '7000000000000000011': 'available', '7000000000000000012': 'active', '7000000000000000013': 'available' });
    await page.close();
  });

  it('activating two accounts marks them on the page, and either can then be read through the API', async () => {
    const t = await w.newTenant();
    const s = await t.session({ externalUserId: 'two-accounts' });
    const page = await browser.newPage();
    await page.goto(s.url);
    await page.getByRole('button', { name: 'Continue with Meta' }).click();
    await waitForHeading(page, 'Choose your Meta ad accounts');
    await page.getByLabel(/ID 100000000000001/).check();
    await page.getByLabel(/ID 100000000000002/).check();
    await page.getByRole('button', { name: 'Activate the chosen accounts' }).click();
    await waitForHeading(page, 'Meta is connected');
    const done = await page.locator('main').textContent();
    expect(done).toContain('ID 100000000000001');
    expect(done).toContain('ID 100000000000002');
    expect(done).not.toContain('ID 100000000000003');
    await browser.screenshot(page, 'two-accounts-done');

    const read = await apiAs(t.tenant.apiKey, 'two-accounts', '/api/v1/facebook/ad-accounts/act_100000000000002');
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: 'act_100000000000002' });
    // The third was not chosen: the guard refuses it.
    expect((await apiAs(t.tenant.apiKey, 'two-accounts', '/api/v1/facebook/ad-accounts/act_100000000000003')).status).toBe(403);

    // Back on the list (same browser session), the two are marked as already active.
    await page.goto(`${w.app.url}/connect/accounts`);
    await expect(page.locator('li', { hasText: 'ID 100000000000001' }).textContent()).resolves.toContain('Already active');
    await expect(page.locator('li', { hasText: 'ID 100000000000002' }).textContent()).resolves.toContain('Already active');
    await expect(page.locator('li', { hasText: 'ID 100000000000003' }).textContent()).resolves.not.toContain('Already active');
    await browser.screenshot(page, 'two-accounts-list-marked');
    await page.close();
  });
});
