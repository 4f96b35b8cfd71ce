import type { Page } from 'playwright-core';
import { useWorld } from '../world';
import { expectHeading, launchBrowser, waitForHeading, type Browser } from '../helpers/browser';
import { insertAuditRecord, insertFailedDelivery, insertJob } from './console-support';

/**
 * The console in a real Chromium: sign-in, every page, a revoke, a redelivery, an API key rotation
 * and sign-out, with screenshots under test/.artifacts/console. Keyboard only for the sign-in.
 */
jest.setTimeout(180_000);

const w = useWorld({ platform: 'tiktok', env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } }, async (w) => {
  const { connectionId } = await w.consent('tiktok');
  const jobId = await insertJob(w.app, w.tenant.tenantId, { state: 'failed', error: { code: 'PLATFORM_RATE_LIMITED', message: 'too many calls' } });
  const endpoint = await w.call('POST', '/api/v1/tenant/webhooks', { as: { 'x-api-key': w.apiKey }, body: { url: 'http://127.0.0.1:9/hooks', events: '*' } });
  if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${JSON.stringify(endpoint.body)}`);
  const endpointId = endpoint.body.data.id as string;
  const deliveryId = await insertFailedDelivery(w.app, w.tenant.tenantId, endpointId);
  await insertAuditRecord(w.app, w.tenant.tenantId, { operation: 'tiktok.campaign.budget', before: { budget: 100 }, after: { budget: 150 } });
  return { connectionId, jobId, endpointId, deliveryId };
});

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser('console');
});
afterAll(async () => {
  await browser?.close();
});

/** A section of the console's navigation (the page may link there too). */
const nav = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true });

const db = () => w.app.infra.orm.em.getConnection();

it('a tenant owner signs in, walks every page, revokes, redelivers, rotates the key and signs out', async () => {
  const page = await browser.newPage();
  await page.goto(`${w.url}/console/jobs`);
  await expectHeading(page, 'Sign in to the console');
  await browser.screenshot(page, '01-sign-in');
  // Keyboard only: focus moves field to field and Enter sends the form.
  await page.getByLabel('Email').focus();
  await page.keyboard.type(w.tenant.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(w.tenant.password);
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Jobs');
  await browser.screenshot(page, '02-jobs');

  await nav(page, 'Overview').click();
  await expectHeading(page, 'Overview');
  await page.locator('svg.chart').first().waitFor();
  await browser.screenshot(page, '03-overview');

  await nav(page, 'Jobs').click();
  await page.getByLabel('State').selectOption('failed');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/state=failed/);
  await page.locator(`a[href="/console/jobs/${w.jobId}"]`).click();
  await waitForHeading(page, 'on TikTok');
  await page.getByText('rate limit stopped the job').waitFor();
  await browser.screenshot(page, '04-job');

  await nav(page, 'Connections').click();
  await expectHeading(page, 'Connections');
  await page.getByLabel('External user or ad account').fill(w.user.externalUserId);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: w.user.externalUserId }).click();
  await waitForHeading(page, 'connection of');
  await browser.screenshot(page, '05-connection');
  await page.getByRole('button', { name: 'Revoke this connection' }).click();
  await page.getByText('The connection is revoked.').waitFor();
  const [conn] = await db().execute<{ status: string }[]>('select status from connections where id = ?', [w.connectionId]);
  expect(conn!.status).toBe('revoked');
  await browser.screenshot(page, '06-connection-revoked');

  await nav(page, 'Webhooks').click();
  await expectHeading(page, 'Webhooks');
  await page.getByRole('link', { name: 'http://127.0.0.1:9/hooks' }).click();
  await waitForHeading(page, 'Endpoint');
  await page.getByText('the receiver answered 500').waitFor();
  await browser.screenshot(page, '07-webhook');
  await page.getByRole('button', { name: /Send the connection.revoked event/ }).first().click();
  await page.getByText('The event is queued to be sent again.').waitFor();
  const [delivery] = await db().execute<{ round: number }[]>('select round from webhook_deliveries where id = ?', [w.deliveryId]);
  expect(delivery!.round).toBe(1);

  await nav(page, 'Writes').click();
  await expectHeading(page, 'Writes');
  await page.getByText('tiktok.campaign.budget').waitFor();
  await browser.screenshot(page, '08-writes');

  await nav(page, 'Settings').click();
  await waitForHeading(page, 'Settings of');
  await page.getByRole('button', { name: 'Rotate the API key' }).click();
  const key = (await page.locator('#new-key').textContent({ timeout: 30_000 })) ?? '';
  expect(key).toMatch(/^aag_/);
  const old = await w.call('GET', '/api/v1/tenant/api-key', { as: { 'x-api-key': key } });
  expect(old.status).toBe(200);
  await browser.screenshot(page, '09-api-key-rotated');

  const origins = page.getByLabel('Origins end users may return to');
  await origins.fill('https://app.example.com\nnot an origin');
  await page.getByRole('button', { name: 'Save the allowed origins' }).click();
  await page.getByText('Line 2 (not an origin): must be an origin').waitFor();
  await browser.screenshot(page, '10-origin-refused');
  await origins.fill('https://app.example.com');
  await page.getByRole('button', { name: 'Save the allowed origins' }).click();
  await page.getByText('The allowed origins are saved.').waitFor();
  await page.getByLabel('Largest daily budget:').fill('USD 500');
  await page.getByLabel('Raising a budget').check();
  await page.getByRole('button', { name: 'Save the guardrails' }).click();
  await page.getByText('The guardrails are saved.').waitFor();
  await page.locator('#app-tiktok-appId').fill('tt-browser-app');
  await page.locator('#app-tiktok-secret').fill('browser-secret-value-4321');
  await page.getByRole('button', { name: /^(Add|Save) the TikTok/ }).click();
  await page.getByText(/TikTok .*app is saved\./).waitFor();
  expect(await page.content()).not.toContain('browser-secret-value-4321');
  const [tenant] = await db().execute<{ settings: { guardrails?: unknown; allowedOrigins?: string[] } }[]>('select settings from tenants where id = ?', [w.tenant.tenantId]);
  expect(tenant!.settings).toMatchObject({ allowedOrigins: ['https://app.example.com'], guardrails: { maxDailyBudget: { USD: '500' }, requireConfirmation: ['budgetIncrease'] } });
  await browser.screenshot(page, '11-settings-saved');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectHeading(page, 'Sign in to the console');
  await page.getByText('You are signed out.').waitFor();
  await page.goto(`${w.url}/console`);
  await expectHeading(page, 'Sign in to the console');
  await page.close();
});

it('is readable at 360 px wide: nothing wider than the screen but the tables’ own scroll areas', async () => {
  const narrow = await launchBrowser('console-360', { viewport: { width: 360, height: 740 } });
  try {
    const page = await narrow.newPage();
    await page.goto(`${w.url}/console/sign-in`);
    await page.getByLabel('Email').fill(w.tenant.email);
    await page.getByLabel('Password').fill(w.tenant.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectHeading(page, 'Overview');
    for (const path of ['/console', '/console/connections', '/console/jobs', '/console/webhooks', '/console/writes', '/console/settings']) {
      await page.goto(`${w.url}${path}`);
      await page.locator('h1').waitFor();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
      await narrow.screenshot(page, path.replace(/\//g, '_'));
    }
  } finally {
    await narrow.close();
  }
});
