import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { http, startWorld, type World } from '../world';

const ARTIFACTS = path.resolve(__dirname, '../.artifacts');

describe('/docs reference page', () => {
  let w: World;
  let browser: BrowserContext;
  let profile: string;
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false });
    profile = mkdtempSync(path.join(tmpdir(), 'docs-chromium-'));
    // A fresh, empty profile: nothing from another run or another tool can change what renders.
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1400, height: 1000 },
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
    await w?.close();
  });

  it('serves the page and the Redoc bundle from this process, with no third-party origin', async () => {
    const page = await http(w.app.url, 'GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<redoc spec-url="/api/v1/openapi.json"');
    expect(page.body).not.toMatch(/https?:\/\//);
    const script = await fetch(`${w.app.url}/docs/redoc.standalone.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).not.toContain('cdn.redoc.ly');
    const favicon = await fetch(`${w.app.url}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toMatch(/^image\//);
  });

  it('renders in headless Chromium and shows the parameters of the GAQL operation', async () => {
    const page = await browser.newPage();
    const foreign: string[] = [];
    page.on('response', (r) => {
      if (!r.url().startsWith(w.app.url) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Whatever the page's own policy refuses (an image, a script, a worker) shows as a console error.
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
    });
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.url().startsWith(w.app.url) && r.status() >= 400) failed.push(`${r.url()}: ${r.status()}`);
    });
    await page.goto(`${w.app.url}/docs#tag/Google/operation/googleGaql`, { waitUntil: 'load' });
    const operation = page.locator('[id="tag/Google/operation/googleGaql"]');
    // Redoc lays out the whole document first: on a loaded machine that takes a while, hence the long wait.
    await operation.waitFor({ state: 'visible', timeout: 240_000 });
    await expect(operation.getByText('Run a GAQL query').first().isVisible()).resolves.toBe(true);
    for (const name of ['adAccountId', 'where', 'orderBy']) {
      await expect(operation.getByText(name, { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    await operation.scrollIntoViewIfNeeded();
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'docs-google-gaql.png'), timeout: 120_000 });
    // Redoc's sidebar credit image is served by the gateway itself, and it loads.
    const credit = page.locator('img[alt="redocly logo"]');
    await expect(credit.getAttribute('src')).resolves.toBe('/assets/docs-credit.svg');
    await expect(credit.evaluate((img) => { const i = img as unknown as { complete: boolean; naturalWidth: number }; return i.complete && i.naturalWidth > 0; })).resolves.toBe(true);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    expect(refused).toEqual([]);
    expect(failed).toEqual([]);
    await page.close();
  }, 420_000);
});
