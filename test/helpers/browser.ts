import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's package; `.ci/run` installs it when missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How long a page may take to show what a step caused (a navigation, a form post) on a loaded machine. */
export const PAGE_WAIT_MS = 30_000;

/** Waits until the page shows a heading with this text (after a navigation the test caused). */
export async function waitForHeading(page: Page, text: string): Promise<void> {
  await page.locator('h1', { hasText: text }).waitFor({ timeout: PAGE_WAIT_MS });
}

/** The page's heading is exactly `text`, once the step that leads there has landed. */
export async function expectHeading(page: Page, text: string): Promise<void> {
  await waitForHeading(page, text);
  if ((await page.locator('h1').textContent())?.trim() !== text) throw new Error(`heading is "${await page.locator('h1').textContent()}", not "${text}"`);
}

/** Screenshots land here (git-ignored), one folder per test file. */
export const ARTIFACTS = path.resolve(__dirname, '..', '.artifacts');

export interface Browser {
  context: BrowserContext;
  newPage(): Promise<Page>;
  /** Saves a full-page PNG under test/.artifacts/<group>/<name>.png. */
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/** A real headless Chromium with a fresh, empty profile that nothing else uses. */
export async function launchBrowser(group: string, opts: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {}): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'aag-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: opts.viewport ?? { width: 1024, height: 768 },
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const dir = path.join(ARTIFACTS, group);
  mkdirSync(dir, { recursive: true });
  return {
    context,
    newPage: () => context.newPage(),
    async screenshot(page, name) {
      const file = path.join(dir, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The first http(s) link in a mail's text that points at `pathname`. */
export function linkIn(text: string, pathname: string): URL {
  for (const m of text.matchAll(/https?:\/\/\S+/g)) {
    const u = new URL(m[0]);
    if (u.pathname === pathname) return u;
  }
  throw new Error(`no ${pathname} link in:\n${text}`);
}
