import type { Page } from 'playwright-core';
import { http } from '../helpers/test-app';
import { externalUserToken } from '../helpers/identity';
import { connectAccount } from '../helpers/connections';
import type { Browser } from '../helpers/browser';
import { heading, useConnectBrowser, waitForHeading, WAIT_MS, type ConnectWorld } from './connect-support';

// A browser flow is a dozen page loads and platform calls: generous on a shared machine.
jest.setTimeout(180_000);

/** What the person meets when something goes wrong: a page in plain words, with a way on. */
describe('the Connect page in a browser: problems', () => {
  let w: ConnectWorld;
  let browser: Browser;

  useConnectBrowser((world, b) => ((w = world), (browser = b)));

  const tokenHash = "encode(sha256(?::bytea), 'hex')";
  const linkNamed = (page: Page, name: string | RegExp) => page.getByRole('link', { name });

  /** The person presses "Cancel" on the platform's consent dialog (the simulator's `sim_deny=1`). */
  async function denyNextConsent(page: Page): Promise<void> {
    await page.route('**/connect/platform', async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      const dialog = new URL(answer.headers()['location']!);
      dialog.searchParams.set('sim_deny', '1');
      await route.fulfill({ status: 303, headers: { location: dialog.toString() } });
    }, { times: 1 });
  }

  it('denied consent: says nothing was connected, offers to try again or go back, and trying again works', async () => {
    const t = await w.newTenant();
    const s = await t.session({ externalUserId: 'denier', returnUrl: `${w.site.origin}/back` });
    const page = await browser.newPage();
    await page.goto(s.url);
    await waitForHeading(page, 'Connect your ad accounts');
    await denyNextConsent(page);
    await page.getByRole('button', { name: 'Continue with Meta' }).click();
    await waitForHeading(page, 'You did not allow access');
    await expect(page.locator('main').textContent()).resolves.toContain('nothing was connected');
    await browser.screenshot(page, 'problem-denied');
    const back = new URL((await linkNamed(page, /^Back to localhost/).getAttribute('href'))!);
    expect(back.origin).toBe(w.site.origin);
    expect(Object.fromEntries(back.searchParams)).toEqual({ status: 'error', code: 'ACCESS_DENIED' });
    const connections = await http(w.app.url, 'GET', '/api/v1/connections', { headers: { 'x-api-key': t.tenant.apiKey, 'x-external-user-id': 'denier' } });
    expect(connections.body.data.items).toEqual([]);

    await linkNamed(page, 'Try again').click();
    await waitForHeading(page, 'Connect your ad accounts');
    await page.getByRole('button', { name: 'Continue with Meta' }).click();
    await waitForHeading(page, 'Choose your Meta ad accounts');
    await page.close();
  });

  it('an expired link, and a used one opened in another browser, each get their own page', async () => {
    const t = await w.newTenant();
    const expired = await t.session({ externalUserId: 'late', returnUrl: `${w.site.origin}/back` });
    await w.sql(`update connect_sessions set expires_at = now() - interval '1 minute' where token_hash = ${tokenHash}`, [expired.token]);
    const page = await browser.newPage();
    const r = await page.goto(expired.url);
    expect(r!.status()).toBe(410);
    await expect(heading(page)).resolves.toBe('This link has expired');
    expect(await linkNamed(page, /^Back to localhost/).getAttribute('href')).toBe(`${w.site.origin}/back?status=error&code=SESSION_EXPIRED`);
    await browser.screenshot(page, 'problem-link-expired');

    const used = await t.session({ externalUserId: 'twice' });
    await page.goto(used.url);
    await waitForHeading(page, 'Connect your ad accounts');
    // Another browser (no cookie of this session) opening the same link.
    await browser.context.clearCookies();
    const again = await page.goto(used.url);
    expect(again!.status()).toBe(410);
    await expect(heading(page)).resolves.toBe('This link was already used');
    await browser.screenshot(page, 'problem-link-used');
    await page.close();
  });

  it('a browser session that runs out mid-way says so instead of going on', async () => {
    const t = await w.newTenant();
    const s = await t.session({ externalUserId: 'slow', returnUrl: `${w.site.origin}/back` });
    const page = await browser.newPage();
    await page.goto(s.url);
    await waitForHeading(page, 'Connect your ad accounts');
    await w.sql(`update connect_sessions set browser_expires_at = now() - interval '1 minute' where token_hash = ${tokenHash}`, [s.token]);
    await page.getByRole('button', { name: 'Continue with Meta' }).click();
    await waitForHeading(page, 'Your session has expired');
    await browser.screenshot(page, 'problem-session-expired');
    await linkNamed(page, /^Back to localhost/).click();
    await page.waitForURL((u) => u.pathname === '/back', { timeout: WAIT_MS });
    expect(new URL(page.url()).searchParams.get('code')).toBe('SESSION_EXPIRED');
    await page.close();
  });

  it('an account another user activated meanwhile is refused in plain words, and the list then marks it', async () => {
    const t = await w.newTenant();
    const s = await t.session({ externalUserId: 'second' });
    const page = await browser.newPage();
    await page.goto(s.url);
    await page.getByRole('button', { name: 'Continue with Meta' }).click();
    await waitForHeading(page, 'Choose your Meta ad accounts');
    // While the list is on screen, another user of the same tenant activates the first account.
    await connectAccount(w.app, w.sims, { platform: 'facebook', token: await externalUserToken(w.app, t.tenant.apiKey, 'first'), adAccountId: '100000000000001' });
    await page.getByLabel(/ID 100000000000001/).check();
    await page.getByLabel(/ID 100000000000002/).check();
    await page.getByRole('button', { name: 'Activate the chosen accounts' }).click();
    await waitForHeading(page, 'This ad account belongs to someone else');
    await expect(page.locator('main').textContent()).resolves.toContain('(ID 100000000000001) is already connected by another user');
    await browser.screenshot(page, 'problem-owned-by-other');

    await linkNamed(page, 'Back to the list').click();
    await waitForHeading(page, 'Choose your Meta ad accounts');
    await expect(page.locator('li', { hasText: 'ID 100000000000001' }).textContent()).resolves.toContain('Connected by another user');
    await expect(page.getByLabel(/ID 100000000000001/).isDisabled()).resolves.toBe(true);
    // The other account chosen with it was activated.
    await expect(page.locator('li', { hasText: 'ID 100000000000002' }).textContent()).resolves.toContain('Already active');
    await browser.screenshot(page, 'problem-owned-by-other-list');
    await page.close();
  });

  it("a platform failure during sign-in gets a page naming the platform, with a way to try again", async () => {
    const t = await w.newTenant();
    const s = await t.session({ externalUserId: 'unlucky' });
    const page = await browser.newPage();
    await page.goto(s.url);
    await waitForHeading(page, 'Connect your ad accounts');
    // Meta refuses the account discovery once (a Graph "invalid parameter" error, not retried).
    const fault = await fetch(`${w.sims.facebook!.baseUrl}/__sim/graph-errors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 100, path: 'me/adaccounts', count: 1 }) });
    expect(fault.status).toBe(201);
    await page.getByRole('button', { name: 'Continue with Meta' }).click();
    await waitForHeading(page, 'Meta could not complete the connection');
    await expect(page.locator('main').textContent()).resolves.toContain('nothing was connected');
    await browser.screenshot(page, 'problem-platform-error');
    await expect(linkNamed(page, 'Try again').getAttribute('href')).resolves.toBe('/connect');
    await page.close();
  });
});
