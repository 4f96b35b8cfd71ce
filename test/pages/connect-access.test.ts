import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../helpers/browser';
import { useConnectBrowser, waitForHeading, WAIT_MS, type ConnectWorld } from './connect-support';

// A browser flow is a dozen page loads and platform calls: generous on a shared machine.
jest.setTimeout(180_000);

/** The Connect page for everyone: a keyboard alone, a 360 px screen, a browser without JavaScript. */
describe('the Connect page in a browser: access', () => {
  let w: ConnectWorld;
  let browser: Browser;

  useConnectBrowser((world, b) => ((w = world), (browser = b)));

  const focused = (page: Page) => page.evaluate<{ text: string; type: string; outline: string }>(
    '({ text: (document.activeElement.textContent || "").trim(), type: document.activeElement.type || "", outline: getComputedStyle(document.activeElement).outlineStyle })',
  );
  const overflow = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

  it('at 360 px nothing overflows, every field has a label, and the keyboard alone gets through with focus always visible', async () => {
    const t = await w.newTenant();
    const s = await t.session({ externalUserId: 'keyboard-user' });
    const page = await browser.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(s.url);
    await waitForHeading(page, 'Connect your ad accounts');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await browser.screenshot(page, 'a11y-360-choose-platform');

    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toEqual({ text: 'Continue with Meta', type: 'submit', outline: 'solid' });
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'Choose your Meta ad accounts');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await page.evaluate<number>('[...document.querySelectorAll("input:not([type=hidden])")].filter((i) => i.labels.length === 0).length')).toBe(0);
    await browser.screenshot(page, 'a11y-360-choose-accounts');

    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toMatchObject({ type: 'checkbox', outline: 'solid' });
    await page.keyboard.press('Space');
    for (let i = 0; i < 10 && (await focused(page)).text !== 'Activate the chosen accounts'; i++) await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toEqual({ text: 'Activate the chosen accounts', type: 'submit', outline: 'solid' });
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'Meta is connected');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expect(page.locator('main').textContent()).resolves.toContain('ID 100000000000001');
    await browser.screenshot(page, 'a11y-360-done');
    await page.close();
  });

  it('without JavaScript the whole flow works with plain links and forms, back to returnUrl', async () => {
    const noJs = await launchBrowser('connect-page-no-js', { javaScriptEnabled: false });
    try {
      const t = await w.newTenant();
      const s = await t.session({ externalUserId: 'no-js-user', platforms: ['facebook'], returnUrl: `${w.site.origin}/back` });
      const page = await noJs.newPage();
      await page.goto(s.url);
      await waitForHeading(page, 'Connect your ad accounts');
      await page.getByRole('button', { name: 'Continue with Meta' }).click();
      await waitForHeading(page, 'Choose your Meta ad accounts');
      await page.getByLabel(/ID 100000000000002/).check();
      await page.getByRole('button', { name: 'Activate the chosen accounts' }).click();
      await page.waitForURL((u) => u.pathname === '/back', { timeout: WAIT_MS });
      const back = new URL(page.url());
      expect(back.searchParams.get('status')).toBe('success');
      expect(back.searchParams.get('connectionId')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await noJs.close();
    }
  });
});
