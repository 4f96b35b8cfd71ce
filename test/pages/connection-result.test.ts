import { useWorld } from '../world';
import { expectHeading, launchBrowser, type Browser } from '../helpers/browser';

/**
 * `/connection-result` is shown to the tenant's end user after a platform's consent: it speaks to
 * that person (what happened, what to do next, the tenant's name when the connection tells it) and
 * never to a developer (no API path, no HTTP method).
 */
jest.setTimeout(120_000);

const API_TALK = /\/api\/|\b(GET|POST|PATCH|DELETE) \//;

const w = useWorld({ platform: 'tiktok' }, async (w) => {
  const renamed = await w.call('PATCH', '/api/v1/tenant', { as: { 'x-api-key': w.apiKey }, body: { name: 'Northwind Ads' } });
  if (renamed.status !== 200) throw new Error(`rename: ${renamed.status} ${JSON.stringify(renamed.body)}`);
  // The consent dialog's redirect lands on the result page, as the sandbox walk-through's does.
  const { connectionId } = await w.consent('tiktok');
  return { connectionId };
});

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser('connection-result');
});
afterAll(async () => {
  await browser?.close();
});

const mainText = async (path: string, heading: string, shot: string) => {
  const page = await browser.newPage();
  const res = await page.goto(`${w.url}${path}`);
  expect(res!.status()).toBe(200);
  await expectHeading(page, heading);
  await browser.screenshot(page, shot);
  const text = (await page.locator('main').textContent()) ?? '';
  await page.close();
  return text;
};

describe('the connection result page in a browser', () => {
  it('after a successful consent: names the tenant, says what to do next in plain words, and shows no API path', async () => {
    const text = await mainText(`/connection-result?status=success&platform=tiktok&connectionId=${w.connectionId}`, 'TikTok is connected', 'success');
    expect(text).toContain('Your TikTok account is now linked to Northwind Ads.');
    expect(text).toContain('You can close this window and go back to Northwind Ads.');
    expect(text).toContain(w.connectionId);
    expect(text).not.toMatch(API_TALK);
    expect(text).not.toContain('activate');
  });

  it('a connection id the gateway does not know (or of another platform) names no tenant and still reads plainly', async () => {
    for (const path of [
      '/connection-result?status=success&platform=tiktok&connectionId=00000000-0000-4000-8000-000000000000',
      `/connection-result?status=success&platform=facebook&connectionId=${w.connectionId}`,
      '/connection-result?status=success&platform=tiktok&connectionId=not-a-uuid',
    ]) {
      const text = await mainText(path, path.includes('facebook') ? 'Meta is connected' : 'TikTok is connected', 'success-unknown');
      expect(text).not.toContain('Northwind Ads');
      expect(text).toContain('You can close this window and go back to the app you came from.');
      expect(text).not.toMatch(API_TALK);
    }
  });

  it('after a failure: says nothing was connected and how to try again, with no API path', async () => {
    const text = await mainText('/connection-result?status=error&platform=tiktok&code=ACCESS_DENIED&message=The%20user%20denied%20access', 'The connection was not completed', 'error');
    expect(text).toContain('The user denied access');
    expect(text).toContain('Nothing was connected. Go back to the app you came from and start connecting again.');
    expect(text).toContain('ACCESS_DENIED');
    expect(text).not.toMatch(API_TALK);
  });
});
